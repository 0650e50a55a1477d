import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import {
  chargeDate,
  checkAmount,
  isRecurringFrequency,
  fundOf,
  isChosenAmount,
  receiptSeriesOf,
  periodOn,
  planAfterDecline,
  sgtDate,
  type Cents,
  type FlowType,
  type GatewayPayment,
  type RecurringFrequency,
} from "@portal/domain";
import { RecordRefused } from "./refused";
import type { Sql, SqlQuery } from "./sql";

/**
 * Recurring plans, their renewals and saved cards. A plan is made in the same transaction that marks
 * its first donation paid (so exactly once); each renewal is claimed as a (plan, period) row, unique
 * in the database, in the transaction that creates the renewal's donation, and charged through the
 * gateway with an idempotency key made of the plan and the period: two schedulers, a retry or a
 * restart after a crash all meet the same claim and the same gateway payment.
 */

/** A claimed renewal, ready to charge (or to resume after a crash). */
export interface RenewalClaim {
  readonly planId: string;
  readonly period: number;
  readonly donationId: string;
  readonly transactionNo: string;
  readonly amountCents: number;
  readonly cardToken: string;
  readonly gateway: string;
}

/** The idempotency key of a renewal at the gateway: one gateway payment per (plan, period). */
export const renewalIdempotencyKey = (planId: string, period: number) =>
  `recurring:${planId}:${period}`;

export interface PlanView {
  readonly transactionNo: string;
  readonly isRecurring: true;
  readonly recurringStatus: "active" | "suspended" | "cancelled";
  readonly frequency: string;
  readonly nextDonationDate: string | null;
  readonly amountCents: number;
  readonly card: { readonly brand: string; readonly last4: string } | null;
  /** Which fund the plan gives to. */
  readonly flow: FlowType;
  /** Whether the donor may change the amount (zakat harta and wakaf; others are priced from rates). */
  readonly amountEditable: boolean;
}

export class PlanRefused extends RecordRefused {}

const manageTokenHash = (token: string) => createHash("sha256").update(token).digest();

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_DAYS: Readonly<Record<RecurringFrequency, number>> = {
  daily: 1,
  weekly: 7,
  monthly: 31,
  quarterly: 92,
  annually: 366,
};

/**
 * How long a "manage this gift" link works: three of the plan's periods and a week. Every paid
 * charge e-mails a new link, but a declined renewal e-mails nothing and a plan stays active through
 * two declined periods in a row (the third suspends it), so the latest e-mail of a plan that can
 * still be charged is at most three periods old; the week covers a late scheduler and mail retries.
 * A monthly gift's link lasts 100 days.
 */
export const manageLinkLifetimeMs = (frequency: RecurringFrequency): number =>
  (3 * PERIOD_DAYS[frequency] + 7) * DAY_MS;

interface PlanRow {
  id: string;
  donor_id: string | null;
  status: "active" | "suspended" | "cancelled";
  frequency: RecurringFrequency;
  flow: FlowType;
  amount_cents: number;
  amounts: Record<string, number>;
  card_token: string;
  card_brand: string | null;
  card_last4: string | null;
  gateway: string;
  anchor_on: string;
  next_charge_on: string | null;
  last_period: number;
  consecutive_declines: number;
  transaction_no: string;
}

const planColumns = `p.id, p.donor_id, p.status, p.frequency, p.flow, p.amount_cents, p.amounts, p.card_token,
  p.card_brand, p.card_last4, p.gateway, p.anchor_on::text as anchor_on,
  p.next_charge_on::text as next_charge_on, p.last_period, p.consecutive_declines,
  d.transaction_no`;

const toView = (row: PlanRow): PlanView => ({
  transactionNo: row.transaction_no,
  isRecurring: true,
  recurringStatus: row.status,
  frequency: row.frequency,
  nextDonationDate: row.status === "active" ? row.next_charge_on : null,
  amountCents: Number(row.amount_cents),
  card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
  flow: row.flow,
  amountEditable: freeAmountKind(row.amounts) !== undefined,
});

const audit = (tx: SqlQuery, actor: string, action: string, planId: string, detail: unknown) =>
  tx.query(
    `insert into audit_log (actor, action, entity, entity_id, detail) values ($1, $2, 'recurring_plan', $3, $4)`,
    [actor, action, planId, JSON.stringify(detail)],
  );

