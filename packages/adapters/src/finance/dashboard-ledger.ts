import { collections, type DayCell, type FlowType } from "@portal/domain";
import type { Sql } from "../db/sql";
import { sgtDaySpan } from "./day";
import { recurringPlans, type Dashboard, type DashboardFilter } from "./dashboard";

// Singapore is UTC+8 all year: its wall clock is the UTC one 8 hours on.
const SGT = "((r.issued_at at time zone 'UTC') + interval '8 hours')";

/**
 * The dashboard's figures read straight from the ledger (receipts joined to donations), as the
 * dashboard read them before migration 026: what the per-day totals must always equal (the
 * integration test and the bench check that they do). Donors are counted exactly here. Too slow for
 * the page once there are many gifts: `dashboard` reads the per-day totals.
 */
export function ledgerDashboard(sql: Sql) {
  return async (filter: DashboardFilter): Promise<Dashboard | undefined> => {
    const from = sgtDaySpan(filter.from);
    const to = sgtDaySpan(filter.to);
    if (!from || !to || to.until <= from.from) return undefined;
    const params: unknown[] = [from.from.toISOString(), to.until.toISOString()];
    const fund = filter.fund ? `and d.flow = $${params.push(filter.fund)}` : "";
    const paid = `from receipt r join donation d on d.id = r.donation_id
      where r.issued_at >= $1 and r.issued_at < $2 ${fund}
        and d.status in ('succeeded', 'refunded', 'voided')`;
    const [cells, donors, recurring, returned, minutes] = await Promise.all([
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
      recurringPlans(sql, filter.fund),
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
      donorsEstimated: false,
      recurring,
      returned: returned.map(num),
      busiestMinutes: minutes.map(num),
    };
  };
}
