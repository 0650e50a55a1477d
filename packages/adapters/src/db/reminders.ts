import { randomBytes, randomUUID } from "node:crypto";
import type {
  MailMessage,
  ReminderClaimed,
  ReminderDue,
  ReminderPreferences,
} from "@portal/domain";
import type { MailQueue } from "./mail-queue";
import type { Sql, SqlQuery } from "./sql";
import { donorRange } from "./donor-range";

/** A donor's reminder choices as the account page shows them. */
export interface ReminderPreferenceView extends ReminderPreferences {
  /** Whether the donor has ever saved a choice (a new donor has both off). */
  readonly saved: boolean;
}

/** An opted-in donor as the job reads them, in donor-id order (a batch is a key range). */
export interface OptedInDonor {
  readonly donorId: string;
  readonly email: string;
  readonly preferences: ReminderPreferences;
  readonly unsubscribeId: string;
}

export interface ReminderStore {
  readonly preferences: (donorId: string) => Promise<ReminderPreferenceView>;
  /** Save the donor's choices (and language); makes the unsubscribe id on the first save. */
  readonly setPreferences: (
    donorId: string,
    preferences: ReminderPreferences,
    now: Date,
  ) => Promise<ReminderPreferenceView>;
  /** Turn every reminder off for the donor the unsubscribe id names; false when it names none. */
  readonly unsubscribe: (unsubscribeId: string, now: Date) => Promise<boolean>;
  /**
   * The next `limit` opted-in donors after `after` (a donor id), in id order, those with an address;
   * `last` is where the next batch starts (null: none left).
   */
  readonly optedIn: (
    after: string | null,
    limit: number | null,
    upTo?: string | null,
  ) => Promise<{ readonly donors: ReadonlyArray<OptedInDonor>; readonly last: string | null }>;
  /**
   * Where the run's batches end: every `size`-th opted-in donor id, in id order (one walk of the
   * index), so batches can be read independently and several at once (`optedIn(after, null, upTo)`).
   */
  readonly batchBounds: (size: number) => Promise<ReadonlyArray<string>>;
  /** The reminders already claimed for these donors. */
  readonly claimed: (
    donorIds: ReadonlyArray<string>,
  ) => Promise<ReadonlyMap<string, ReadonlyArray<ReminderClaimed>>>;
  /**
   * Claim reminders and record their mails in one transaction: a claim's key is unique, so a second
   * claim (a re-run, a second instance) records nothing and queues no mail. Answers how many this
   * call claimed. Keys are claimed in key order, so two instances at once cannot deadlock.
   */
  readonly claimAndQueue: (
    items: ReadonlyArray<{
      readonly donorId: string;
      readonly reminder: ReminderDue;
      readonly mail: MailMessage;
    }>,
    now: Date,
  ) => Promise<number>;
}

const hijriText = (h: ReminderDue["hijri"]) =>
  h ? `${h.year}-${String(h.month).padStart(2, "0")}-${String(h.day).padStart(2, "0")}` : null;

const hijriOf = (text: string | null) => {
  if (!text) return undefined;
  const [year, month, day] = text.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
};

/** The mail queue key of a reminder's mail: recording twice records once. */
export const reminderMailKey = (reminderKey: string) => `reminder:${reminderKey}`;

const view = (row: { haul: boolean; ramadan: boolean; lang: string } | undefined) => ({
  haul: row?.haul ?? false,
  ramadan: row?.ramadan ?? false,
  lang: row?.lang === "ms" ? ("ms" as const) : ("en" as const),
  saved: row !== undefined,
});

