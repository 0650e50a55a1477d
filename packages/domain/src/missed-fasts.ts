import type { RateConfig } from "./config.ts";
import type { FidyahCategory } from "./fidyah.ts";
import type { FlowType } from "./flow.ts";
import { ALL_FUNDS } from "./funds/lookup.ts";
import { timesCount, type Cents } from "./money.ts";

// Issue 33: the donor's log of missed fasts (signed in), by Hijri year and reason, and the fidyah they
// owe for the days not yet paid, at the current rate per day (no compounding for late years: facts.md,
// from Syawal 2026). Paying goes through the fidyah checkout, which prices the days again.

/** The most entries one donor keeps (a lifetime of Ramadans, a few reasons each). */
export const MISSED_FASTS_MAX = 60;
/** The most days one entry holds: a Ramadan has 29 or 30. */
export const MISSED_FAST_MAX_DAYS = 30;
/** The Hijri years an entry may name (1380 AH is 1960; 1600 far ahead). */
export const MISSED_FAST_YEARS = { min: 1380, max: 1600 } as const;

/** Why the fasts were missed (the fidyah page's reasons, travel and "other" apart). */
export type MissedFastReason = "illness" | "travel" | "pregnancy" | "old-age" | "other";
export const MISSED_FAST_REASONS: ReadonlyArray<MissedFastReason> = [
  "illness",
  "travel",
  "pregnancy",
  "old-age",
  "other",
];

/** One entry of the log as the account shows it. */
export interface MissedFast {
  readonly id: string;
  readonly hijriYear: number;
  readonly reason: MissedFastReason;
  readonly days: number;
  /** The transaction that paid its fidyah; null while unpaid. */
  readonly paidTransactionNo: string | null;
}

export type MissedFastProblem = "missedFast.year" | "missedFast.reason" | "missedFast.days";

const whole = (n: unknown, min: number, max: number): n is number =>
  typeof n === "number" && Number.isSafeInteger(n) && n >= min && n <= max;

export const isMissedFastReason = (value: unknown): value is MissedFastReason =>
  (MISSED_FAST_REASONS as ReadonlyArray<unknown>).includes(value);

/** The problems of an entry, field by field: a Hijri year in range, a reason, 1 to 30 days. */
export const missedFastProblems = (entry: {
  readonly hijriYear: unknown;
  readonly reason: unknown;
  readonly days: unknown;
}): ReadonlyArray<MissedFastProblem> => [
  ...(whole(entry.hijriYear, MISSED_FAST_YEARS.min, MISSED_FAST_YEARS.max)
    ? []
    : (["missedFast.year"] as const)),
  ...(isMissedFastReason(entry.reason) ? [] : (["missedFast.reason"] as const)),
  ...(whole(entry.days, 1, MISSED_FAST_MAX_DAYS) ? [] : (["missedFast.days"] as const)),
];

/**
 * The fidyah page's category an entry is paid under: fasts that can no longer be made up (old age, a
 * lasting illness) are "illness"; pregnancy or nursing its own; the rest (an illness or a journey not
 * made up before the next Ramadan, or another reason) "haid", the page's "other reasons".
 */
export const fidyahCategoryOf = (reason: MissedFastReason): FidyahCategory =>
  reason === "old-age" ? "illness" : reason === "pregnancy" ? "pregnancy" : "haid";

/** What the log owes: the unpaid days and their fidyah at the current rate per day. */
export const missedFastsOwed = (
  entries: ReadonlyArray<Pick<MissedFast, "days" | "paidTransactionNo">>,
  rates: Pick<RateConfig, "fidyahPerDay">,
): { readonly days: number; readonly cents: Cents } => {
  const days = entries
    .filter((entry) => entry.paidTransactionNo === null)
    .reduce((sum, entry) => sum + entry.days, 0);
  return { days, cents: timesCount(rates.fidyahPerDay, days) };
};

/** The fund that prices fidyah by the day (the registry's): where the log's days are paid. */
export const fidyahFlow = (): FlowType =>
  ALL_FUNDS.find((fund) => fund.items.some((item) => item.pricing === "fidyah"))!.flow;
