import {
  cents,
  instalmentPlan,
  instalmentProgress,
  settlement,
  type InstalmentStatus,
  type SgtDate,
} from "@portal/domain";
import { auditOf } from "./recurring-model";
import { RecordRefused } from "./refused";

/** Plans not yet stopped (pending or active) a donor may hold at once. */
export const INSTALMENT_PLANS_LIVE_MAX = 3;
/** Plans a donor may start in 365 days, stopped ones counted: creation is bounded. */
export const INSTALMENT_PLANS_A_YEAR_MAX = 12;
/** A haul is 355 days: a plan's end is at most that far from its first month. */
export const INSTALMENT_HAUL_DAYS_MAX = 355;

export class InstalmentRefused extends RecordRefused {}

/** Which payment of a plan a donation is: its first month (at checkout) or the settling difference. */
export type InstalmentPart = "first" | "settle";

/** What a donation of a plan carries in `donation.inputs.instalment` (its receipt line). */
export type InstalmentInput =
  | { readonly planId: string; readonly k: number; readonly n: number }
  | { readonly planId: string; readonly settle: true };

/** A plan as its owner sees it. */
export interface InstalmentPlanView {
  readonly id: string;
  /** `ended`: active, and its last month and the haul date have come (the settling offer stands). */
  readonly status: "pending" | "active" | "stopped" | "ended";
  readonly assessmentId: string | null;
  readonly amountCents: number;
  readonly firstOn: string;
  readonly haulOn: string;
  readonly months: ReadonlyArray<{
    readonly index: number;
    readonly date: string;
    readonly amountCents: number;
    readonly status: InstalmentStatus;
  }>;
  readonly paidCents: number;
  readonly remainingCents: number;
  /** At the end: what settles the plan against the assessed amount (an offer, never charged). */
  readonly settlement: {
    readonly kind: "settled" | "offer" | "paidMore";
    readonly amountCents: number;
  } | null;
  /** The first month's transaction number: its recurring plan's manage link and account row. */
  readonly transactionNo: string | null;
}

export interface InstalmentRow {
  id: string;
  donor_id: string;
  status: "pending" | "active" | "stopped";
  assessment_id: string | null;
  amount_cents: number;
  first_on: string;
  haul_on: string;
  months: number;
  lang: "en" | "ms";
  recurring_plan_id: string | null;
  paid_cents: number;
  transaction_no: string | null;
}

/** A plan's columns with what its own donor's paid donations of it add up to. */
export const instalmentColumns = `p.id, p.donor_id, p.status, p.assessment_id, p.amount_cents,
  p.first_on::text as first_on, p.haul_on::text as haul_on, p.months, p.lang, p.recurring_plan_id,
  coalesce((select sum(d.total_cents) from donation d
            where d.inputs -> 'instalment' ->> 'planId' = p.id::text and d.donor_id = p.donor_id
              and d.status = 'succeeded'), 0) as paid_cents,
  (select f.transaction_no from recurring_plan r join donation f on f.id = r.first_donation_id
    where r.id = p.recurring_plan_id) as transaction_no`;

/** The schedule a row was made with (its first day, haul day and amount). */
export const scheduleOf = (row: Pick<InstalmentRow, "amount_cents" | "first_on" | "haul_on">) =>
  instalmentPlan({
    amount: cents(Number(row.amount_cents)),
    firstDate: row.first_on as SgtDate,
    haulDate: row.haul_on as SgtDate,
  });

/** Whether a plan's months and haul date are behind it on `today`: the settling offer stands. */
export const hasEnded = (row: InstalmentRow, today: SgtDate) => {
  const last = scheduleOf(row).months.at(-1)?.date ?? row.haul_on;
  return row.status === "active" && today > last && today >= row.haul_on;
};

export const instalmentView = (row: InstalmentRow, today: SgtDate): InstalmentPlanView => {
  const plan = scheduleOf(row);
  const paid = cents(Number(row.paid_cents));
  const progress = instalmentProgress(plan, [paid], today);
  const ended = hasEnded(row, today);
  const settle = ended ? settlement(plan.amount, paid) : undefined;
  return {
    id: row.id,
    status: ended ? "ended" : row.status,
    assessmentId: row.assessment_id,
    amountCents: plan.amount,
    firstOn: row.first_on,
    haulOn: row.haul_on,
    months: progress.months.map((month) => ({
      index: month.index,
      date: month.date,
      amountCents: month.amount,
      status: month.status,
    })),
    paidCents: progress.paid,
    remainingCents: progress.remaining,
    settlement: settle
      ? { kind: settle.kind, amountCents: settle.kind === "settled" ? 0 : settle.amount }
      : null,
    transactionNo: row.transaction_no,
  };
};

export const auditInstalment = auditOf("instalment_plan");
