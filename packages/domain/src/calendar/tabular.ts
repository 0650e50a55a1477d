import type { HijriDate } from "./hijri-date.ts";

/**
 * The arithmetical (tabular) Islamic calendar: 30-year cycles of 354- and 355-day years, months
 * alternating 30 and 29 days. It is no one's published calendar; it is within a day or two of any
 * sighting or Umm al-Qura, which makes it the domain's own rough guide (where a published month start
 * is plausible; where to search for a day) and an estimator that needs no `Intl`.
 */
// Day number (days since 1970-01-01) of 1 Muharram 1 AH, 16 July 622 (Julian), the civil epoch.
const EPOCH = -492_148;

/** The day number of a tabular Hijri date. */
export const tabularDayNumber = ({ year, month, day }: HijriDate): number =>
  EPOCH +
  (year - 1) * 354 +
  Math.floor((3 + 11 * year) / 30) +
  Math.ceil(29.5 * (month - 1)) +
  (day - 1);

/** The tabular Hijri date of a day number. */
export const tabularHijriOf = (dayNumber: number): HijriDate => {
  const year = Math.floor((30 * (dayNumber - EPOCH) + 10_646) / 10_631);
  const yearStart = tabularDayNumber({ year, month: 1, day: 1 });
  const month = Math.min(12, Math.ceil((dayNumber - 29 - yearStart) / 29.5) + 1);
  return { year, month, day: dayNumber - tabularDayNumber({ year, month, day: 1 }) + 1 };
};
