import {
  collections,
  donorEstimate,
  monthlyValue,
  type Collections,
  type DayCell,
  type FlowType,
} from "@portal/domain";
import type { Sql } from "../db/sql";
import { sgtDaySpan } from "./day";

export interface DashboardFilter {
  /** Singapore days, inclusive. */
  readonly from: string;
  readonly to: string;
  readonly fund?: FlowType | undefined;
}

export interface Dashboard {
  readonly collections: Collections;
  /** Distinct donors (a signed-in donor, else a guest's identity number, e-mail or session). */
  readonly donors: number;
  /** `donors` is HyperLogLog's estimate (ranges of more than `EXACT_DONORS_UP_TO` gifts). */
  readonly donorsEstimated: boolean;
  readonly recurring: { readonly plans: number; readonly monthly: number };
  readonly returned: ReadonlyArray<{
    readonly status: "refunded" | "voided";
    readonly count: number;
    readonly amount: number;
  }>;
  /** The busiest minutes of the range (Singapore time), most gifts first. */
  readonly busiestMinutes: ReadonlyArray<{
    readonly minute: string;
    readonly count: number;
    readonly amount: number;
  }>;
}

/** Up to this many gifts in the range, donors are counted one by one; beyond, estimated. */
export const EXACT_DONORS_UP_TO = 50_000;

/** Plans in force and their monthly value: one small grouped read of `recurring_plan`. */
export const recurringPlans = async (sql: Sql, fund: FlowType | undefined) =>
  monthlyValue(
    (
      await sql.query<{ frequency: string; count: number; amount: number }>(
        `select frequency, count(*)::int as count, sum(amount_cents)::bigint as amount
         from recurring_plan where status = 'active' ${fund ? "and flow = $1" : ""}
         group by frequency`,
        fund ? [fund] : [],
      )
    ).map((row) => ({ ...row, amount: Number(row.amount) })),
  );

/**
 * The finance dashboard's figures for a range of Singapore days and, optionally, one fund: paid gifts
 * (their receipt issued) gross by the day they were paid, gifts given back by the day they were given
 * back. Read from the per-day totals of migration 026 (a year is a few thousand rows), after moving
 * into them what payments appended since the last read (`finance_compact`). They equal what
 * `ledgerDashboard` reads from the ledger itself, to the cent.
 */
export function dashboard(sql: Sql) {
  return async (filter: DashboardFilter): Promise<Dashboard | undefined> => {
    const from = sgtDaySpan(filter.from);
    const to = sgtDaySpan(filter.to);
    if (!from || !to || to.until <= from.from) return undefined;
    // (Nothing appended since the last read: no compaction, no lock.)
    await sql.query("select finance_compact() where exists (select 1 from finance_delta)");
    const fund = filter.fund ?? null;
    const days = [filter.from, filter.to, fund];
    const [cells, returned, minutes, recurring] = await Promise.all([
      sql.query<{ day: string; fund: FlowType; method: string; count: number; amount: number }>(
        `select to_char(day, 'YYYY-MM-DD') as day, fund, method, sum(count)::int as count,
                sum(amount)::bigint as amount
         from finance_day_total
         where kind = 'paid' and day between $1::date and $2::date and ($3::text is null or fund = $3)
         group by 1, 2, 3 having sum(count) <> 0`,
        days,
      ),
      sql.query<{ status: "refunded" | "voided"; count: number; amount: number }>(
        `select kind as status, sum(count)::int as count, sum(amount)::bigint as amount
         from finance_day_total
         where kind in ('refunded', 'voided') and day between $1::date and $2::date
           and ($3::text is null or fund = $3)
         group by 1 having sum(count) <> 0 order by 1`,
        days,
      ),
      sql.query<{ minute: string; count: number; amount: number }>(
        longRange(filter) ? BUSIEST_OF_RANGE : BUSIEST_BY_DAY,
        days,
      ),
      recurringPlans(sql, filter.fund),
    ]);
    const num = <T extends { amount: number }>(row: T) => ({ ...row, amount: Number(row.amount) });
    const gifts = cells.reduce((n, c) => n + c.count, 0);
    return {
      collections: collections(cells.map(num) as ReadonlyArray<DayCell>),
      ...(await donors(sql, days, gifts)),
      recurring,
      returned: returned.map(num),
      busiestMinutes: minutes.map(num),
    };
  };
}

/** More than a month: its busiest minutes are read in order of count (migration 033). */
const longRange = (filter: DashboardFilter) =>
  Date.parse(filter.to) - Date.parse(filter.from) > 31 * 86_400_000;

/**
 * A short range's ten busiest minutes are among the ten busiest of each of its days: ten entries a
 * day of `finance_minute_busiest`, in its order (a minute whose gifts were all removed counts 0).
 */
const BUSIEST_BY_DAY = `
  select to_char(m.minute, 'YYYY-MM-DD HH24:MI') as minute, m.count::int as count, m.amount
  from generate_series($1::date, $2::date, interval '1 day') g(day),
  lateral (select minute, count, amount from finance_minute_total
           where fund = coalesce($3, '*') and day = g.day::date
           order by count desc, minute limit 10) m
  where m.count > 0 order by m.count desc, m.minute limit 10`;

/**
 * A long range's: the first ten in the range of all the fund's minutes in order of count
 * (`finance_minute_by_count`), one short walk of the index instead of a probe per day. The same
 * minutes as `BUSIEST_BY_DAY` (the table's own columns are ordered, not the text).
 */
const BUSIEST_OF_RANGE = `
  select to_char(t.minute, 'YYYY-MM-DD HH24:MI') as minute, t.count::int as count, t.amount
  from finance_minute_total t
  where t.fund = coalesce($3, '*') and t.day between $1::date and $2::date and t.count > 0
  order by t.count desc, t.minute limit 10`;

/** Distinct donors: counted when the range has few gifts, else estimated from the days' sketches. */
const donors = async (sql: Sql, days: ReadonlyArray<string | null>, gifts: number) => {
  if (gifts <= EXACT_DONORS_UP_TO) {
    const [row] = await sql.query<{ donors: number }>(
      `select count(distinct donor)::int as donors from finance_paid_gift
       where day between $1::date and $2::date and ($3::text is null or fund = $3)`,
      days,
    );
    return { donors: row?.donors ?? 0, donorsEstimated: false };
  }
  const sketches = await sql.query<{ registers: Uint8Array }>(
    `select registers from finance_donor_sketch
     where fund = coalesce($3, '*') and day between $1::date and $2::date`,
    days,
  );
  return {
    donors: donorEstimate(sketches.map((s) => new Uint8Array(s.registers))),
    donorsEstimated: true,
  };
};
