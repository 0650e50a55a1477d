import { dayNumberOf, isoDateOf } from "./days.ts";
import {
  monthIndex,
  monthOfIndex,
  sameHijriDate,
  type HijriDate,
  type HijriDay,
  type HijriEstimator,
} from "./hijri-date.ts";
import { tabularDayNumber } from "./tabular.ts";

/** A month start the council published: 1 <month> <year> is the Gregorian day `start` (`YYYY-MM-DD`). */
export interface HijriMonthStart {
  readonly year: number;
  readonly month: number;
  readonly start: string;
}

interface Known {
  readonly index: number;
  readonly startDay: number;
}

/**
 * The council's Hijri calendar: the month starts it published, in order. Singapore's Hijri dates are
 * MUIS's own (Ramadan 1447 began on 19 February 2026 here, on 18 February by Umm al-Qura): a day in a
 * published month is counted from its start; any other is estimated.
 */
export interface HijriCalendar {
  readonly months: ReadonlyArray<HijriMonthStart>;
  /** The published months by index (`monthIndex`), and their starts as day numbers, in order. */
  readonly known: ReadonlyArray<Known>;
  readonly byIndex: ReadonlyMap<number, number>;
}

/** A calendar of the month starts given (any order; a month given twice keeps the last). */
export const hijriCalendar = (starts: ReadonlyArray<HijriMonthStart>): HijriCalendar => {
  const byIndex = new Map<number, number>();
  for (const start of starts) {
    const day = dayNumberOf(start.start);
    if (day !== undefined) byIndex.set(monthIndex(start), day);
  }
  const known = [...byIndex]
    .map(([index, startDay]) => ({ index, startDay }))
    .sort((a, b) => a.index - b.index);
  const months = known.map(({ index, startDay }) => ({
    ...monthOfIndex(index),
    start: isoDateOf(startDay),
  }));
  return { months, known, byIndex };
};

/** The last published month starting on or before `day`, and the first after it. */
const around = (calendar: HijriCalendar, day: number) => {
  let before: Known | undefined;
  let after: Known | undefined;
  for (const month of calendar.known) {
    if (month.startDay <= day) before = month;
    else {
      after = month;
      break;
    }
  }
  return { before, after };
};

/**
 * How many days the estimator runs ahead of the council at a published month start: the estimator's
 * date `shift` days earlier is that month's first day (Umm al-Qura's 1 Ramadan 1447 is 18 February,
 * the council's 19 February: a shift of 1). 0 when the estimator is more than 3 days away.
 */
const shiftAt = (month: Known, estimate: HijriEstimator): number => {
  const { year, month: m } = monthOfIndex(month.index);
  for (const shift of [0, 1, -1, 2, -2, 3, -3]) {
    if (sameHijriDate(estimate(isoDateOf(month.startDay - shift)), { year, month: m, day: 1 })) {
      return shift;
    }
  }
  return 0;
};

const day = (index: number, dayOfMonth: number, estimated: boolean): HijriDay => ({
  ...monthOfIndex(index),
  day: dayOfMonth,
  estimated,
});

/**
 * The estimate of a day outside the published months: the estimator's date, moved by the difference
 * the nearest published month start shows, and kept off the published months (a day after a published
 * month's 30 days is in a later month; a day before a published start is in an earlier one).
 */
const estimateAt = (
  calendar: HijriCalendar,
  dayNumber: number,
  estimate: HijriEstimator,
): HijriDay => {
  const { before, after } = around(calendar, dayNumber);
  const nearest =
    before && after
      ? dayNumber - before.startDay <= after.startDay - dayNumber
        ? before
        : after
      : (before ?? after);
  const shift = nearest ? shiftAt(nearest, estimate) : 0;
  const guess = estimate(isoDateOf(dayNumber - shift));
  const index = monthIndex(guess);
  if (before && index <= before.index) {
    const count = dayNumber - before.startDay + 1;
    return count <= 30 ? day(before.index, count, true) : day(before.index + 1, count - 30, true);
  }
  if (after && index >= after.index) {
    return day(after.index - 1, Math.max(1, 30 - (after.startDay - dayNumber - 1)), true);
  }
  return { ...guess, estimated: true };
};

/**
 * The Hijri day of a Gregorian `YYYY-MM-DD` day by the council's calendar: counted from its month's
 * published start when that month is published and the day is surely in it (before the next published
 * month, or within its first 29 days when the next is not published); otherwise estimated. Undefined
 * for a string that is not a real date.
 */
export const hijriDateOf = (
  calendar: HijriCalendar,
  isoDate: string,
  estimate: HijriEstimator,
): HijriDay | undefined => {
  const dayNumber = dayNumberOf(isoDate);
  if (dayNumber === undefined) return undefined;
  const { before } = around(calendar, dayNumber);
  if (before) {
    const count = dayNumber - before.startDay + 1;
    if (calendar.byIndex.has(before.index + 1) || count <= 29)
      return day(before.index, count, false);
  }
  return estimateAt(calendar, dayNumber, estimate);
};

/**
 * The Gregorian day of a Hijri day by the council's calendar, estimated when the calendar does not
 * fix it; undefined when there is no such day (a 30th of a month that has 29).
 */
export const gregorianOf = (
  calendar: HijriCalendar,
  date: HijriDate,
  estimate: HijriEstimator,
): { readonly date: string; readonly estimated: boolean } | undefined => {
  if (date.day < 1 || date.day > 30 || date.month < 1 || date.month > 12) return undefined;
  const index = monthIndex(date);
  const start = calendar.byIndex.get(index);
  if (start !== undefined) {
    const next = calendar.byIndex.get(index + 1);
    if (next !== undefined && start + date.day - 1 >= next) return undefined;
    if (next !== undefined || date.day <= 29) {
      return { date: isoDateOf(start + date.day - 1), estimated: false };
    }
  }
  // Near the arithmetical calendar's day: the council's and any estimate are within a few days of it.
  const near = tabularDayNumber(date);
  for (let offset = -4; offset <= 4; offset += 1) {
    const iso = isoDateOf(near + offset);
    const found = hijriDateOf(calendar, iso, estimate);
    if (found && sameHijriDate(found, date)) return { date: iso, estimated: found.estimated };
  }
  return undefined;
};
