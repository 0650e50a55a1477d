import { randomUUID } from "node:crypto";
import {
  HAUL_ENTRY_LIMIT,
  sgtDate,
  type Cents,
  type HaulEntry,
  type HaulEntryKind,
  type HaulWealth,
  type NisabStep,
} from "@portal/domain";
import { RecordRefused } from "./refused";
import type { Sql } from "./sql";

/** A line as the donor sends it (the handler has checked it with the domain's `haulEntryProblem`). */
export interface HaulEntryInput {
  readonly wealth: HaulWealth;
  readonly kind: HaulEntryKind;
  readonly date: string;
  readonly balance: Cents | null;
}

/** The donor's haul tracker lines (migration 045), each only ever reached with its owner's id. */
export interface HaulEntries {
  /** The donor's lines, by wealth and date. */
  readonly list: (donorId: string) => Promise<ReadonlyArray<HaulEntry>>;
  /** Add a line; refused (`haul.limit`) once the donor keeps `HAUL_ENTRY_LIMIT` of them. */
  readonly add: (donorId: string, entry: HaulEntryInput) => Promise<HaulEntry>;
  /** Change one of the donor's lines; undefined when the donor has no such line. */
  readonly update: (
    donorId: string,
    id: string,
    entry: HaulEntryInput,
  ) => Promise<HaulEntry | undefined>;
  /** Delete one of the donor's lines; false when the donor has no such line. */
  readonly remove: (donorId: string, id: string) => Promise<boolean>;
  /**
   * The nisab steps officers published (each rate draft that changed the nisab, from its effective
   * day in Singapore), and the nisab and zakat rate in force now with the day the rates were last
   * written.
   */
  readonly nisab: (charityId: number) => Promise<{
    readonly published: ReadonlyArray<NisabStep>;
    readonly current:
      { readonly nisab: Cents; readonly zakatRate: number; readonly since: string } | undefined;
  }>;
}

interface Row {
  id: string;
  wealth: HaulWealth;
  kind: HaulEntryKind;
  on_date: string;
  balance_cents: string | number | null;
}

const columns = "id, wealth, kind, to_char(on_date, 'YYYY-MM-DD') as on_date, balance_cents";

const toEntry = (row: Row): HaulEntry => ({
  id: row.id,
  wealth: row.wealth,
  kind: row.kind,
  date: row.on_date,
  balance: row.balance_cents === null ? null : (Number(row.balance_cents) as Cents),
});

/** A uuid, so that a malformed id reads as "no such line" rather than as a database error. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class HaulEntryRefused extends RecordRefused {}

export function haulEntries(sql: Sql): HaulEntries {
  return {
    list: async (donorId) =>
      (
        await sql.query<Row>(
          `select ${columns} from haul_entry where donor_id = $1
           order by wealth, on_date, created_at, id`,
          [donorId],
        )
      ).map(toEntry),
    add: (donorId, entry) =>
      sql.transaction(async (tx) => {
        // The donor's row is held to the commit: two adds at once cannot both pass the cap.
        await tx.query("select id from donor where id = $1 for update", [donorId]);
        const [count] = await tx.query<{ n: string | number }>(
          "select count(*) as n from haul_entry where donor_id = $1",
          [donorId],
        );
        if (Number(count?.n ?? 0) >= HAUL_ENTRY_LIMIT) {
          throw new HaulEntryRefused(
            "haul.limit",
            `A tracker keeps at most ${HAUL_ENTRY_LIMIT} lines; delete some before adding more.`,
          );
        }
        const [row] = await tx.query<Row>(
          `insert into haul_entry (id, donor_id, wealth, kind, on_date, balance_cents)
           values ($1, $2, $3, $4, $5, $6) returning ${columns}`,
          [randomUUID(), donorId, entry.wealth, entry.kind, entry.date, entry.balance],
        );
        return toEntry(row!);
      }),
    update: async (donorId, id, entry) => {
      if (!UUID.test(id)) return undefined;
      const [row] = await sql.query<Row>(
        `update haul_entry set wealth = $3, kind = $4, on_date = $5, balance_cents = $6,
           updated_at = now()
         where id = $1 and donor_id = $2 returning ${columns}`,
        [id, donorId, entry.wealth, entry.kind, entry.date, entry.balance],
      );
      return row ? toEntry(row) : undefined;
    },
    remove: async (donorId, id) => {
      if (!UUID.test(id)) return false;
      const rows = await sql.query<{ id: string }>(
        "delete from haul_entry where id = $1 and donor_id = $2 returning id",
        [id, donorId],
      );
      return rows.length > 0;
    },
    nisab: async (charityId) => {
      const drafts = await sql.query<{ nisab: string | number; effective_at: Date | string }>(
        `select (changes->>'nisabValue')::bigint as nisab, effective_at from console_rate_draft
         where charity_id = $1 and status = 'published' and changes ? 'nisabValue'
         order by effective_at, id`,
        [charityId],
      );
      const [current] = await sql.query<{
        nisab: number;
        zakat_rate: string | number;
        updated_at: Date | string;
      }>(
        `select nisab_value_cents as nisab, zakat_rate, updated_at from home_page_configuration
         where charity_id = $1`,
        [charityId],
      );
      return {
        published: drafts.map((d) => ({
          from: sgtDate(new Date(d.effective_at).getTime()),
          nisab: Number(d.nisab) as Cents,
        })),
        current: current && {
          nisab: Number(current.nisab) as Cents,
          zakatRate: Number(current.zakat_rate),
          since: sgtDate(new Date(current.updated_at).getTime()),
        },
      };
    },
  };
}
