/** A day of the Hijri calendar: its year, its month (1 Muharram to 12 Zulhijah) and its day (1 to 30). */
export interface HijriDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** A Hijri day as the portal shows it: from the council's published calendar, or estimated. */
export interface HijriDay extends HijriDate {
  readonly estimated: boolean;
}

/**
 * The Hijri date of a Gregorian `YYYY-MM-DD` day by some calendar other than the council's (the
 * portal's: Umm al-Qura through `Intl`, `@portal/adapters`' `umAlQuraDateOf`; the domain's own:
 * `tabularHijriOf`). The domain takes it as a parameter: it reads no `Intl`.
 */
export type HijriEstimator = (isoDate: string) => HijriDate;

/** Months counted from 1 Muharram 1 AH: consecutive months have consecutive indexes. */
export const monthIndex = (date: { readonly year: number; readonly month: number }): number =>
  date.year * 12 + (date.month - 1);

/** The year and month of a month index. */
export const monthOfIndex = (index: number): { year: number; month: number } => ({
  year: Math.floor(index / 12),
  month: (index % 12) + 1,
});

export const sameHijriDate = (a: HijriDate, b: HijriDate): boolean =>
  a.year === b.year && a.month === b.month && a.day === b.day;
