import { dayNumberOf, isoDateOf } from "./days.ts";
import { gregorianOf, hijriDateOf, type HijriCalendar } from "./hijri-calendar.ts";
import type { HijriEstimator } from "./hijri-date.ts";
import { mustMove, type ScheduledOnHijri } from "./reschedule.ts";

/**
 * Issue 33, the last ten nights of Ramadan: one gift a night. A Hijri day begins at sunset, so the
 * night of the 21st is the evening before 21 Ramadan's Gregorian day; it is charged that evening.
 * Ramadan has 29 or 30 days: a 29-day Ramadan has nine nights (21st to 29th).
 */
export const RAMADAN = 9;
export const FIRST_NIGHT = 21;
export const LAST_NIGHT = 30;

/**
 * Singapore hours (UTC+8, no daylight saving) of a night's charge window: from 19:00 (after sunset,
 * which is about 19:00 to 19:20 in Singapore all year) on the evening before its day, to 05:00 on
 * the day (before dawn). A night whose window passed uncharged (the server was down) is not charged
 * after it: a gift for a night is given on that night or not at all.
 */
export const NIGHT_OPENS_SGT_HOUR = 19;
export const NIGHT_CLOSES_SGT_HOUR = 5;

/** A night of the schedule: its Hijri day, the Gregorian day it falls before, and on which basis. */
export interface Night extends ScheduledOnHijri {
  /** 21 to 30: the night before that day of Ramadan. */
  readonly night: number;
  /** The Gregorian `YYYY-MM-DD` evening it is charged on: the day before `on`. */
  readonly chargeOn: string;
}

const dayBefore = (iso: string): string => isoDateOf((dayNumberOf(iso) ?? 0) - 1);

/**
 * The last ten nights of Ramadan of Hijri `year` by the council's calendar, as they stand now: each
 * night with the Gregorian day it falls before and whether that day is estimated. The 30th night is
 * there only while a 30th of Ramadan may exist (by the published calendar, or the estimate where
 * Ramadan's length is not published): a Ramadan the council published with 29 days has nine nights.
 */
export const lastTenNights = (
  calendar: HijriCalendar,
  year: number,
  estimate: HijriEstimator,
): ReadonlyArray<Night> => {
  const nights: Night[] = [];
  for (let night = FIRST_NIGHT; night <= LAST_NIGHT; night += 1) {
    const hijri = { year, month: RAMADAN, day: night };
    const found = gregorianOf(calendar, hijri, estimate);
    if (!found) continue;
    nights.push({
      night,
      hijri,
      on: found.date,
      estimated: found.estimated,
      chargeOn: dayBefore(found.date),
    });
  }
  return nights;
};

/** When a night may be charged: its window as instants (ms since the epoch). */
export const nightWindow = (
  chargeOn: string,
): { readonly from: number; readonly until: number } => {
  const day = dayNumberOf(chargeOn) ?? 0;
  const midnightSgt = day * 86_400_000 - 8 * 3_600_000;
  return {
    from: midnightSgt + NIGHT_OPENS_SGT_HOUR * 3_600_000,
    until: midnightSgt + (24 + NIGHT_CLOSES_SGT_HOUR) * 3_600_000,
  };
};

/**
 * What to do with a night when its evening comes, by the calendar as it is now (`mustMove`: never on
 * an estimate the council has since moved):
 * - `charge`: the night stands (on the published calendar, or an estimate nobody has moved);
 * - `move`: the council's calendar puts that Hijri night on another evening: nothing is charged
 *   tonight; the night is set again for `chargeOn`;
 * - `drop`: the night does not exist (the 30th of a Ramadan the council published with 29 days);
 * - `wait`: the 30th night while Ramadan's length is not published: it is charged only once the
 *   council publishes Syawal's start (so the 30th is known to exist), never on a guess.
 */
export type NightVerdict =
  | { readonly kind: "charge"; readonly estimated: boolean }
  | {
      readonly kind: "move";
      readonly on: string;
      readonly chargeOn: string;
      readonly estimated: boolean;
    }
  | { readonly kind: "drop" }
  | { readonly kind: "wait" };

export const nightVerdict = (
  night: ScheduledOnHijri,
  calendar: HijriCalendar,
  estimate: HijriEstimator,
): NightVerdict => {
  const verdict = mustMove(night, calendar, estimate);
  if (verdict.move) {
    return verdict.to === undefined
      ? { kind: "drop" }
      : {
          kind: "move",
          on: verdict.to,
          chargeOn: dayBefore(verdict.to),
          estimated: verdict.estimated,
        };
  }
  if (night.hijri.day === LAST_NIGHT && verdict.estimated) return { kind: "wait" };
  return { kind: "charge", estimated: verdict.estimated };
};

/**
 * The Ramadan a donor may schedule now (`nowMs`): the Hijri year of today's Singapore day, or the next
 * one once this year's last ten nights have all begun (or Ramadan is behind), with the nights whose
 * window has not begun yet. Undefined only where the calendar cannot say what today is.
 */
export const comingLastTenNights = (
  calendar: HijriCalendar,
  nowMs: number,
  estimate: HijriEstimator,
): { readonly year: number; readonly nights: ReadonlyArray<Night> } | undefined => {
  const today = isoDateOf(Math.floor((nowMs + 8 * 3_600_000) / 86_400_000));
  const hijri = hijriDateOf(calendar, today, estimate);
  if (!hijri) return undefined;
  for (const year of [hijri.year, hijri.year + 1]) {
    const nights = lastTenNights(calendar, year, estimate).filter(
      (n) => nightWindow(n.chargeOn).from > nowMs,
    );
    if (nights.length > 0) return { year, nights };
  }
  return undefined;
};
