import { DAY_MS, sgtParts } from "./format/sgt.ts";

/** How often a donation repeats (the wire's `frequency`); "one time" does not repeat. */
export const FREQUENCIES = [
  "one time",
  "daily",
  "weekly",
  "monthly",
  "quarterly",
  "annually",
] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export type RecurringFrequency = Exclude<Frequency, "one time">;

export const isRecurringFrequency = (value: string): value is RecurringFrequency =>
  value !== "one time" && (FREQUENCIES as ReadonlyArray<string>).includes(value);

/** A calendar date in Singapore, `YYYY-MM-DD`. Plans are due on dates, not instants. */
export type SgtDate = string;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The Singapore calendar date of an instant (UTC+8, no daylight saving). */
export const sgtDate = (epochMs: number): SgtDate => {
  const p = sgtParts(epochMs);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
};

const parse = (date: SgtDate): { year: number; month: number; day: number } => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a calendar date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
};

const format = (utcMs: number): SgtDate => {
  const d = new Date(utcMs);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** Days in a month (1 to 12) of a year, leap years included. */
export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

const stepOf: Readonly<Record<RecurringFrequency, { unit: "day" | "month"; size: number }>> = {
  daily: { unit: "day", size: 1 },
  weekly: { unit: "day", size: 7 },
  monthly: { unit: "month", size: 1 },
  quarterly: { unit: "month", size: 3 },
  annually: { unit: "month", size: 12 },
};

/**
 * The date of charge number `period` of a plan first paid on `anchor` (period 0 is the first
 * payment). Always counted from the anchor, so month ends do not drift: a plan begun on 31 January
 * is charged on 28 (or 29) February, 31 March, 30 April, 31 May...; one begun on 29 February each
 * year on 28 February, and on 29 February again in leap years.
 */
export const chargeDate = (
  anchor: SgtDate,
  frequency: RecurringFrequency,
  period: number,
): SgtDate => {
  const { year, month, day } = parse(anchor);
  const step = stepOf[frequency];
  if (step.unit === "day")
    return format(Date.UTC(year, month - 1, day) + period * step.size * DAY_MS);
  const months = month - 1 + period * step.size;
  const y = year + Math.floor(months / 12);
  const m = (((months % 12) + 12) % 12) + 1;
  return format(Date.UTC(y, m - 1, Math.min(day, daysInMonth(y, m))));
};

/**
 * The period a plan is in on `today`: the latest charge whose date has come (0 before the first
 * renewal is due). The scheduler charges this period if it has not been charged yet.
 */
export const periodOn = (
  anchor: SgtDate,
  frequency: RecurringFrequency,
  today: SgtDate,
): number => {
  if (today <= anchor) return 0;
  const a = parse(anchor);
  const t = parse(today);
  const step = stepOf[frequency];
  let period =
    step.unit === "day"
      ? Math.floor(
          (Date.UTC(t.year, t.month - 1, t.day) - Date.UTC(a.year, a.month - 1, a.day)) /
            DAY_MS /
            step.size,
        )
      : Math.floor(((t.year - a.year) * 12 + (t.month - a.month)) / step.size);
  // A month count can run one ahead of the calendar (anchor 31 Jan, today 15 Feb): step back.
  while (period > 0 && chargeDate(anchor, frequency, period) > today) period -= 1;
  return period;
};

/**
 * What happens after a declined renewal: the charge is recorded as failed and the plan waits for its
 * next period (no second charge in the same period, so a donor is never charged twice for one
 * period); after this many declined periods in a row the plan is suspended until its owner gives it
 * another card.
 */
export const MAX_CONSECUTIVE_DECLINES = 3;

export const planAfterDecline = (
  consecutiveDeclines: number,
): { readonly consecutiveDeclines: number; readonly status: "active" | "suspended" } => {
  const next = consecutiveDeclines + 1;
  return {
    consecutiveDeclines: next,
    status: next >= MAX_CONSECUTIVE_DECLINES ? "suspended" : "active",
  };
};