/**
 * The one kind of a plan whose amount the donor chose (zakat harta, a wakaf gift: the fund registry's
 * chosen amounts); undefined when it is priced from quantities and rates.
 */
const freeAmountKind = (amounts: Record<string, number>): string | undefined => {
  const kinds = Object.keys(amounts);
  const kind = kinds[0];
  return kinds.length === 1 && kind !== undefined && isChosenAmount(kind)
    ? kind
    : undefined;
};

export function recurring(sql: Sql, options: { readonly now: () => number }) {
  const today = () => sgtDate(options.now());

  /** The plan a donation of this owner started; the same lookup for every caller. */
  const ownPlan = async (tx: SqlQuery, donorId: string, transactionNo: string) => {
    const [row] = await tx.query<PlanRow>(
      `select ${planColumns} from recurring_plan p join donation d on d.id = p.first_donation_id
       where p.donor_id = $1 and d.donor_id = $1 and d.transaction_no = $2 for update of p`,
      [donorId, transactionNo],
    );
    return row;
  };

  /**
   * The plan a "manage this gift" token opens, if it is that token's plan, the token has not expired
   * (on the portal's clock) and the plan was started by `transactionNo`; otherwise undefined.
   */
  const planByManageToken = async (tx: SqlQuery, token: string, transactionNo: string) => {
    const [row] = await tx.query<PlanRow>(
      `select ${planColumns}
       from recurring_manage_token t join recurring_plan p on p.id = t.plan_id
       join donation d on d.id = p.first_donation_id
       where t.token_hash = $1 and t.expires_at > $2 and d.transaction_no = $3
       for update of p`,
      [manageTokenHash(token), new Date(options.now()).toISOString(), transactionNo],
    );
    return row;
  };

  const cancel = async (tx: SqlQuery, row: PlanRow, actor: string) => {
    if (row.status === "cancelled") return "alreadyCancelled" as const;
    await tx.query(
      "update recurring_plan set status = 'cancelled', cancelled_at = now(), next_charge_on = null, updated_at = now() where id = $1",
      [row.id],
    );
    await audit(tx, actor, "recurring.cancel", row.id, { transactionNo: row.transaction_no });
    return "cancelled" as const;
  };

  const self = {
    /**
     * Inside the transaction that marks a donation paid: a renewal settles its claim; a first payment
     * with a recurring frequency starts its plan; a card the donor asked to keep is saved.
     */
    onSucceeded: async (tx: SqlQuery, donationId: string, payment: GatewayPayment) => {
      const settled = await tx.query<{ plan_id: string }>(
        `update recurring_charge set status = 'succeeded', settled_at = now()
         where donation_id = $1 and status <> 'succeeded' returning plan_id`,
        [donationId],
      );
      const [renewal] = settled;
      if (renewal) {
        await tx.query(
          "update recurring_plan set consecutive_declines = 0, updated_at = now() where id = $1",
          [renewal.plan_id],
        );
        return;
      }
      const [donation] = await tx.query<{
        frequency: string;
        flow: FlowType;
        total_cents: number;
        amounts: Record<string, number>;
        donor_id: string | null;
        guest_session_id: string | null;
        save_card: boolean;
        renewal: boolean;
        gateway: string | null;
      }>(
        `select d.frequency, d.flow, d.total_cents, d.amounts, d.donor_id, d.guest_session_id, d.save_card,
                exists (select 1 from recurring_charge c where c.donation_id = d.id) as renewal,
                (select a.gateway from payment_attempt a where a.gateway_ref = $2) as gateway
         from donation d where d.id = $1`,
        [donationId, payment.paymentId],
      );
      if (!donation || donation.renewal || !payment.paymentMethodId) return;
      const gateway = donation.gateway ?? "sandbox";
      if (
        isRecurringFrequency(donation.frequency) &&
        (donation.donor_id !== null || donation.guest_session_id !== null)
      ) {
        const anchor = today();
        const planId = randomUUID();
        const [made] = await tx.query<{ id: string }>(
          `insert into recurring_plan (id, donor_id, guest_session_id, first_donation_id, amount_cents, frequency,
             status, card_token, card_brand, card_last4, gateway, flow, amounts, anchor_on, next_charge_on)
           values ($1, $2, $3, $4, $5, $6, 'active', $7, $8, $9, $10, $11, $12, $13, $14)
           on conflict (first_donation_id) do nothing returning id`,
          [
            planId,
            donation.donor_id,
            donation.guest_session_id,
            donationId,
            donation.total_cents,
            donation.frequency,
            payment.paymentMethodId,
            payment.card?.brand ?? null,
            payment.card?.last4 ?? null,
            gateway,
            donation.flow,
            JSON.stringify(donation.amounts),
            anchor,
            chargeDate(anchor, donation.frequency, 1),
          ],
        );
        if (made)
          await audit(tx, "gateway", "recurring.create", planId, {
            donationId,
            frequency: donation.frequency,
            amountCents: Number(donation.total_cents),
          });
      }
      const card = payment.card;
      if (
        donation.save_card &&
        donation.donor_id &&
        card?.expMonth !== undefined &&
        card.expYear !== undefined
      ) {
        await tx.query(
          `insert into saved_card (id, donor_id, gateway, gateway_token, brand, last4, exp_month, exp_year)
           values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (gateway, gateway_token) do nothing`,
          [
            randomUUID(),
            donation.donor_id,
            gateway,
            payment.paymentMethodId,
            card.brand,
            card.last4,
            card.expMonth,
            card.expYear,
          ],
        );
      }
    },

    /**
     * Remember that the donor of an unpaid donation asked to keep the card it is paid with. False
     * when the donation is not this donor's (a card is only ever saved to its payer's own list).
     */
    markSaveCard: async (donationId: string, donorId: string) =>
      (
        await sql.query(
          "update donation set save_card = true where id = $1 and donor_id = $2 returning id",
          [donationId, donorId],
        )
      ).length === 1,

    /** The gateway token of one of the donor's saved cards; undefined for anyone else's. */
    savedCardToken: async (donorId: string, savedCardId: string) => {
      if (!/^[0-9a-f-]{36}$/.test(savedCardId)) return undefined;
      const [row] = await sql.query<{ gateway: string; gateway_token: string }>(
        "select gateway, gateway_token from saved_card where id = $1 and donor_id = $2",
        [savedCardId, donorId],
      );
      return row ? { gateway: row.gateway, token: row.gateway_token } : undefined;
    },

    /** Forget one of the donor's saved cards (plans keep their own copy of the token). */
    removeSavedCard: (donorId: string, savedCardId: string) =>
      sql.transaction(async (tx) => {
        if (!/^[0-9a-f-]{36}$/.test(savedCardId)) return false;
        const [row] = await tx.query<{ last4: string }>(
          "delete from saved_card where id = $1 and donor_id = $2 returning last4",
          [savedCardId, donorId],
        );
        if (!row) return false;
        await tx.query(
          `insert into audit_log (actor, action, entity, entity_id, detail)
           values ('donor', 'savedCard.remove', 'saved_card', $1, $2)`,
          [savedCardId, JSON.stringify({ last4: row.last4 })],
        );
        return true;
      }),

    /** The donor's own plans, active and suspended first, then cancelled; newest first within each. */
    plans: async (donorId: string): Promise<ReadonlyArray<PlanView>> =>
      (
        await sql.query<PlanRow>(
          `select ${planColumns} from recurring_plan p join donation d on d.id = p.first_donation_id
           where p.donor_id = $1 and d.donor_id = $1
           order by p.status = 'cancelled', p.created_at desc, p.id desc`,
          [donorId],
        )
      ).map(toView),

    /** The plan a "manage this gift" link opens (see planByManageToken); undefined otherwise. */
    statusByManageToken: (token: string, transactionNo: string) =>
      sql.transaction(async (tx) => {
        const row = await planByManageToken(tx, token, transactionNo);
        return row ? toView(row) : undefined;
      }),

    /**
     * Inside the transaction that pays a recurring gift's first payment or a renewal: a new "manage
     * this gift" token for its plan (not for a cancelled one), its hash stored, for its e-mail.
     */
    issueManageLink: async (tx: SqlQuery, donationId: string) => {
      const [row] = await tx.query<{
        plan_id: string;
        status: string;
        frequency: RecurringFrequency;
        transaction_no: string;
        lang: "en" | "ms" | null;
      }>(
        `select p.id as plan_id, p.status, p.frequency, f.transaction_no, f.lang
         from recurring_plan p join donation f on f.id = p.first_donation_id
         where p.first_donation_id = $1
            or p.id = (select c.plan_id from recurring_charge c where c.donation_id = $1)
         limit 1`,
        [donationId],
      );
      if (!row || row.status === "cancelled") return undefined;
      const token = randomBytes(32).toString("base64url");
      const time = options.now();
      // The plan's own expired tokens go as a new one comes: the table holds only live links.
      await tx.query("delete from recurring_manage_token where plan_id = $1 and expires_at <= $2", [
        row.plan_id,
        new Date(time).toISOString(),
      ]);
      await tx.query(
        "insert into recurring_manage_token (token_hash, plan_id, expires_at) values ($1, $2, $3)",
        [
          manageTokenHash(token),
          row.plan_id,
          new Date(time + manageLinkLifetimeMs(row.frequency)).toISOString(),
        ],
      );
      return {
        token,
        transactionNo: row.transaction_no,
        frequency: row.frequency,
        lang: row.lang ?? "en",
      } as const;
    },

    /**
     * Cancel the plan a donation of this donor started; a cancelled plan stays cancelled. `notRecurring`
     * for the donor's donation without a plan; undefined when the donation is not theirs.
     */
    cancelOwn: (donorId: string, transactionNo: string) =>
      sql.transaction(async (tx) => {
        const row = await ownPlan(tx, donorId, transactionNo);
        if (row) return cancel(tx, row, "donor");
        const [own] = await tx.query(
          "select 1 from donation where donor_id = $1 and transaction_no = $2",
          [donorId, transactionNo],
        );
        return own ? ("notRecurring" as const) : undefined;
      }),

    /** Cancel through a "manage this gift" link: undefined when it does not open this plan. */
    cancelByManageToken: (token: string, transactionNo: string) =>
      sql.transaction(async (tx) => {
        const row = await planByManageToken(tx, token, transactionNo);
        return row ? cancel(tx, row, "manage-link") : undefined;
      }),

    /**
     * Change the amount and/or card of the donor's own plan. The amount is held to the fund's limits
     * and may change only where the donor chose it (zakat harta, wakaf); a new card also revives a
     * plan suspended after declines, from its next period.
     */
    updatePlan: (
      donorId: string,
      transactionNo: string,
      change: { readonly amountCents?: number; readonly savedCardId?: string },
    ) =>
      sql.transaction(async (tx): Promise<PlanView> => {
        const row = await ownPlan(tx, donorId, transactionNo);
        if (!row) throw new PlanRefused(404, "Invalid Trasnsaction Number", "transaction.notFound");
        if (row.status === "cancelled")
          throw new PlanRefused(409, "This recurring plan was cancelled.", "recurring.cancelled");
        let amounts = row.amounts;
        let amount = Number(row.amount_cents);
        if (change.amountCents !== undefined) {
          const kind = freeAmountKind(row.amounts);
          if (kind === undefined) {
            throw new PlanRefused(
              422,
              "This plan's amount is priced from quantities and rates; start a new plan instead.",
              "recurring.amountFixed",
            );
          }
          const issue = checkAmount(fundOf(row.flow).limits, change.amountCents as Cents);
          if (issue || !Number.isSafeInteger(change.amountCents)) {
            throw new PlanRefused(
              422,
              "The amount is outside this fund's limits.",
              "donation.amount",
            );
          }
          amount = change.amountCents;
          amounts = { [kind]: amount };
        }
        let card: { token: string; gateway: string; brand: string; last4: string } | undefined;
        if (change.savedCardId !== undefined) {
          const [saved] = /^[0-9a-f-]{36}$/.test(change.savedCardId)
            ? await tx.query<{
                gateway: string;
                gateway_token: string;
                brand: string;
                last4: string;
              }>(
                "select gateway, gateway_token, brand, last4 from saved_card where id = $1 and donor_id = $2",
                [change.savedCardId, donorId],
              )
            : [];
          if (!saved) throw new PlanRefused(404, "No such saved card.", "savedCard.notFound");
          card = {
            token: saved.gateway_token,
            gateway: saved.gateway,
            brand: saved.brand,
            last4: saved.last4,
          };
        }
        const revive = card !== undefined && row.status === "suspended";
        const next = revive
          ? chargeDate(
              row.anchor_on,
              row.frequency,
              periodOn(row.anchor_on, row.frequency, today()) + 1,
            )
          : row.next_charge_on;
        const [updated] = await tx.query<PlanRow>(
          `update recurring_plan p set amount_cents = $2, amounts = $3, card_token = $4, gateway = $5,
             card_brand = $6, card_last4 = $7, status = $8, consecutive_declines = $9,
             next_charge_on = $10, updated_at = now()
           from donation d where p.id = $1 and d.id = p.first_donation_id returning ${planColumns}`,
          [
            row.id,
            amount,
            JSON.stringify(amounts),
            card?.token ?? row.card_token,
            card?.gateway ?? row.gateway,
            card?.brand ?? row.card_brand,
            card?.last4 ?? row.card_last4,
            revive ? "active" : row.status,
            card ? 0 : row.consecutive_declines,
            next,
          ],
        );
        await audit(tx, "donor", "recurring.update", row.id, {
          transactionNo,
          amountCents: { from: Number(row.amount_cents), to: amount },
          ...(card ? { cardLast4: { from: row.card_last4, to: card.last4 } } : {}),
          ...(revive ? { revived: true } : {}),
        });
        return toView(updated as PlanRow);
      }),

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
          const donationId = randomUUID();
          const series = receiptSeriesOf(row.flow);
          // Six random digits: many renewals are claimed in the same millisecond.
          const transactionNo = `${series}${options.now()}${randomInt(100_000, 1_000_000)}`;
          await tx.query(
            `insert into donation (id, transaction_no, flow, status, total_cents, amounts, inputs, donor_details,
               frequency, rates_version, client_secret_hash, donor_id, guest_session_id, payment_method,
               card_brand, card_last4, lang, particulars, gift_email, donor_id_encrypted, donor_id_hash)
             select $1, $2, f.flow, 'initiated', $3, $4, $5, f.donor_details, f.frequency, f.rates_version, $6,
                    f.donor_id, f.guest_session_id, 'card', $7, $8, f.lang, f.particulars, f.gift_email,
                    f.donor_id_encrypted, f.donor_id_hash
             from donation f where f.id = $9`,
            [
              donationId,
              transactionNo,
              row.amount_cents,
              JSON.stringify(row.amounts),
              JSON.stringify({ renewal: { planId, period } }),
              createHash("sha256").update(randomBytes(32)).digest(),
              row.card_brand,
              row.card_last4,
              row.first_donation_id,
            ],
          );
          const [claimed] = await tx.query(
            `insert into recurring_charge (plan_id, period, donation_id) values ($1, $2, $3)
             on conflict (plan_id, period) do nothing returning period`,
            [planId, period, donationId],
          );
          if (!claimed) throw new ClaimTaken();
          await tx.query(
            "update recurring_plan set last_period = $2, next_charge_on = $3, updated_at = now() where id = $1",
            [planId, period, chargeDate(row.anchor_on, row.frequency, period + 1)],
          );
          await audit(tx, "scheduler", "recurring.claim", planId, { period, donationId });
          return {
            planId,
            period,
            donationId,
            transactionNo,
            amountCents: Number(row.amount_cents),
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
     * Payment attempts still open (initiated or pending) and older than `olderThanSeconds`: what
     * reconciliation asks the gateway about. Two days back at most: an older one was abandoned.
     */
    openAttempts: async (olderThanSeconds: number) =>
      (
        await sql.query<{ donation_id: string; gateway: string; gateway_ref: string }>(
          `select donation_id, gateway, gateway_ref from payment_attempt
           where status in ('initiated', 'pending') and gateway_ref is not null
             and created_at <= now() - make_interval(secs => $1)
             and created_at > now() - interval '2 days'
           order by created_at limit 500`,
          [olderThanSeconds],
        )
      ).map((row) => ({
        donationId: row.donation_id,
        gateway: row.gateway,
        gatewayRef: row.gateway_ref,
      })),
  };
  return self;
}

class ClaimTaken extends Error {}

export type Recurring = ReturnType<typeof recurring>;
