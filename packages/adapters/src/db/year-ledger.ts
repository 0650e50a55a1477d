import {
  sgtDate,
  type Assessment,
  type LedgerAssessment,
  type LedgerGift,
  type YearSpan,
} from "@portal/domain";
import type { SqlQuery } from "./sql";
import { donorRange } from "./donor-range";

// What the year's ledger reads (docs/ledger.md), for the given donors only and for many at once, so
// that the reminder job can read it beside the haul and the missed fasts (year-readers.ts): the gifts
// the donor's account holds, paid within the year's Singapore days. A counter receipt is among them only
// once it was linked to the account on proof (gift-links.ts: Singpass's verified NRIC, or the account's
// verified e-mail the gift was given with); nothing here matches a receipt number, a typed NRIC or an
// e-mail on its own.

interface GiftRow {
  donor_id: string;
  transaction_no: string;
  receipt_no: string | null;
  paid_at: Date | string;
  source: string;
  status: LedgerGift["status"];
  amounts: Record<string, number | string> | string;
  refunded_cents: number | string;
}

/** The first instant of a Singapore day (UTC+8, no daylight saving). */
const sgtStart = (date: string) => new Date(`${date}T00:00:00+08:00`);

const amountsOf = (value: GiftRow["amounts"]): Record<string, number> =>
  Object.fromEntries(
    Object.entries(typeof value === "string" ? JSON.parse(value) : value).map(([k, v]) => [
      k,
      Number(v),
    ]),
  );

/** Each donor's gifts paid within `span` (its receipt's issue time, else the gift's), oldest first. */
export const yearGiftsOf = async (
  sql: SqlQuery,
  donorIds: ReadonlyArray<string>,
  span: Pick<YearSpan, "start" | "end">,
): Promise<ReadonlyMap<string, ReadonlyArray<LedgerGift>>> => {
  if (donorIds.length === 0) return new Map();
  const after = new Date(sgtStart(span.end).getTime() + 86_400_000);
  // By key range (one walk of the index for a batch of the reminder job), the rows of donors in
  // the range but not asked about dropped (`only`).
  const { low, high, only } = donorRange(donorIds);
  const rows = await sql.query<GiftRow>(
    `select d.donor_id, d.transaction_no, r.receipt_no, coalesce(r.issued_at, d.created_at) as paid_at,
            case when d.source = 'kiosk' then 'kiosk' when lower(d.source) = 'online' then 'online'
                 else 'counter' end as source, d.status, d.amounts, d.refunded_cents
     from donation d left join receipt r on r.donation_id = d.id
     where d.donor_id between $1::uuid and $2::uuid
       and d.status in ('succeeded', 'refunded', 'voided')
       and coalesce(r.issued_at, d.created_at) >= $3 and coalesce(r.issued_at, d.created_at) < $4
     order by d.donor_id, coalesce(r.issued_at, d.created_at), d.transaction_no`,
    [low, high, sgtStart(span.start), after],
  );
  const gifts = new Map<string, LedgerGift[]>();
  for (const row of rows) {
    if (!only(row.donor_id)) continue;
    const list = gifts.get(row.donor_id) ?? [];
    gifts.set(row.donor_id, list);
    list.push({
      transactionNo: row.transaction_no,
      receiptNo: row.receipt_no,
      paidOn: sgtDate(new Date(row.paid_at).getTime()),
      source: row.source,
      status: row.status,
      amounts: amountsOf(row.amounts),
      refundedCents: Number(row.refunded_cents),
    });
  }
  return gifts;
};

/**
 * Each donor's latest saved assessment of the Hijri year (the one the ledger counts), by key range as
 * the gifts above.
 */
export const yearAssessmentsOf = async (
  sql: SqlQuery,
  donorIds: ReadonlyArray<string>,
  hijriYear: number,
): Promise<ReadonlyMap<string, ReadonlyArray<LedgerAssessment>>> => {
  if (donorIds.length === 0) return new Map();
  const { low, high, only } = donorRange(donorIds);
  const rows = await sql.query<{
    donor_id: string;
    id: string;
    assessed_on: string;
    body: Assessment | string;
  }>(
    `select distinct on (donor_id) donor_id, id, assessed_on::text as assessed_on, body
     from zakat_assessment
     where donor_id between $1::uuid and $2::uuid and hijri_year = $3
     order by donor_id, assessed_on desc, created_at desc, id`,
    [low, high, hijriYear],
  );
  const found = new Map<string, ReadonlyArray<LedgerAssessment>>();
  for (const row of rows) {
    if (!only(row.donor_id)) continue;
    const body = (typeof row.body === "string" ? JSON.parse(row.body) : row.body) as Assessment;
    found.set(row.donor_id, [
      {
        id: row.id,
        assessedOn: row.assessed_on.slice(0, 10),
        hijriYear,
        lines: body.lines,
        total: body.total,
      },
    ]);
  }
  return found;
};
