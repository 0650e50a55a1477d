import { randomBytes, randomUUID } from "node:crypto";
import {
  chargeDate,
  checkAmount,
  isRecurringFrequency,
  fundOf,
  periodOn,
  sgtDate,
  type Cents,
  type FlowType,
  type GatewayPayment,
  type RecurringFrequency,
} from "@portal/domain";
import {
  audit,
  freeAmountKind,
  manageLinkLifetimeMs,
  manageTokenHash,
  planColumns,
  PlanRefused,
  toView,
  type PlanRow,
  type PlanView,
} from "./recurring-model";
import { renewals } from "./recurring-renewals";
import { instalmentHooks } from "./instalments";
import type { Sql, SqlQuery } from "./sql";

export * from "./recurring-model";

/**
 * Recurring plans as their owners and the payment flow see them: a plan started with its first
 * payment, saved cards, manage links, cancelling and changing a plan; the scheduler's renewals are
 * in recurring-renewals.ts.
 */
export function recurring(sql: Sql, options: { readonly now: () => number }) {
  const today = () => sgtDate(options.now());
  const instalments = instalmentHooks(options);

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
    await instalments.onRecurringCancelled(tx, row.id, actor);
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
      // An instalment plan's payment starts (or belongs to) that plan, never an ordinary one.
      const instalment = await instalments.onPaid(tx, donationId, payment, gateway);
      if (
        !instalment &&
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
        if (!row) throw new PlanRefused("transaction.notFound", "Invalid Trasnsaction Number");
        if (row.status === "cancelled")
          throw new PlanRefused("recurring.cancelled", "This recurring plan was cancelled.");
        let amounts = row.amounts;
        let amount = Number(row.amount_cents);
        if (change.amountCents !== undefined) {
          const kind = row.instalment ? undefined : freeAmountKind(row.amounts);
          if (kind === undefined) {
            throw new PlanRefused(
              "recurring.amountFixed",
              "This plan's amount is priced from quantities and rates; start a new plan instead.",
            );
          }
          const issue = checkAmount(fundOf(row.flow).limits, change.amountCents as Cents);
          if (issue || !Number.isSafeInteger(change.amountCents)) {
            throw new PlanRefused("donation.amount", "The amount is outside this fund's limits.");
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
          if (!saved) throw new PlanRefused("savedCard.notFound", "No such saved card.");
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

    ...renewals(sql, options),
  };
  return self;
}

export type Recurring = ReturnType<typeof recurring>;
