import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  chargeDate,
  periodOn,
  planAfterDecline,
  receiptSeriesOf,
  sgtDate,
  type GatewayPayment,
} from "@portal/domain";
import { instalmentHooks } from "./instalments";
import { audit, planColumns, type PlanRow, type RenewalClaim } from "./recurring-model";
import type { Sql } from "./sql";
import { insertWithFreshTransactionNo, transactionNumber } from "./transaction-no";

/**
 * The scheduler's side of recurring plans: which plans are due, claiming a period (one claim per
 * plan and period, with its renewal's donation numbered in its fund's series), resuming claims left
 * behind, and settling renewals that were not paid with the retry rule.
 */
export function renewals(sql: Sql, options: { readonly now: () => number }) {
  const today = () => sgtDate(options.now());
  const instalments = instalmentHooks(options);
  const self = {
    /** Plans due today (Singapore), a batch at a time. */
    duePlans: async (limit = 50) =>
      (
        await sql.query<{ id: string }>(
          `select id from recurring_plan where status = 'active' and next_charge_on <= $1::date
           order by next_charge_on, id limit $2`,
          [today(), limit],
        )
      ).map((row) => row.id),

    /**
     * Claim the period a due plan is in: lock the plan, insert the (plan, period) claim and the
     * renewal's donation, move the plan to its next date, all in one transaction. Undefined when the
     * plan is not due (anymore), was cancelled, or another scheduler claimed the period first.
     */
    claim: (planId: string) =>
      sql
        .transaction(async (tx): Promise<RenewalClaim | undefined> => {
          const [row] = await tx.query<PlanRow & { first_donation_id: string }>(
            `select ${planColumns}, p.first_donation_id from recurring_plan p
             join donation d on d.id = p.first_donation_id where p.id = $1 for update of p`,
            [planId],
          );
          const on = today();
          if (!row || row.status !== "active" || !row.next_charge_on || row.next_charge_on > on)
            return undefined;
          const period = periodOn(row.anchor_on, row.frequency, on);
          if (period <= row.last_period) return undefined;
          // A plan paying an instalment plan's months: that month's amount, none after the last.
          const terms = await instalments.renewalTerms(tx, planId, period);
          if (terms?.stopped) {
            await tx.query(
              "update recurring_plan set next_charge_on = null, updated_at = now() where id = $1",
              [planId],
            );
            return undefined;
          }
          const amountCents = terms?.amountCents ?? Number(row.amount_cents);
          const amounts = terms ? { harta: amountCents } : row.amounts;
          const donationId = randomUUID();
          const series = receiptSeriesOf(row.flow);
          // Six random digits: many renewals are claimed in the same millisecond; a taken one is drawn again.
          const transactionNo = await insertWithFreshTransactionNo(
            () => transactionNumber(series, options.now()),
            async (drawn) =>
              (
                await tx.query(
                  `insert into donation (id, transaction_no, flow, status, total_cents, amounts, inputs, donor_details,
               frequency, rates_version, client_secret_hash, donor_id, guest_session_id, payment_method,
               card_brand, card_last4, lang, particulars, gift_email, donor_id_encrypted, donor_id_hash)
             select $1, $2, f.flow, 'initiated', $3, $4, $5, f.donor_details, f.frequency, f.rates_version, $6,
                    f.donor_id, f.guest_session_id, 'card', $7, $8, f.lang, f.particulars, f.gift_email,
                    f.donor_id_encrypted, f.donor_id_hash
             from donation f where f.id = $9
             on conflict (transaction_no) do nothing returning id`,
                  [
                    donationId,
                    drawn,
                    amountCents,
                    JSON.stringify(amounts),
                    JSON.stringify({
                      renewal: { planId, period },
                      ...(terms ? { instalment: terms.input } : {}),
                    }),
                    createHash("sha256").update(randomBytes(32)).digest(),
                    row.card_brand,
                    row.card_last4,
                    row.first_donation_id,
                  ],
                )
              ).length === 1,
          );
          const [claimed] = await tx.query(
            `insert into recurring_charge (plan_id, period, donation_id) values ($1, $2, $3)
             on conflict (plan_id, period) do nothing returning period`,
            [planId, period, donationId],
          );
          if (!claimed) throw new ClaimTaken();
          await tx.query(
            "update recurring_plan set last_period = $2, next_charge_on = $3, updated_at = now() where id = $1",
            [
              planId,
              period,
              terms?.last ? null : chargeDate(row.anchor_on, row.frequency, period + 1),
            ],
          );
          await audit(tx, "scheduler", "recurring.claim", planId, { period, donationId });
          return {
            planId,
            period,
            donationId,
            transactionNo,
            amountCents,
            cardToken: row.card_token,
            gateway: row.gateway,
          };
        })
        .catch((error: unknown) => {
          if (error instanceof ClaimTaken) return undefined;
          throw error;
        }),

    /** Claims left unsettled for `olderThanSeconds` (their charger died): to resume, not to redo. */
    staleClaims: async (olderThanSeconds: number): Promise<ReadonlyArray<RenewalClaim>> =>
      (
        await sql.query<{
          plan_id: string;
          period: number;
          donation_id: string;
          transaction_no: string;
          total_cents: number;
          card_token: string;
          gateway: string;
        }>(
          `select c.plan_id, c.period, c.donation_id, d.transaction_no, d.total_cents, p.card_token, p.gateway
           from recurring_charge c join donation d on d.id = c.donation_id join recurring_plan p on p.id = c.plan_id
           where c.status = 'claimed' and c.claimed_at <= now() - make_interval(secs => $1)
           order by c.claimed_at limit 100`,
          [olderThanSeconds],
        )
      ).map((row) => ({
        planId: row.plan_id,
        period: row.period,
        donationId: row.donation_id,
        transactionNo: row.transaction_no,
        amountCents: Number(row.total_cents),
        cardToken: row.card_token,
        gateway: row.gateway,
      })),

    /** Whether a plan may still be charged (not cancelled, not suspended). */
    isActive: async (planId: string) => {
      const [row] = await sql.query<{ status: string }>(
        "select status from recurring_plan where id = $1",
        [planId],
      );
      return row?.status === "active";
    },

    /**
     * A renewal that was not paid: settle its claim as failed (once) and apply the retry rule
     * (`planAfterDecline`: the next period is charged as usual; three declined periods in a row
     * suspend the plan).
     */
    settleFailed: (claim: Pick<RenewalClaim, "planId" | "period">, reason: string) =>
      sql.transaction(async (tx) => {
        const [settled] = await tx.query(
          `update recurring_charge set status = 'failed', settled_at = now()
           where plan_id = $1 and period = $2 and status = 'claimed' returning period`,
          [claim.planId, claim.period],
        );
        if (!settled) return;
        const [plan] = await tx.query<{ status: string; consecutive_declines: number }>(
          "select status, consecutive_declines from recurring_plan where id = $1 for update",
          [claim.planId],
        );
        if (!plan || plan.status === "cancelled" || reason === "cancelled") {
          await audit(tx, "scheduler", "recurring.skipped", claim.planId, {
            period: claim.period,
            reason,
          });
          return;
        }
        const after = planAfterDecline(plan.consecutive_declines);
        await tx.query(
          `update recurring_plan set consecutive_declines = $2, status = $3,
             next_charge_on = case when $3 = 'suspended' then null else next_charge_on end, updated_at = now()
           where id = $1`,
          [claim.planId, after.consecutiveDeclines, after.status],
        );
        await audit(tx, "scheduler", "recurring.declined", claim.planId, {
          period: claim.period,
          reason,
          consecutiveDeclines: after.consecutiveDeclines,
          status: after.status,
        });
      }),

    /**
     * A renewal's payment failed, however the news came (the scheduler's own charge, or Stripe's
     * webhook for an off-session charge that finished later): settle its claim as failed, once, with
     * the retry rule. Nothing for a donation that is not a renewal waiting on its result.
     */
    settleFailedRenewal: async (donationId: string, payment: GatewayPayment) => {
      const [claim] = await sql.query<{ plan_id: string; period: number }>(
        "select plan_id, period from recurring_charge where donation_id = $1 and status = 'claimed'",
        [donationId],
      );
      if (!claim) return;
      await self.settleFailed(
        { planId: claim.plan_id, period: claim.period },
        payment.failureCode ?? "payment_failed",
      );
    },

    /**
     * Payment attempts still open (initiated or pending), older than `olderThanSeconds` and due to be
     * asked about again: what reconciliation asks the gateway about, `limit` at a time, those never
     * asked first. Two days back at most: an older one was abandoned.
     */
    openAttempts: async (olderThanSeconds: number, limit = 500, after?: string) =>
      (
        await sql.query<{
          donation_id: string;
          gateway: string;
          gateway_ref: string;
          status: "initiated" | "pending";
        }>(
          // `after` (a start-up pass): every open attempt, put off or not, in gateway-reference order
          // from just after `after`; an instance that died may have charged one it had put off.
          `select donation_id, gateway, gateway_ref, status from payment_attempt
           where status in ('initiated', 'pending') and gateway_ref is not null
             and created_at <= now() - make_interval(secs => $1)
             and created_at > now() - interval '2 days'
             and ${
               after === undefined
                 ? "(next_check_at is null or next_check_at <= now()) and $3::text is null"
                 : "gateway_ref > $3"
             }
           order by ${after === undefined ? "next_check_at nulls first, created_at" : "gateway_ref"}
           limit $2`,
          [olderThanSeconds, limit, after ?? null],
        )
      ).map((row) => ({
        donationId: row.donation_id,
        gateway: row.gateway,
        gatewayRef: row.gateway_ref,
        status: row.status,
      })),

    /**
     * The gateway had nothing to record for this open attempt (the donor has not paid, or left): ask
     * again later, 30 seconds after the first time and twice as long each time after, at most ten
     * minutes apart, so that thousands of abandoned checkouts neither hide a later payment nor make
     * every pass ask the gateway about each of them.
     */
    deferAttempt: async (gatewayRef: string) => {
      await sql.query(
        `update payment_attempt set check_count = check_count + 1,
           next_check_at = now() + least(interval '10 minutes',
                                         interval '30 seconds' * power(2, least(check_count, 10)))
         where gateway_ref = $1 and status in ('initiated', 'pending')`,
        [gatewayRef],
      );
    },
  };
  return self;
}

class ClaimTaken extends Error {}
