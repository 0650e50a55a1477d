import { sumCents, ZERO, cents, type Cents } from "../money.ts";
import { chargeDate, type SgtDate } from "../recurring.ts";
import { dayOf } from "./days.ts";

/** What a plan is made from: the assessed amount, the first month's date and the haul's end. */
export interface InstalmentPlanInput {
  readonly amount: Cents;
  readonly firstDate: SgtDate;
  /** The haul date: the plan's last month falls on or before it. */
  readonly haulDate: SgtDate;
}

/** One month of a plan. */
export interface Instalment {
  /** 0 for the first month. */
  readonly index: number;
  readonly date: SgtDate;
  readonly amount: Cents;
}

/** A monthly plan towards an assessed amount. */
export interface InstalmentPlan {
  readonly amount: Cents;
  readonly haulDate: SgtDate;
  readonly months: ReadonlyArray<Instalment>;
}

/**
 * The monthly plan: one instalment a month from `firstDate` (on its day of the month, a shorter month's
 * last day when it has none, as recurring plans are charged) up to and including the haul date. The
 * amount is split in whole cents: each month gets amount / months rounded down, and the cents left over
 * go one each to the earliest months, so the months add up to the amount exactly and differ by at most
 * a cent. A first date after the haul date gives no months (the whole amount is then settled at once).
 */
export const instalmentPlan = (input: InstalmentPlanInput): InstalmentPlan => {
  if (!Number.isSafeInteger(input.amount) || input.amount < 0) {
    throw new RangeError(`not an amount to plan: ${input.amount}`);
  }
  const end = dayOf(input.haulDate);
  const dates: SgtDate[] = [];
  for (let i = 0; ; i++) {
    const date = chargeDate(input.firstDate, "monthly", i);
    if (dayOf(date) > end) break;
    dates.push(date);
  }
  const n = dates.length;
  const each = n === 0 ? 0 : Math.floor(input.amount / n);
  const extra = n === 0 ? 0 : input.amount - each * n;
  return {
    amount: input.amount,
    haulDate: input.haulDate,
    months: dates.map((date, index) => ({
      index,
      date,
      amount: cents(each + (index < extra ? 1 : 0)),
    })),
  };
};

/** A month as the donor sees it: paid (the payments cover it), due (its date has come) or upcoming. */
export type InstalmentStatus = "paid" | "due" | "upcoming";

/** What has been paid towards a plan and what remains. */
export interface InstalmentProgress {
  readonly paid: Cents;
  readonly remaining: Cents;
  readonly months: ReadonlyArray<Instalment & { readonly status: InstalmentStatus }>;
}

/**
 * Paid and remaining on `asOf`: payments count towards the months in order, so a month is paid when
 * everything paid covers it and every month before it; remaining is the plan's amount less what was
 * paid, never below zero.
 */
export const instalmentProgress = (
  plan: InstalmentPlan,
  payments: ReadonlyArray<Cents>,
  asOf: SgtDate,
): InstalmentProgress => {
  const paid = sumCents(payments);
  const today = dayOf(asOf);
  let planned = 0;
  const months = plan.months.map((month) => {
    planned += month.amount;
    const status: InstalmentStatus =
      paid >= planned ? "paid" : dayOf(month.date) <= today ? "due" : "upcoming";
    return { ...month, status };
  });
  return { paid, remaining: paid >= plan.amount ? ZERO : cents(plan.amount - paid), months };
};

/**
 * At the haul's end the zakat due (the haul rule's amount) may differ from what the plan collected.
 * The difference is offered to the donor to settle, never charged: `offer` when less was paid than is
 * due, `paidMore` when more was paid, `settled` when they match.
 */
export type Settlement =
  | { readonly kind: "settled" }
  | { readonly kind: "offer"; readonly amount: Cents }
  | { readonly kind: "paidMore"; readonly amount: Cents };

/** The settling difference between the zakat due at the haul's end and what was paid. */
export const settlement = (due: Cents, paid: Cents): Settlement =>
  due > paid
    ? { kind: "offer", amount: cents(due - paid) }
    : due < paid
      ? { kind: "paidMore", amount: cents(paid - due) }
      : { kind: "settled" };
