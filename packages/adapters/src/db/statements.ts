import {
  cents,
  maskNric,
  taxYearSpan,
  type FlowType,
  type LedgerGift,
  type StatementLine,
  type YearSpan,
} from "@portal/domain";
import { personalData } from "./personal-data";
import { receiptNamesId } from "./receipt-particulars";
import type { Sql } from "./sql";
import { yearGiftsOf } from "./year-ledger";

/** Whom a statement is for: the NRIC or UEN only masked. */
export interface StatementDonor {
  readonly name: string;
  readonly kind: "individual" | "corporate";
  readonly idMasked: string | null;
}

export interface YearStatementData {
  readonly donor: StatementDonor;
  readonly lines: ReadonlyArray<StatementLine>;
}

export interface Statements {
  /** The donor and their gifts paid in one Singapore tax year; undefined for an unknown donor. */
  readonly year: (donorId: string, year: number) => Promise<YearStatementData | undefined>;
  /** The tax years the donor has gifts in, newest first. */
  readonly taxYears: (donorId: string) => Promise<ReadonlyArray<number>>;
  /** The donor's zakat harta payments (any status), for the next due date. */
  readonly hartaPayments: (donorId: string) => Promise<ReadonlyArray<StatementLine>>;
  /** The gifts the donor's account holds, paid within a Hijri year's days (docs/ledger.md). */
  readonly yearGifts: (
    donorId: string,
    span: Pick<YearSpan, "start" | "end">,
  ) => Promise<ReadonlyArray<LedgerGift>>;
}

interface LineRow {
  transaction_no: string;
  flow: FlowType;
  status: "succeeded" | "refunded" | "voided";
  total_cents: number | string;
  harta_cents: number | string;
  paid_at: Date | string;
  receipt_no: string | null;
  iras: boolean;
}

/**
 * A gift's date is when it was paid: its receipt's issue time (a donation begun at 23:55 on 31 Dec and
 * paid after midnight belongs to the new year). IRAS inclusion: a registration for it, an identity
 * number given at checkout, or the number the receipt names as issued (or re-issued).
 */
const lines = (where: string) => `
  select d.transaction_no, d.flow, d.status, d.total_cents,
         coalesce((d.amounts->>'harta')::bigint, 0) as harta_cents,
         coalesce(r.issued_at, d.created_at) as paid_at, r.receipt_no,
         (exists (select 1 from tax_registration t where t.donation_id = d.id)
           or d.tax_id_hash is not null
           or coalesce((d.donor_details->>'irasInclusion')::boolean, false)
           or ${receiptNamesId}) as iras
  from donation d
  left join receipt r on r.donation_id = d.id
  where d.donor_id = $1 and d.status in ('succeeded', 'refunded', 'voided') ${where}
  order by coalesce(r.issued_at, d.created_at), d.transaction_no`;

const toLine = (row: LineRow): StatementLine => ({
  transactionNo: row.transaction_no,
  fund: row.flow,
  paidAt: new Date(row.paid_at).getTime(),
  receiptNo: row.receipt_no,
  amount: cents(Number(row.total_cents)),
  hartaAmount: cents(Number(row.harta_cents)),
  status: row.status === "refunded" ? "Refunded" : row.status === "voided" ? "Voided" : "Completed",
  irasIncluded: row.iras,
});

export function statements(sql: Sql, serverKey: Buffer): Statements {
  const pii = personalData(serverKey);
  return {
    year: async (donorId, year) => {
      const [donor] = await sql.query<{
        name: string;
        kind: "individual" | "corporate";
        nric_encrypted: Uint8Array | null;
        uen: string | null;
      }>("select name, kind, nric_encrypted, uen from donor where id = $1", [donorId]);
      if (!donor) return undefined;
      const { fromMs, untilMs } = taxYearSpan(year);
      const rows = await sql.query<LineRow>(
        lines(
          "and coalesce(r.issued_at, d.created_at) >= $2 and coalesce(r.issued_at, d.created_at) < $3",
        ),
        [donorId, new Date(fromMs).toISOString(), new Date(untilMs).toISOString()],
      );
      const id = donor.nric_encrypted ? pii.decrypt(donor.nric_encrypted) : donor.uen;
      return {
        donor: { name: donor.name, kind: donor.kind, idMasked: id ? maskNric(id) : null },
        lines: rows.map(toLine),
      };
    },
    taxYears: async (donorId) =>
      (
        await sql.query<{ year: number }>(
          // Singapore is UTC+8 all year (no daylight saving): its calendar year is the UTC one 8 h on.
          `select distinct extract(year from (coalesce(r.issued_at, d.created_at) at time zone 'UTC')
                  + interval '8 hours')::int as year
           from donation d left join receipt r on r.donation_id = d.id
           where d.donor_id = $1 and d.status in ('succeeded', 'refunded', 'voided')
           order by year desc`,
          [donorId],
        )
      ).map((row) => Number(row.year)),
    yearGifts: async (donorId, span) =>
      (await yearGiftsOf(sql, [donorId], span)).get(donorId) ?? [],
    hartaPayments: async (donorId) =>
      (
        await sql.query<LineRow>(lines("and coalesce((d.amounts->>'harta')::bigint, 0) > 0"), [
          donorId,
        ])
      ).map(toLine),
  };
}
