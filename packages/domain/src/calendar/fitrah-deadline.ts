import { dayNumberOf } from "./days.ts";
import { gregorianOf, hijriDateOf, type HijriCalendar } from "./hijri-calendar.ts";
import type { HijriEstimator } from "./hijri-date.ts";

/** Syawal, the Hijri month whose first day is Aidilfitri. */
export const SYAWAL = 10;

/** The next Aidilfitri and how many days are left to pay zakat fitrah before its prayer. */
export interface FitrahDeadline {
  /** 1 Syawal, `YYYY-MM-DD`: zakat fitrah is paid before that morning's prayer. */
  readonly aidilfitri: string;
  readonly hijriYear: number;
  /** Whole days from `today` to Aidilfitri: 0 on the day itself (before the prayer). */
  readonly daysLeft: number;
  /** Whether the day is estimated: the council has not yet published the start of Syawal. */
  readonly estimated: boolean;
}

/**
 * The next Aidilfitri on or after `today` (a `YYYY-MM-DD` day in Singapore) by the council's Hijri
 * calendar (docs/hijri-calendar.md): 1 Syawal of today's Hijri year, or of the next when it has
 * passed; estimated where the council has not published it. Undefined for a day that is not a date.
 */
export const fitrahDeadline = (
  calendar: HijriCalendar,
  today: string,
  estimate: HijriEstimator,
): FitrahDeadline | undefined => {
  const now = dayNumberOf(today);
  const hijri = hijriDateOf(calendar, today, estimate);
  if (now === undefined || hijri === undefined) return undefined;
  for (const year of [hijri.year, hijri.year + 1]) {
    const day = gregorianOf(calendar, { year, month: SYAWAL, day: 1 }, estimate);
    const at = day === undefined ? undefined : dayNumberOf(day.date);
    if (day !== undefined && at !== undefined && at >= now) {
      return {
        aidilfitri: day.date,
        hijriYear: year,
        daysLeft: at - now,
        estimated: day.estimated,
      };
    }
  }
  return undefined;
};
