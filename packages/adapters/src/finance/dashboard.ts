import {
  collections,
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

// Singapore is UTC+8 all year: its wall clock is the UTC one 8 hours on.
const SGT = "((r.issued_at at time zone 'UTC') + interval '8 hours')";

/**
 * The finance dashboard's figures for a range of Singapore days and, optionally, one fund: paid gifts
 * (their receipt issued) gross, gifts given back separately by when they were given back. Each figure
 * is one grouped read; the week and month totals are summed from the day cells.
 */
export function dashboard(sql: Sql) {
  return async (filter: DashboardFilter): Promise<Dashboard | undefined> => {
    const from = sgtDaySpan(filter.from);
    const to = sgtDaySpan(filter.to);
    if (!from || !to || to.until <= from.from) return undefined;
    const params: unknown[] = [from.from.toISOString(), to.until.toISOString()];
    const fund = filter.fund ? `and d.flow = $${params.push(filter.fund)}` : "";
    const paid = `from receipt r join donation d on d.id = r.donation_id
      where r.issued_at >= $1 and r.issued_at < $2 ${fund}
        and d.status in ('succeeded', 'refunded', 'voided')`;
    const [cells, donors, plans, returned, minutes] = await Promise.all([
      sql.query<{ day: string; fund: FlowType; method: string; count: number; amount: number }>(
        `select to_char(${SGT}, 'YYYY-MM-DD') as day, d.flow as fund,
                coalesce(d.payment_method, 'unknown') as method,
                count(*)::int as count, sum(d.total_cents)::bigint as amount
         ${paid} group by 1, 2, 3`,
        params,
      ),
      sql.query<{ donors: number }>(
        `select count(distinct coalesce(d.donor_id::text, encode(d.donor_id_hash, 'hex'),
                 d.gift_email, d.guest_session_id::text, d.id::text))::int as donors ${paid}`,
        params,
      ),
      sql.query<{ frequency: string; count: number; amount: number }>(
        `select frequency, count(*)::int as count, sum(amount_cents)::bigint as amount
         from recurring_plan where status = 'active' ${filter.fund ? "and flow = $1" : ""}
         group by frequency`,
        filter.fund ? [filter.fund] : [],
      ),
      sql.query<{ status: "refunded" | "voided"; count: number; amount: number }>(
        `select d.status, count(*)::int as count, sum(d.total_cents)::bigint as amount
         from donation d where d.status in ('refunded', 'voided')
           and d.updated_at >= $1 and d.updated_at < $2 ${fund}
         group by 1 order by 1`,
        params,
      ),
      sql.query<{ minute: string; count: number; amount: number }>(
        `select to_char(${SGT}, 'YYYY-MM-DD HH24:MI') as minute, count(*)::int as count,
                sum(d.total_cents)::bigint as amount
         ${paid} group by 1 order by 2 desc, 1 limit 10`,
        params,
      ),
    ]);
    const num = <T extends { amount: number }>(row: T) => ({ ...row, amount: Number(row.amount) });
    return {
      collections: collections(cells.map(num) as ReadonlyArray<DayCell>),
      donors: donors[0]?.donors ?? 0,
      recurring: monthlyValue(plans.map(num)),
      returned: returned.map(num),
      busiestMinutes: minutes.map(num),
    };
  };
}
