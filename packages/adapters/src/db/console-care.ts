import { Result } from "effect";
import { checkReason, isFlowType, isWakafFlow, type FlowType } from "@portal/domain";
import { consoleAuditWriter, type ConsoleActor, type ConsoleAudit } from "./console-audit";
import { personalData } from "./personal-data";
import { RecordRefused } from "./refused";
import type { Sql } from "./sql";

/** A recurring plan as an officer sees it, with its failed renewals and why they failed. */
export interface ConsolePlan {
  readonly id: string;
  readonly transactionNo: string;
  readonly flow: FlowType;
  readonly status: "active" | "suspended" | "cancelled";
  readonly amountCents: number;
  readonly frequency: string;
  readonly nextChargeOn: string | null;
  readonly card: string | null;
  readonly consecutiveDeclines: number;
  readonly failedRenewals: ReadonlyArray<{
    readonly period: number;
    readonly at: string;
    readonly failureCode: string | null;
  }>;
}

const reasonOf = (text: string) => {
  const reason = checkReason(text);
  if (Result.isFailure(reason))
    throw new RecordRefused(reason.failure.code, reason.failure.message);
  return reason.success;
};

/**
 * Looking after donors on their request: their recurring plans (found by e-mail, identity number or a
 * gift's transaction number; cancelled with a note, never raised) and the donor wall (an entry hidden
 * or restored, with a reason). Every change is audited with before and after.
 */
export function consoleCare(sql: Sql, key: Buffer, audit: ConsoleAudit = consoleAuditWriter()) {
  const pii = personalData(key);
  return {
    plans: async (find: {
      readonly email?: string | null;
      readonly idNumber?: string | null;
      readonly transactionNo?: string | null;
    }): Promise<ReadonlyArray<ConsolePlan>> => {
      const email = find.email?.trim().toLowerCase() || null;
      const id = find.idNumber?.trim().toUpperCase() || null;
      const transactionNo = find.transactionNo?.trim().toUpperCase() || null;
      if (!email && !id && !transactionNo) return [];
      const rows = await sql.query<{
        id: string;
        transaction_no: string;
        flow: FlowType;
        status: ConsolePlan["status"];
        amount_cents: string | number;
        frequency: string;
        next_charge_on: string | null;
        card_brand: string | null;
        card_last4: string | null;
        consecutive_declines: number;
      }>(
        `select p.id, d.transaction_no, p.flow, p.status, p.amount_cents, p.frequency,
                p.next_charge_on::text as next_charge_on, p.card_brand, p.card_last4, p.consecutive_declines
         from recurring_plan p join donation d on d.id = p.first_donation_id
         left join donor o on o.id = p.donor_id
         where ($1::text is null or lower(coalesce(d.gift_email, d.donor_details->>'email', o.email)) = $1
                or lower(o.email) = $1)
           and ($2::bytea is null or o.nric_hash = $2 or d.donor_id_hash = $2 or d.tax_id_hash = $2
                or o.uen = $3)
           and ($4::text is null or d.transaction_no = $4)
         order by p.status = 'cancelled', p.created_at desc limit 50`,
        [email, id ? pii.hash(id) : null, id, transactionNo],
      );
      const failures = rows.length
        ? await sql.query<{
            plan_id: string;
            period: number;
            at: Date;
            failure_code: string | null;
          }>(
            `select c.plan_id, c.period, coalesce(c.settled_at, c.claimed_at) as at,
                    (select a.failure_code from payment_attempt a where a.donation_id = c.donation_id
                     order by a.created_at desc limit 1) as failure_code
             from recurring_charge c where c.plan_id = any($1::uuid[]) and c.status = 'failed'
             order by c.period desc`,
            [rows.map((row) => row.id)],
          )
        : [];
      return rows.map((row) => ({
        id: row.id,
        transactionNo: row.transaction_no,
        flow: row.flow,
        status: row.status,
        amountCents: Number(row.amount_cents),
        frequency: row.frequency,
        nextChargeOn: row.status === "cancelled" ? null : row.next_charge_on,
        card: row.card_brand && row.card_last4 ? `${row.card_brand} **** ${row.card_last4}` : null,
        consecutiveDeclines: row.consecutive_declines,
        failedRenewals: failures
          .filter((f) => f.plan_id === row.id)
          .map((f) => ({
            period: f.period,
            at: new Date(f.at).toISOString(),
            failureCode: f.failure_code,
          })),
      }));
    },

    /** Cancel on the donor's request, with the officer's note; a cancelled plan stays cancelled. */
    cancelPlan: (planId: string, note: string, actor: ConsoleActor) => {
      const reason = reasonOf(note);
      return sql.transaction(async (tx) => {
        const [plan] = await tx.query<{
          status: string;
          transaction_no: string;
          next: string | null;
        }>(
          `select p.status, d.transaction_no, p.next_charge_on::text as next
           from recurring_plan p join donation d on d.id = p.first_donation_id
           where p.id = $1 for update of p`,
          [planId],
        );
        if (!plan) throw new RecordRefused("recurring.notFound", "No such plan.");
        if (plan.status === "cancelled") return "alreadyCancelled" as const;
        await tx.query(
          `update recurring_plan set status = 'cancelled', cancelled_at = now(), next_charge_on = null,
             updated_at = now() where id = $1`,
          [planId],
        );
        await audit(tx, {
          actor,
          action: "plans.cancel",
          entity: "recurring_plan",
          entityId: planId,
          reason,
          before: {
            status: plan.status,
            nextChargeOn: plan.next,
            transactionNo: plan.transaction_no,
          },
          after: { status: "cancelled", nextChargeOn: null },
        });
        return "cancelled" as const;
      });
    },

    /** Hide a wakaf gift from the donor wall, or show it again, with a reason. */
    setWallHidden: (transactionNo: string, hidden: boolean, why: string, actor: ConsoleActor) => {
      const reason = reasonOf(why);
      return sql.transaction(async (tx) => {
        const [gift] = await tx.query<{ flow: string; hidden_at: Date | null }>(
          "select flow, wall_hidden_at as hidden_at from donation where transaction_no = $1 for update",
          [transactionNo],
        );
        if (!gift || !isFlowType(gift.flow) || !isWakafFlow(gift.flow))
          throw new RecordRefused("wall.notFound", "No such gift on a donor wall.");
        if ((gift.hidden_at !== null) === hidden) return "unchanged" as const;
        await tx.query(
          `update donation set wall_hidden_at = case when $2 then now() end,
             wall_hidden_reason = case when $2 then $3 end where transaction_no = $1`,
          [transactionNo, hidden, reason],
        );
        await audit(tx, {
          actor,
          action: hidden ? "wall.hide" : "wall.restore",
          entity: "donation",
          entityId: transactionNo,
          reason,
          before: { hidden: !hidden },
          after: { hidden },
        });
        return hidden ? ("hidden" as const) : ("restored" as const);
      });
    },
  };
}
