import { sgtDate, type Cents, type HaulWealth, type WealthRecord } from "@portal/domain";
import type { DonorYearReaders } from "./reminder-sources";
import type { SqlQuery } from "./sql";
import { yearGiftsOf } from "./year-ledger";

// What the reminder job reads of many donors' years at once (docs/reminders.md): the haul tracker's
// lines (migration 045) and the fasts missed and not yet paid for (migration 046), for the given
// donors only. The haul counts as the tracker page counts it (year/tracker.ts): from the latest
// payment the donor recorded on that wealth, else from their last zakat harta payment through the
// portal (succeeded, dated by its receipt), else from the first balance.

interface HaulRow {
  donor_id: string;
  wealth: HaulWealth;
  kind: "balance" | "payment";
  on_date: string | Date;
  balance_cents: string | number | null;
}

interface PortalRow {
  donor_id: string;
  paid_at: string | Date;
}

/**
 * The key range the given donors span (lowest and highest id). The job asks for a batch of donors
 * in id order, so reading by range walks the index once instead of probing it once per donor (and
 * spares a scan of a small table per batch); rows of donors in the range but not asked about are
 * dropped (`only`).
 */
export const donorRange = (donorIds: ReadonlyArray<string>) => {
  const ids = donorIds.map((id) => id.toLowerCase());
  let low = ids[0]!;
  let high = ids[0]!;
  for (const id of ids) {
    if (id < low) low = id;
    if (id > high) high = id;
  }
  const asked = new Set(ids);
  return { low, high, only: (id: string) => asked.has(id) };
};

const dateText = (value: string | Date): string =>
  typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/** Each donor's wealth records: per wealth, its balances and the payment its haul counts from. */
export const haulWealthOf = async (
  sql: SqlQuery,
  donorIds: ReadonlyArray<string>,
): Promise<ReadonlyMap<string, ReadonlyArray<WealthRecord>>> => {
  if (donorIds.length === 0) return new Map();
  const { low, high, only } = donorRange(donorIds);
  // Lines of one day in the order the tracker lists them (a later line of a day replaces one before);
  // `h.on_date`, the column, not the text of the same name, so the index's order serves the sort.
  const [rows, portal] = await Promise.all([
    sql.query<HaulRow>(
      `select donor_id, wealth, kind, to_char(on_date, 'YYYY-MM-DD') as on_date, balance_cents
       from haul_entry h where donor_id between $1::uuid and $2::uuid
       order by h.donor_id, h.wealth, h.on_date, h.created_at, h.id`,
      [low, high],
    ),
    sql.query<PortalRow>(
      `select d.donor_id, max(coalesce(r.issued_at, d.created_at)) as paid_at
       from donation d left join receipt r on r.donation_id = d.id
       where d.donor_id between $1::uuid and $2::uuid and d.status = 'succeeded'
         and coalesce((d.amounts->>'harta')::bigint, 0) > 0
       group by d.donor_id`,
      [low, high],
    ),
  ]);
  const portalPaid = new Map(
    portal.map((p) => [p.donor_id, sgtDate(new Date(p.paid_at).getTime())]),
  );
  const byDonor = new Map<
    string,
    Map<HaulWealth, { balances: WealthRecord["balances"][number][]; paid?: string }>
  >();
  for (const row of rows) {
    if (!only(row.donor_id)) continue;
    const wealths = byDonor.get(row.donor_id) ?? new Map();
    byDonor.set(row.donor_id, wealths);
    const one = wealths.get(row.wealth) ?? { balances: [] };
    wealths.set(row.wealth, one);
    const date = dateText(row.on_date);
    if (row.kind === "payment") {
      if (one.paid === undefined || date > one.paid) one.paid = date;
    } else if (row.balance_cents !== null) {
      one.balances.push({ date, balance: Number(row.balance_cents) as Cents });
    }
  }
  const years = new Map<string, ReadonlyArray<WealthRecord>>();
  for (const [donorId, wealths] of byDonor) {
    years.set(
      donorId,
      [...wealths].map(([wealth, one]) => ({
        wealth,
        balances: one.balances,
        lastPayment: one.paid ?? portalPaid.get(donorId),
      })),
    );
  }
  return years;
};

/** Each donor's days of fasting missed and not yet paid for (the missed-fasts log). */
export const fastsOwedOf = async (
  sql: SqlQuery,
  donorIds: ReadonlyArray<string>,
): Promise<ReadonlyMap<string, number>> => {
  if (donorIds.length === 0) return new Map();
  const { low, high, only } = donorRange(donorIds);
  const rows = await sql.query<{ donor_id: string; days: string | number }>(
    `select donor_id, sum(days) as days from missed_fast
     where donor_id between $1::uuid and $2::uuid and paid_donation_id is null group by donor_id`,
    [low, high],
  );
  return new Map(rows.filter((r) => only(r.donor_id)).map((r) => [r.donor_id, Number(r.days)]));
};

/** The readers the reminder job gives its port. */
export const donorYearReaders: DonorYearReaders = { wealth: haulWealthOf, fastsOwed: fastsOwedOf };

/**
 * The year's ledger's gifts (docs/ledger.md), batched by donor as the readers above are: a reminder
 * that names what is paid and left of the year can read them for the donors it reminds, and give them
 * with the hauls and fasts read here to the domain's `yearLedger`. No reminder uses it yet.
 */
export { yearGiftsOf };
