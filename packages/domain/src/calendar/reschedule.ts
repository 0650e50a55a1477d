import { gregorianOf, type HijriCalendar } from "./hijri-calendar.ts";
import type { HijriDate, HijriEstimator } from "./hijri-date.ts";

/** Something set for a Hijri day (a charge, a reminder): the Gregorian day it was set on, and on which basis. */
export interface ScheduledOnHijri {
  readonly hijri: HijriDate;
  /** The Gregorian `YYYY-MM-DD` day it was set for. */
  readonly on: string;
  /** Whether that day was an estimate when it was set. */
  readonly estimated: boolean;
}

/** Whether it stays (and on which basis now), or must move (to which day, if the day still exists). */
export type RescheduleVerdict =
  | { readonly move: false; readonly estimated: boolean }
  | { readonly move: true; readonly to: string | undefined; readonly estimated: boolean };

/**
 * The rule that nothing is charged or sent on an estimate the council has since moved: the Hijri day
 * is looked up again in the calendar as it is now; a different Gregorian day means it must move (to
 * that day), and a day that no longer exists (the 30th of a month the council published with 29)
 * means it must move with nowhere to go. A day that is still the same stays, its basis updated.
 */
export const mustMove = (
  scheduled: ScheduledOnHijri,
  calendar: HijriCalendar,
  estimate: HijriEstimator,
): RescheduleVerdict => {
  const now = gregorianOf(calendar, scheduled.hijri, estimate);
  if (!now) return { move: true, to: undefined, estimated: false };
  if (now.date !== scheduled.on) return { move: true, to: now.date, estimated: now.estimated };
  return { move: false, estimated: now.estimated };
};
