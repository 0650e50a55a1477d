import { sgtDate, type LedgerGift, type YearSpan } from "@portal/domain";
import type { SqlQuery } from "./sql";

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
  const after = new Date(sgtStart(span.end).getTime() + 86_400_000);
  const rows = await sql.query<GiftRow>(
    `select d.donor_id, d.transaction_no, r.receipt_no, coalesce(r.issued_at, d.created_at) as paid_at,
            case when d.source = 'kiosk' then 'kiosk' when lower(d.source) = 'online' then 'online'
                 else 'counter' end as source, d.status, d.amounts, d.refunded_cents
     from donation d left join receipt r on r.donation_id = d.id
     where d.donor_id = any($1::uuid[]) and d.status in ('succeeded', 'refunded', 'voided')
       and coalesce(r.issued_at, d.created_at) >= $2 and coalesce(r.issued_at, d.created_at) < $3
     order by d.donor_id, coalesce(r.issued_at, d.created_at), d.transaction_no`,
    [donorIds, sgtStart(span.start), after],
  );
  const gifts = new Map<string, LedgerGift[]>();
  for (const row of rows) {
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
