import type { FlowType } from "@portal/domain";
import type { Sql } from "../db/sql";
import { keysetBatches } from "./cursor";
import { sgtDaySpan } from "./day";

/** The console's donation filters: Singapore days (inclusive), fund, method, status. */
export interface DonationFilter {
  readonly from: string;
  readonly to: string;
  readonly fund?: FlowType | undefined;
  readonly method?: string | undefined;
  readonly status?: "succeeded" | "refunded" | "voided" | undefined;
}

export const EXPORT_COLUMNS = [
  "Transaction number",
  "Receipt number",
  "Paid at (Singapore)",
  "Fund",
  "Amount (SGD)",
  "Payment method",
  "Status",
  "Source",
  "Frequency",
  // Issue 33: a card fee the donor covered, charged with the gift, never part of the fund's amount.
  "Card fee covered (SGD)",
] as const;

/** A text, or an amount in cents (a number in the spreadsheet, dollars and cents in CSV). */
export type ExportCell = string | { readonly cents: number };

/** Cents as dollars with two decimals, exactly (no floating point). */
export const dollarText = (amount: number): string => {
  const abs = Math.abs(amount);
  return `${amount < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

/**
 * A filter's SQL and parameters, or undefined when its days are not real days or run backwards.
 * Paid donations only (their receipt issued), by when they were paid.
 */
export const filterSql = (filter: DonationFilter) => {
  const from = sgtDaySpan(filter.from);
  const to = sgtDaySpan(filter.to);
  if (!from || !to || to.until <= from.from) return undefined;
  const params: unknown[] = [from.from.toISOString(), to.until.toISOString()];
  const where = [
    "r.issued_at >= $1 and r.issued_at < $2",
    "d.status in ('succeeded', 'refunded', 'voided')",
  ];
  if (filter.fund) where.push(`d.flow = $${params.push(filter.fund)}`);
  if (filter.method) where.push(`d.payment_method = $${params.push(filter.method)}`);
  if (filter.status) where.push(`d.status = $${params.push(filter.status)}`);
  return { where: where.join(" and "), params };
};

interface ExportRow {
  issued_key: string;
  transaction_no: string;
  receipt_no: string;
  paid_at: string;
  flow: string;
  total_cents: number;
  method: string;
  status: string;
  source: string;
  frequency: string;
  fee_cents: number | string;
}

const EXPORT_BATCH = 2000;

/**
 * The filtered donations as rows of `EXPORT_COLUMNS`, oldest first (when paid, then receipt number),
 * read by keyset in one snapshot: `EXPORT_BATCH` rows per statement after the last row read, on the
 * index `receipt_issued_order` (migration 033), which matches the `order by` exactly, so nothing is
 * sorted and memory stays flat whatever the range. The key is the issue time as the database's text
 * (microseconds; a JavaScript date would drop them) and the receipt number. No identity number and no
 * donor contact details: an export for the accounts. `batch`: rows per statement (tests cross
 * batches with a few).
 */
export async function* donationRows(
  sql: Sql,
  filter: DonationFilter,
  { batch = EXPORT_BATCH } = {},
): AsyncGenerator<ReadonlyArray<ExportCell>> {
  const q = filterSql(filter);
  if (!q) return;
  const n = q.params.length;
  const text = (after: boolean) => `
    select r.issued_at::text as issued_key, d.transaction_no, r.receipt_no,
           to_char((r.issued_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS') as paid_at,
           d.flow, d.total_cents, coalesce(d.payment_method, '') as method, d.status, d.source, d.frequency,
           d.fee_cents
    from receipt r join donation d on d.id = r.donation_id
    where ${q.where}
      ${after ? `and (r.issued_at, r.receipt_no) > ($${n + 1}::timestamptz, $${n + 2})` : ""}
    order by r.issued_at, r.receipt_no
    limit ${batch}`;
  const first = text(false);
  const next = text(true);
  const batches = keysetBatches(
    sql,
    batch,
    (tx, after: readonly [string, string] | undefined) =>
      after
        ? tx.query<ExportRow>(next, [...q.params, ...after])
        : tx.query<ExportRow>(first, q.params),
    (row) => [row.issued_key, row.receipt_no] as const,
  );
  for await (const rows of batches) {
    // Each row let go once handed on, so a batch is not held while its last rows are written.
    const held = rows as Array<ExportRow | undefined>;
    for (let i = 0; i < held.length; i++) {
      const r = held[i]!;
      held[i] = undefined;
      yield [
        r.transaction_no,
        r.receipt_no,
        r.paid_at,
        r.flow,
        { cents: Number(r.total_cents) },
        r.method,
        r.status,
        r.source,
        r.frequency,
        { cents: Number(r.fee_cents) },
      ];
    }
  }
}
