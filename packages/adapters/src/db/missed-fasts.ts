import { randomUUID } from "node:crypto";
import {
  fidyahFlow,
  MAIN_CHARITY_ID,
  MISSED_FASTS_MAX,
  type MissedFast,
  type MissedFastReason,
  type RateConfig,
} from "@portal/domain";
import { readRates } from "./configuration";
import type { Sql } from "./sql";

interface Row {
  id: string;
  hijri_year: number;
  reason: MissedFastReason;
  days: number;
  paid_transaction_no: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const view = (row: Row): MissedFast => ({
  id: row.id,
  hijriYear: row.hijri_year,
  reason: row.reason,
  days: row.days,
  paidTransactionNo: row.paid_transaction_no,
});

const columns = `m.id, m.hijri_year, m.reason, m.days, d.transaction_no as paid_transaction_no`;

export interface MissedFastEntry {
  readonly hijriYear: number;
  readonly reason: MissedFastReason;
  readonly days: number;
}

/**
 * A signed-in donor's log of missed fasts (migration 046, docs/missed-fasts.md). Every read and change
 * is by the donor's id and the entry's together: another donor's entry is "no such entry". Adding
 * takes the donor's row lock first, so the cap holds under calls at once. A paid entry is not changed
 * (its days are what was paid); it may be removed from the log.
 */
export function missedFasts(sql: Sql) {
  const list = async (donorId: string): Promise<ReadonlyArray<MissedFast>> =>
    (
      await sql.query<Row>(
        `select ${columns} from missed_fast m left join donation d on d.id = m.paid_donation_id
         where m.donor_id = $1 order by m.hijri_year desc, m.created_at, m.id`,
        [donorId],
      )
    ).map(view);

  return {
    list,

    /** The log and the rates in force now (what the fidyah owed is priced at). */
    withRates: async (
      donorId: string,
    ): Promise<{ entries: ReadonlyArray<MissedFast>; rates: RateConfig | null }> => {
      const [entries, current] = await Promise.all([
        list(donorId),
        readRates(sql, MAIN_CHARITY_ID),
      ]);
      return { entries, rates: current?.rates ?? null };
    },

    /** The entry kept, or "full" when the donor already keeps MISSED_FASTS_MAX. */
    add: (donorId: string, entry: MissedFastEntry) =>
      sql.transaction(async (tx): Promise<MissedFast | "full"> => {
        await tx.query("select id from donor where id = $1 for update", [donorId]);
        const [count] = await tx.query<{ n: number }>(
          "select count(*)::int as n from missed_fast where donor_id = $1",
          [donorId],
        );
        if ((count?.n ?? 0) >= MISSED_FASTS_MAX) return "full";
        const id = randomUUID();
        await tx.query(
          `insert into missed_fast (id, donor_id, hijri_year, reason, days, created_at, updated_at)
           values ($1, $2, $3, $4, $5, clock_timestamp(), clock_timestamp())`,
          [id, donorId, entry.hijriYear, entry.reason, entry.days],
        );
        return { id, ...entry, paidTransactionNo: null };
      }),

    /** The entry as changed; null when the donor keeps no such entry; "paid" when it is paid. */
    update: (donorId: string, id: string, entry: MissedFastEntry) =>
      sql.transaction(async (tx): Promise<MissedFast | "paid" | null> => {
        if (!UUID.test(id)) return null;
        const [found] = await tx.query<{ paid: boolean }>(
          `select paid_donation_id is not null as paid from missed_fast
           where id = $1 and donor_id = $2 for update`,
          [id, donorId],
        );
        if (!found) return null;
        if (found.paid) return "paid";
        await tx.query(
          `update missed_fast set hijri_year = $3, reason = $4, days = $5,
                  updated_at = clock_timestamp()
           where id = $1 and donor_id = $2`,
          [id, donorId, entry.hijriYear, entry.reason, entry.days],
        );
        return { id, ...entry, paidTransactionNo: null };
      }),

    /** Whether the donor kept such an entry (now removed). */
    remove: async (donorId: string, id: string): Promise<boolean> => {
      if (!UUID.test(id)) return false;
      const rows = await sql.query<{ id: string }>(
        "delete from missed_fast where id = $1 and donor_id = $2 returning id",
        [id, donorId],
      );
      return rows.length > 0;
    },

    /**
     * Record that the donor's fidyah payment paid these entries: each the donor's own and unpaid (else
     * null: "no such entry"), paid by the donor's newest succeeded fidyah donation made after the
     * entries were last changed, for exactly their days in all, that no entry names yet. The
     * transaction number, or "unpaid" when there is no such donation (not paid yet, or for other days).
     */
    recordPaid: (donorId: string, ids: ReadonlyArray<string>) =>
      sql.transaction(async (tx): Promise<string | "unpaid" | null> => {
        if (ids.length === 0 || !ids.every((id) => UUID.test(id))) return null;
        await tx.query("select id from donor where id = $1 for update", [donorId]);
        const unique = [...new Set(ids)];
        const entries = await tx.query<{ days: number; updated_at: Date }>(
          `select days, updated_at from missed_fast
           where donor_id = $1 and id = any($2::uuid[]) and paid_donation_id is null`,
          [donorId, unique],
        );
        if (entries.length !== unique.length) return null;
        const days = entries.reduce((sum, entry) => sum + entry.days, 0);
        const since = new Date(Math.max(...entries.map((entry) => entry.updated_at.getTime())));
        const [donation] = await tx.query<{ id: string; transaction_no: string }>(
          `select d.id, d.transaction_no from donation d
           where d.donor_id = $1 and d.flow = $4 and d.status = 'succeeded'
             and d.inputs -> 'fidyah' ->> 'days' = $2 and d.created_at >= $3
             and not exists (select 1 from missed_fast m where m.paid_donation_id = d.id)
           order by d.created_at desc limit 1`,
          [donorId, String(days), since, fidyahFlow()],
        );
        if (!donation) return "unpaid";
        await tx.query(
          `update missed_fast set paid_donation_id = $3, paid_at = clock_timestamp()
           where donor_id = $1 and id = any($2::uuid[])`,
          [donorId, unique, donation.id],
        );
        return donation.transaction_no;
      }),
  };
}

export type MissedFasts = ReturnType<typeof missedFasts>;
