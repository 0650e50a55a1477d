import { randomUUID } from "node:crypto";
import {
  addDays,
  checkAmount,
  chargeDate,
  fundOf,
  instalmentPlan,
  sgtDate,
  type Cents,
  type GatewayPayment,
  type SgtDate,
} from "@portal/domain";
import {
  auditInstalment,
  hasEnded,
  INSTALMENT_HAUL_DAYS_MAX,
  INSTALMENT_PLANS_A_YEAR_MAX,
  INSTALMENT_PLANS_LIVE_MAX,
  instalmentColumns,
  InstalmentRefused,
  instalmentView,
  scheduleOf,
  type InstalmentInput,
  type InstalmentPart,
  type InstalmentRow,
} from "./instalment-model";
import { audit } from "./recurring-model";
import type { Sql, SqlQuery } from "./sql";

export * from "./instalment-model";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const notFound = () => new InstalmentRefused("instalment.notFound", "No such instalment plan.");

/** A real calendar day written YYYY-MM-DD. */
const isDay = (text: string) => {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/**
 * Instalment plans (issue 33, docs/instalments.md): a signed-in donor's monthly plan towards a saved
 * assessment's zakat, to the haul's due date. Only the donor's own rows are ever read or changed
 * (another donor's id answers as a missing one). The months are charged by the recurring-plan
 * machinery: the first month's payment at checkout starts a monthly `recurring_plan` (see `onPaid`),
 * whose renewals take the schedule's amounts (`renewalTerms`) and end with its last month.
 */
export function instalmentPlans(sql: Sql, options: { readonly now: () => number }) {
  const today = (): SgtDate => sgtDate(options.now());

  const own = async (tx: SqlQuery, donorId: string, id: string, lock = false) => {
    if (!UUID.test(id)) return undefined;
    const [row] = await tx.query<InstalmentRow>(
      `select ${instalmentColumns} from instalment_plan p where p.id = $1 and p.donor_id = $2
       ${lock ? "for update of p" : ""}`,
      [id, donorId],
    );
    return row;
  };

  /** Stop a plan and the recurring plan that charges its months; audited. */
  const stop = async (tx: SqlQuery, row: InstalmentRow, actor: string) => {
    if (row.status === "stopped") return;
    await tx.query(
      "update instalment_plan set status = 'stopped', stopped_at = now() where id = $1",
      [row.id],
    );
    if (row.recurring_plan_id) {
      const [cancelled] = await tx.query<{ id: string }>(
        `update recurring_plan set status = 'cancelled', cancelled_at = now(), next_charge_on = null,
           updated_at = now() where id = $1 and status <> 'cancelled' returning id`,
        [row.recurring_plan_id],
      );
      if (cancelled)
        await audit(tx, actor, "recurring.cancel", row.recurring_plan_id, {
          instalmentPlanId: row.id,
        });
    }
    await auditInstalment(tx, actor, "instalment.stop", row.id, {});
  };

  return {
    /** The donor's own plans, newest first, each with its months, paid and remaining. */
    mine: async (donorId: string) => {
      const rows = await sql.query<InstalmentRow>(
        `select ${instalmentColumns} from instalment_plan p where p.donor_id = $1
         order by p.status = 'stopped', p.created_at desc, p.id desc`,
        [donorId],
      );
      return rows.map((row) => instalmentView(row, today()));
    },

    /**
     * Start a plan towards one of the donor's saved assessments, ending at `haulOn` (after today, at
     * most a haul of 355 days away). The amount is the assessment's total as stored, or the zakat the
     * server worked out from the donor's own haul tracker (`haulCents`, never a page's figure); each
     * month is held to the zakat fund's limits. Bounded: three plans not stopped at once, twelve a
     * year. The plan is `pending` until its first month is paid at checkout.
     */
    start: (
      donorId: string,
      input: {
        from: { readonly assessmentId: string } | { readonly haulCents: number };
        haulOn: string;
        lang: "en" | "ms";
      },
    ) =>
      sql.transaction(async (tx) => {
        const on = today();
        if (
          !isDay(input.haulOn) ||
          input.haulOn <= on ||
          input.haulOn > addDays(on, INSTALMENT_HAUL_DAYS_MAX)
        ) {
          throw new InstalmentRefused(
            "instalment.haulDate",
            `The haul date must be after today and at most ${INSTALMENT_HAUL_DAYS_MAX} days away.`,
          );
        }
        // One writer per donor: plans started at once cannot pass the caps.
        const [donor] = await tx.query("select id from donor where id = $1 for update", [donorId]);
        if (!donor) throw notFound();
        const assessmentId = "assessmentId" in input.from ? input.from.assessmentId : null;
        const [assessment] =
          assessmentId === null
            ? [{ total_cents: "haulCents" in input.from ? input.from.haulCents : 0 }]
            : UUID.test(assessmentId)
              ? await tx.query<{ total_cents: number }>(
                  "select total_cents from zakat_assessment where id = $1 and donor_id = $2",
                  [assessmentId, donorId],
                )
              : [];
        if (!assessment)
          throw new InstalmentRefused("instalment.assessmentNotFound", "No such saved assessment.");
        const amount = Number(assessment.total_cents) as Cents;
        if (amount <= 0)
          throw new InstalmentRefused("instalment.nothingDue", "This assessment has no zakat due.");
        const plan = instalmentPlan({ amount, firstDate: on, haulDate: input.haulOn as SgtDate });
        const limits = fundOf("ZAKAT").limits;
        if (plan.months.some((month) => checkAmount(limits, month.amount) !== null)) {
          throw new InstalmentRefused(
            "instalment.monthAmount",
            "Each month's amount must be within the zakat fund's limits.",
          );
        }
        const [counts] = await tx.query<{ live: number; year: number }>(
          `select count(*) filter (where status <> 'stopped')::int as live,
                  count(*) filter (where created_at > now() - interval '365 days')::int as year
           from instalment_plan where donor_id = $1`,
          [donorId],
        );
        if (
          (counts?.live ?? 0) >= INSTALMENT_PLANS_LIVE_MAX ||
          (counts?.year ?? 0) >= INSTALMENT_PLANS_A_YEAR_MAX
        ) {
          throw new InstalmentRefused(
            "instalment.limit",
            `At most ${INSTALMENT_PLANS_LIVE_MAX} plans at once and ${INSTALMENT_PLANS_A_YEAR_MAX} a year.`,
          );
        }
        const id = randomUUID();
        await tx.query(
          `insert into instalment_plan (id, donor_id, assessment_id, amount_cents, first_on, haul_on, months, lang)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [id, donorId, assessmentId, amount, on, input.haulOn, plan.months.length, input.lang],
        );
        await auditInstalment(tx, "donor", "instalment.start", id, {
          from: assessmentId === null ? "haul" : "assessment",
          amountCents: amount,
          haulOn: input.haulOn,
          months: plan.months.length,
        });
        const row = await own(tx, donorId, id);
        return instalmentView(row as InstalmentRow, on);
      }),

    /** Stop the donor's own plan (and its charges); undefined when it is not theirs. */
    stopOwn: (donorId: string, id: string) =>
      sql.transaction(async (tx) => {
        const row = await own(tx, donorId, id, true);
        if (!row) return undefined;
        await stop(tx, row, "donor");
        return instalmentView((await own(tx, donorId, id)) as InstalmentRow, today());
      }),

    /**
     * What a checkout payment of the donor's plan must be, worked out here: the first month (a pending
     * plan; its schedule starts again from today when it was started on an earlier day) or the
     * settling difference (a plan whose end has come, less than the assessment paid). The page's
     * figure is compared with it by the caller; anything else is refused.
     */
    paymentFor: (donorId: string, id: string, part: InstalmentPart) =>
      sql.transaction(async (tx) => {
        const row = await own(tx, donorId, id, true);
        if (!row) throw notFound();
        const on = today();
        if (part === "first") {
          if (row.status !== "pending")
            throw new InstalmentRefused("instalment.started", "This plan has started already.");
          let first = row;
          if (row.first_on !== on) {
            const moved = instalmentPlan({
              amount: Number(row.amount_cents) as Cents,
              firstDate: on,
              haulDate: row.haul_on as SgtDate,
            });
            if (moved.months.length === 0)
              throw new InstalmentRefused("instalment.haulDate", "The haul date has passed.");
            await tx.query("update instalment_plan set first_on = $2, months = $3 where id = $1", [
              row.id,
              on,
              moved.months.length,
            ]);
            first = { ...row, first_on: on, months: moved.months.length };
          }
          const months = scheduleOf(first).months;
          const input: InstalmentInput = { planId: row.id, k: 1, n: months.length };
          return { amountCents: Number(months[0]?.amount ?? 0), input, monthly: months.length > 1 };
        }
        const view = instalmentView(row, on);
        if (!hasEnded(row, on) || view.settlement?.kind !== "offer")
          throw new InstalmentRefused("instalment.nothingToSettle", "Nothing is left to settle.");
        const input: InstalmentInput = { planId: row.id, settle: true };
        return { amountCents: view.settlement.amountCents, input, monthly: false };
      }),

    /**
     * The settling offers due: active plans whose end has come and whose offer was not sent, with
     * where to send it (the donor's sign-in e-mail) and what is left; `limit` at a time.
     */
    offersDue: async (limit = 100) => {
      const rows = await sql.query<InstalmentRow & { email: string | null }>(
        `select ${instalmentColumns},
           (select lower(l.email) from identity_link l where l.donor_id = p.donor_id and l.email is not null
            order by 1 limit 1) as email
         from instalment_plan p
         where p.status = 'active' and p.settle_offered_at is null and p.haul_on <= $1::date
         order by p.haul_on, p.id limit $2`,
        [today(), limit],
      );
      return rows
        .filter((row) => hasEnded(row, today()))
        .map((row) => ({ row, view: instalmentView(row, today()), email: row.email }));
    },

    /**
     * Mark a plan's offer sent, once, and queue its mail in the same transaction (`queue`, given the
     * transaction); false when it was sent already (another instance, or an earlier pass).
     */
    markOffered: (id: string, queue: (tx: SqlQuery) => Promise<unknown>) =>
      sql.transaction(async (tx) => {
        const [marked] = await tx.query(
          `update instalment_plan set settle_offered_at = now()
           where id = $1 and settle_offered_at is null returning id`,
          [id],
        );
        if (!marked) return false;
        await queue(tx);
        return true;
      }),

    ...planHooks(options),
  };
}

/**
 * What the recurring-plan machinery asks of instalments inside its own transactions: starting the
 * plan when its first month is paid, the amount and end of each renewal, and stopping a plan whose
 * recurring plan was cancelled (from the account or its manage link).
 */
function planHooks(options: { readonly now: () => number }) {
  return {
    /**
     * A paid donation of a plan (inside the transaction that marks it paid). The first month of a
     * pending plan activates it and, for a plan of several months, starts its monthly recurring plan
     * on the card just paid with, anchored on the plan's first day; a repeated or late first payment
     * starts nothing more. True when the donation belonged to a plan (no ordinary plan is started).
     */
    onPaid: async (
      tx: SqlQuery,
      donationId: string,
      payment: GatewayPayment,
      gateway: string,
    ): Promise<boolean> => {
      const [donation] = await tx.query<{
        instalment: InstalmentInput | null;
        donor_id: string | null;
      }>(
        "select d.inputs -> 'instalment' as instalment, d.donor_id from donation d where d.id = $1",
        [donationId],
      );
      const instalment = donation?.instalment;
      if (!instalment || !donation.donor_id) return false;
      if (!("k" in instalment) || instalment.k !== 1) return true;
      const [row] = await tx.query<InstalmentRow>(
        `select ${instalmentColumns} from instalment_plan p where p.id = $1 and p.donor_id = $2
         for update of p`,
        [instalment.planId, donation.donor_id],
      );
      if (!row || row.status !== "pending") return true;
      const months = scheduleOf(row).months;
      const second = months[1];
      let planId: string | null = null;
      if (second && payment.paymentMethodId) {
        planId = randomUUID();
        await tx.query(
          `insert into recurring_plan (id, donor_id, first_donation_id, amount_cents, frequency, status,
             card_token, card_brand, card_last4, gateway, flow, amounts, anchor_on, next_charge_on)
           values ($1, $2, $3, $4, 'monthly', 'active', $5, $6, $7, $8, 'ZAKAT', $9, $10, $11)
           on conflict (first_donation_id) do nothing`,
          [
            planId,
            donation.donor_id,
            donationId,
            second.amount,
            payment.paymentMethodId,
            payment.card?.brand ?? null,
            payment.card?.last4 ?? null,
            gateway,
            JSON.stringify({ harta: second.amount }),
            row.first_on,
            chargeDate(row.first_on as SgtDate, "monthly", 1),
          ],
        );
      }
      await tx.query(
        "update instalment_plan set status = 'active', recurring_plan_id = $2 where id = $1",
        [row.id, planId],
      );
      await auditInstalment(tx, "gateway", "instalment.active", row.id, { donationId });
      return true;
    },

    /**
     * A renewal of a recurring plan that charges an instalment plan's months: that period's amount,
     * its "k of n", and whether it is the last (the plan then has no next charge). Undefined for an
     * ordinary plan.
     */
    renewalTerms: async (tx: SqlQuery, recurringPlanId: string, period: number) => {
      const [row] = await tx.query<InstalmentRow>(
        `select ${instalmentColumns} from instalment_plan p where p.recurring_plan_id = $1`,
        [recurringPlanId],
      );
      if (!row) return undefined;
      const months = scheduleOf(row).months;
      const month = months[period];
      return {
        amountCents: month ? Number(month.amount) : 0,
        input: { planId: row.id, k: period + 1, n: months.length } satisfies InstalmentInput,
        last: period + 1 >= months.length,
        stopped: row.status === "stopped" || !month,
      };
    },

    /** A recurring plan was cancelled (account or manage link): its instalment plan stops too. */
    onRecurringCancelled: async (tx: SqlQuery, recurringPlanId: string, actor: string) => {
      const [row] = await tx.query<{ id: string }>(
        `update instalment_plan set status = 'stopped', stopped_at = now()
         where recurring_plan_id = $1 and status <> 'stopped' returning id`,
        [recurringPlanId],
      );
      if (row) await auditInstalment(tx, actor, "instalment.stop", row.id, {});
    },

    /** Today, as the plans see it (the portal's clock). */
    today: () => sgtDate(options.now()),
  };
}

export type InstalmentPlans = ReturnType<typeof instalmentPlans>;
export const instalmentHooks = planHooks;
