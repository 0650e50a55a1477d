import { createHash } from "node:crypto";
import { isChosenAmount, type FlowType, type RecurringFrequency } from "@portal/domain";
import { RecordRefused } from "./refused";
import type { SqlQuery } from "./sql";

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

export const manageTokenHash = (token: string) => createHash("sha256").update(token).digest();

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

export interface PlanRow {
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
  /** The plan charges an instalment plan's months: their amounts are the schedule's. */
  instalment: boolean;
}

export const planColumns = `p.id, p.donor_id, p.status, p.frequency, p.flow, p.amount_cents, p.amounts, p.card_token,
  p.card_brand, p.card_last4, p.gateway, p.anchor_on::text as anchor_on,
  p.next_charge_on::text as next_charge_on, p.last_period, p.consecutive_declines,
  d.transaction_no,
  exists (select 1 from instalment_plan i where i.recurring_plan_id = p.id) as instalment`;

export const toView = (row: PlanRow): PlanView => ({
  transactionNo: row.transaction_no,
  isRecurring: true,
  recurringStatus: row.status,
  frequency: row.frequency,
  nextDonationDate: row.status === "active" ? row.next_charge_on : null,
  amountCents: Number(row.amount_cents),
  card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
  flow: row.flow,
  amountEditable: !row.instalment && freeAmountKind(row.amounts) !== undefined,
});

/** An audit line about one row of `entity` (a recurring plan, an instalment plan). */
export const auditOf =
  (entity: "recurring_plan" | "instalment_plan") =>
  (tx: SqlQuery, actor: string, action: string, id: string, detail: unknown) =>
    tx.query(
      `insert into audit_log (actor, action, entity, entity_id, detail) values ($1, $2, $3, $4, $5)`,
      [actor, action, entity, id, JSON.stringify(detail)],
    );

export const audit = auditOf("recurring_plan");

/**
 * The one kind of a plan whose amount the donor chose (zakat harta, a wakaf gift: the fund registry's
 * chosen amounts); undefined when it is priced from quantities and rates.
 */
export const freeAmountKind = (amounts: Record<string, number>): string | undefined => {
  const kinds = Object.keys(amounts);
  const kind = kinds[0];
  return kinds.length === 1 && kind !== undefined && isChosenAmount(kind) ? kind : undefined;
};
