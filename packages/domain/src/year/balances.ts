import type { Cents } from "../money.ts";
import type { SgtDate } from "../recurring.ts";
import { daysInMonth } from "../recurring.ts";
import { dayOf } from "./days.ts";

/** A balance the donor recorded: it holds from its date until the next record. */
export interface DatedBalance {
  readonly date: SgtDate;
  readonly balance: Cents;
}

/** A month-end balance (`month` is `YYYY-MM`), as a bank statement gives it. */
export interface MonthEndBalance {
  readonly month: string;
  readonly balance: Cents;
}

/** Month-end balances as dated balances, each on its month's last day. */
export const monthEndBalances = (rows: ReadonlyArray<MonthEndBalance>): DatedBalance[] =>
  rows.map(({ month, balance }) => {
    const match = /^(\d{4})-(\d{2})$/.exec(month);
    const [year, m] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
    if (!match || m < 1 || m > 12) throw new RangeError(`not a month: ${month}`);
    return { date: `${match[1]}-${match[2]}-${String(daysInMonth(year, m))}`, balance };
  });

/** One step of the published nisab: `nisab` is in force from `from` until the next step. */
export interface NisabStep {
  readonly from: SgtDate;
  readonly nisab: Cents;
}

/** The nisab over time: the council publishes it monthly (the value of 86 g of gold). */
export type NisabSchedule = ReadonlyArray<NisabStep>;

/** A step function of day numbers: `value` holds from `day` until the next step's day. */
export interface DayStep<A> {
  readonly day: number;
  readonly value: A;
}

/**
 * Dated values as day steps, oldest first; of two values on one date the later one given wins (a
 * corrected record replaces the first).
 */
export const daySteps = <A>(rows: ReadonlyArray<{ readonly date: SgtDate; readonly value: A }>) => {
  // Rows already in date order (as the haul tracker's readers give them): one pass, no map or sort.
  const steps: Array<{ day: number; value: A }> = [];
  let sorted = true;
  for (const row of rows) {
    const day = dayOf(row.date);
    const last = steps[steps.length - 1];
    if (last === undefined || day > last.day) steps.push({ day, value: row.value });
    else if (day === last.day) last.value = row.value;
    else {
      sorted = false;
      break;
    }
  }
  if (sorted) return steps as ReadonlyArray<DayStep<A>>;
  const byDay = new Map<number, A>();
  for (const row of rows) byDay.set(dayOf(row.date), row.value);
  return [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, value]): DayStep<A> => ({ day, value }));
};

/** The value of a step function on `day` (binary search), or undefined before its first step. */
export const stepAt = <A>(steps: ReadonlyArray<DayStep<A>>, day: number): A | undefined => {
  let lo = 0;
  let hi = steps.length - 1;
  let found: A | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const step = steps[mid]!;
    if (step.day <= day) {
      found = step.value;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
};

/** The nisab schedule as day steps (needs at least one step). */
export const nisabSteps = (schedule: NisabSchedule): ReadonlyArray<DayStep<Cents>> => {
  if (schedule.length === 0) throw new RangeError("the nisab schedule is empty");
  // A schedule is read-only: its steps are worked out once (the reminder job asks per wealth).
  let steps = nisabStepsOf.get(schedule);
  if (!steps) {
    steps = daySteps(schedule.map((s) => ({ date: s.from, value: s.nisab })));
    nisabStepsOf.set(schedule, steps);
  }
  return steps;
};
const nisabStepsOf = new WeakMap<NisabSchedule, ReadonlyArray<DayStep<Cents>>>();

/**
 * The nisab in force on a date: the latest step from on or before it. Before the first published step
 * the earliest one stands in (the schedule should reach back to the donor's first record).
 */
export const nisabOn = (schedule: NisabSchedule, date: SgtDate): Cents => {
  const steps = nisabSteps(schedule);
  return stepAt(steps, dayOf(date)) ?? steps[0]!.value;
};