/** Reminders' own tables (migration 051): the donors' choices and the reminders claimed. */
export function reminderStore(sql: Sql, queue: () => Promise<MailQueue>): ReminderStore {
  return {
    preferences: async (donorId) => {
      const [row] = await sql.query<{ haul: boolean; ramadan: boolean; lang: string }>(
        "select haul, ramadan, lang from reminder_preference where donor_id = $1",
        [donorId],
      );
      return view(row);
    },
    setPreferences: async (donorId, p, now) => {
      const [row] = await sql.query<{ haul: boolean; ramadan: boolean; lang: string }>(
        `insert into reminder_preference (donor_id, haul, ramadan, lang, unsubscribe_id, updated_at)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (donor_id) do update
           set haul = excluded.haul, ramadan = excluded.ramadan, lang = excluded.lang,
               updated_at = excluded.updated_at
         returning haul, ramadan, lang`,
        [donorId, p.haul, p.ramadan, p.lang, randomBytes(18).toString("base64url"), now],
      );
      return view(row);
    },
    unsubscribe: async (unsubscribeId, now) => {
      const rows = await sql.query(
        `update reminder_preference set haul = false, ramadan = false, updated_at = $2
         where unsubscribe_id = $1 returning donor_id`,
        [unsubscribeId, now],
      );
      return rows.length > 0;
    },
    batchBounds: async (size) =>
      (
        await sql.query<{ donor_id: string }>(
          `select donor_id from (
             select donor_id, row_number() over (order by donor_id) as n
             from reminder_preference where haul or ramadan) b
           where n % $1 = 0 order by donor_id`,
          [size],
        )
      ).map((row) => row.donor_id),
    optedIn: async (after, limit, upTo = null) => {
      // A key range on the primary key, then the addresses of the donors in that range (a join here
      // is planned as a scan of every donor, once per batch).
      const page = await sql.query<{
        donor_id: string;
        haul: boolean;
        ramadan: boolean;
        lang: string;
        unsubscribe_id: string;
      }>(
        `select donor_id, haul, ramadan, lang, unsubscribe_id from reminder_preference
         where donor_id > $1::uuid and ${upTo === null ? "$3::uuid is null" : "donor_id <= $3::uuid"}
           and (haul or ramadan) order by donor_id limit $2`,
        [after ?? "00000000-0000-0000-0000-000000000000", limit, upTo],
      );
      if (page.length === 0) return { donors: [], last: null };
      const emails = new Map(
        (
          await sql.query<{ id: string; email: string }>(
            `select id, email from donor
             where id between $1::uuid and $2::uuid and email is not null`,
            [page[0]!.donor_id, page.at(-1)!.donor_id],
          )
        ).map((row) => [row.id, row.email]),
      );
      const donors = page.flatMap((row) => {
        const email = emails.get(row.donor_id);
        return email === undefined
          ? []
          : [
              {
                donorId: row.donor_id,
                email,
                preferences: {
                  haul: row.haul,
                  ramadan: row.ramadan,
                  lang: row.lang === "ms" ? ("ms" as const) : ("en" as const),
                },
                unsubscribeId: row.unsubscribe_id,
              },
            ];
      });
      return { donors, last: page.at(-1)!.donor_id };
    },
    claimed: async (donorIds) => {
      const byDonor = new Map<string, ReminderClaimed[]>();
      if (donorIds.length === 0) return byDonor;
      const { low, high, only } = donorRange(donorIds);
      const rows = await sql.query<{
        key: string;
        donor_id: string;
        kind: ReminderClaimed["kind"];
        due_date: string;
        hijri: string | null;
        estimated: boolean;
      }>(
        `select key, donor_id, kind, to_char(due_date, 'YYYY-MM-DD') as due_date, hijri, estimated
         from reminders_sent where donor_id between $1::uuid and $2::uuid
         order by claimed_at, key`,
        [low, high],
      );
      for (const row of rows) {
        if (!only(row.donor_id)) continue;
        const list = byDonor.get(row.donor_id) ?? [];
        list.push({
          key: row.key,
          kind: row.kind,
          hijri: hijriOf(row.hijri),
          dueDate: row.due_date,
          estimated: row.estimated,
        });
        byDonor.set(row.donor_id, list);
      }
      return byDonor;
    },
    claimAndQueue: async (items, now) => {
      if (items.length === 0) return 0;
      const mails = await queue();
      const sorted = [...items].sort((a, b) => (a.reminder.key < b.reminder.key ? -1 : 1));
      const ids = sorted.map(() => randomUUID());
      // One statement: the claims (in key order, `on conflict do nothing`) and, for those this call
      // won, their sealed mails, in the transaction that commits both or neither.
      return sql.transaction(async (tx: SqlQuery) => {
        const won = await tx.query<{ key: string }>(
          `with claim as (
             insert into reminders_sent (key, donor_id, kind, due_date, hijri, estimated, claimed_at)
             select c.key, c.donor_id, c.kind, c.due_date, c.hijri, c.estimated, $7
             from unnest($1::text[], $2::uuid[], $3::text[], $4::date[], $5::text[], $6::boolean[])
               with ordinality as c (key, donor_id, kind, due_date, hijri, estimated, n)
             order by c.n
             on conflict (key) do nothing returning key),
           mail as (
             insert into mail_queue (id, key, kind, ref, sealed, next_attempt_at, created_at)
             select m.id, 'reminder:' || m.key, 'reminder', null, decode(m.sealed, 'base64'), $7, $7
             from unnest($1::text[], $8::uuid[], $9::text[]) as m (key, id, sealed)
             join claim on claim.key = m.key
             on conflict (key) do nothing)
           select key from claim`,
          [
            sorted.map((i) => i.reminder.key),
            sorted.map((i) => i.donorId),
            sorted.map((i) => i.reminder.kind),
            sorted.map((i) => i.reminder.dueDate),
            sorted.map((i) => hijriText(i.reminder.hijri)),
            sorted.map((i) => i.reminder.estimated),
            now,
            ids,
            sorted.map((i, n) => Buffer.from(mails.seal(i.mail, ids[n]!)).toString("base64")),
          ],
        );
        return won.length;
      });
    },
  };
}
