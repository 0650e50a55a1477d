/**
 * Counts and shares a donor types into a calculator (persons for fitrah, days and years of missed fasts
 * for fidyah, the Muslim owner's share of a business). A value outside its rule is refused with a code
 * the page turns into a message; it is never read as the nearest allowed value.
 */
/** A whole number from 0 up (what a calculator accepts as persons, days or years). */
export const isCount = (n: number): boolean => Number.isInteger(n) && n >= 0;

/** An ownership share from 0 to 100 % (NaN is neither). */
export const isOwnershipShare = (percent: number): boolean => percent >= 0 && percent <= 100;

export type CountProblem = "count.notANumber" | "count.negative" | "count.fraction";

/** Why `n` is not a whole number from 0 up, or null when it is. */
export const countProblem = (n: number): CountProblem | null => {
  if (!Number.isFinite(n)) return "count.notANumber";
  if (n < 0) return "count.negative";
  return Number.isInteger(n) ? null : "count.fraction";
};

export type ShareProblem = "share.notANumber" | "share.belowZero" | "share.aboveHundred";

/** Why `percent` is not an ownership share from 0 to 100 %, or null when it is. */
export const ownershipShareProblem = (percent: number): ShareProblem | null => {
  if (!Number.isFinite(percent)) return "share.notANumber";
  if (percent < 0) return "share.belowZero";
  return percent > 100 ? "share.aboveHundred" : null;
};
