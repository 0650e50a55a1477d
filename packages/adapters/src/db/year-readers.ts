import {
  sgtDate,
  type Cents,
  type HaulWealth,
  type PortalHartaPayments,
  type WealthRecord,
  type YearSpan,
} from "@portal/domain";
import { donorRange } from "./donor-range";
import type { DonorYearReaders } from "./reminder-sources";
import type { SqlQuery } from "./sql";
import { yearAssessmentsOf, yearGiftsOf } from "./year-ledger";

// What the reminder job reads of many donors' years at once (docs/reminders.md), for the given donors
// only, each by key range: the haul tracker's lines (migration 045), the donor's zakat harta payments
// through the portal (where a haul counts from), the fasts missed (migration 046), and the year's
// ledger's gifts and assessment (year-ledger.ts, docs/ledger.md).

export { donorRange };

/** The first instant of a Singapore day (UTC+8, no daylight saving). */
const sgtStart = (date: string) => new Date(`${date}T00:00:00+08:00`);

/**
 * Each donor's wealth records: per wealth, its balances and the latest payment the donor recorded on
 * it (`lastPayment`; a payment through the portal is `portalHartaOf`'s). PostgreSQL gathers each
 * wealth's balances into one text (`date=cents,…` in the tracker's order: of two lines of one day the
 * later replaces the earlier), so a batch reads one row per wealth rather than one per line.
 */
export const haulWealthOf = async (
  sql: SqlQuery,
  donorIds: ReadonlyArray<string>,
): Promise<ReadonlyMap<string, ReadonlyArray<WealthRecord>>> => {
  if (donorIds.length === 0) return new Map();
  const { low, high, only } = donorRange(donorIds);
  const rows = await sql.query<{
    donor_id: string;
    wealth: HaulWealth;
    paid: string | null;
    balances: string | null;
  }>(
    `select donor_id, wealth,
            to_char(max(on_date) filter (where kind = 'payment'), 'YYYY-MM-DD') as paid,
            string_agg(to_char(on_date, 'YYYY-MM-DD') || '=' || balance_cents, ','
                       order by on_date, created_at, id) filter (where kind = 'balance') as balances
     from haul_entry where donor_id between $1::uuid and $2::uuid
     group by donor_id, wealth order by donor_id, wealth`,
    [low, high],
  );
  const years = new Map<string, WealthRecord[]>();
  for (const row of rows) {
    if (!only(row.donor_id)) continue;
    const balances: Array<{ date: string; balance: Cents }> = [];
    const text = row.balances ?? "";
    for (let at = 0; at < text.length;) {
      let next = text.indexOf(",", at);
      if (next < 0) next = text.length;
      balances.push({
        date: text.slice(at, at + 10),
        balance: Number(text.slice(at + 11, next)) as Cents,
      });
      at = next + 1;
    }
    let list = years.get(row.donor_id);
    if (!list) years.set(row.donor_id, (list = []));
    list.push({ wealth: row.wealth, balances, lastPayment: row.paid ?? undefined });
  }
  return years;
};

/**
 * Each donor's zakat harta payments through the portal (succeeded, dated by the receipt): the latest,
 * and the latest before the year `span` began (where the year's ledger counts a haul from).
 */
export const portalHartaOf = async (
  sql: SqlQuery,
  donorIds: ReadonlyArray<string>,
  span?: Pick<YearSpan, "start">,
): Promise<ReadonlyMap<string, PortalHartaPayments>> => {
  if (donorIds.length === 0) return new Map();
  const { low, high, only } = donorRange(donorIds);
  const rows = await sql.query<{
    donor_id: string;
    latest: string | Date;
    before_year: string | Date | null;
  }>(
    `select d.donor_id, max(coalesce(r.issued_at, d.created_at)) as latest,
            max(coalesce(r.issued_at, d.created_at))
              filter (where coalesce(r.issued_at, d.created_at) < $3) as before_year
     from donation d left join receipt r on r.donation_id = d.id
     where d.donor_id between $1::uuid and $2::uuid and d.status = 'succeeded'
       and coalesce((d.amounts->>'harta')::bigint, 0) > 0
     group by d.donor_id`,
    [low, high, span ? sgtStart(span.start) : new Date(0)],
  );
  const day = (value: string | Date) => sgtDate(new Date(value).getTime());
  return new Map(
    rows
      .filter((row) => only(row.donor_id))
      .map((row) => [
        row.donor_id,
        {
          latest: day(row.latest),
          beforeYear: row.before_year === null ? undefined : day(row.before_year),
        },
      ]),
  );
};

/**
 * Each donor's missed-fasts log: the days not yet paid for, and the transactions that paid entries
 * (the ledger counts what they paid as assessed and paid both).
 */
export const fastsOwedOf = async (
  sql: SqlQuery,
  donorIds: ReadonlyArray<string>,
): Promise<ReadonlyMap<string, { readonly days: number; readonly paidBy: string[] }>> => {
  if (donorIds.length === 0) return new Map();
  const { low, high, only } = donorRange(donorIds);
  const rows = await sql.query<{
    donor_id: string;
    days: string | number;
    paid_ids: string[] | null;
  }>(
    `select donor_id, coalesce(sum(days) filter (where paid_donation_id is null), 0) as days,
            array_agg(paid_donation_id) filter (where paid_donation_id is not null) as paid_ids
     from missed_fast where donor_id between $1::uuid and $2::uuid group by donor_id`,
    [low, high],
  );
  const mine = rows.filter((r) => only(r.donor_id));
  // The few entries already paid: their transactions, by primary key (never a join the planner
  // would make a scan of every donation).
  const paidIds = mine.flatMap((r) => r.paid_ids ?? []);
  const transactions = new Map(
    paidIds.length === 0
      ? []
      : (
          await sql.query<{ id: string; transaction_no: string }>(
            "select id, transaction_no from donation where id = any($1::uuid[])",
            [paidIds],
          )
        ).map((d) => [d.id, d.transaction_no]),
  );
  return new Map(
    mine.map((r) => [
      r.donor_id,
      {
        days: Number(r.days),
        paidBy: (r.paid_ids ?? []).flatMap((id) => transactions.get(id) ?? []),
      },
    ]),
  );
};

/** The readers the reminder job gives its port. */
export const donorYearReaders: DonorYearReaders = {
  wealth: haulWealthOf,
  portal: portalHartaOf,
  fastsOwed: fastsOwedOf,
  gifts: yearGiftsOf,
  assessments: yearAssessmentsOf,
};

export { yearAssessmentsOf, yearGiftsOf };
