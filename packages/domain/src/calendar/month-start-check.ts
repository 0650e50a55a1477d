import { dayNumberOf, isoDateOf } from "./days.ts";
import { monthIndex, monthOfIndex } from "./hijri-date.ts";
import type { HijriCalendar, HijriMonthStart } from "./hijri-calendar.ts";
import { tabularDayNumber } from "./tabular.ts";

/** Why a month start is refused: stable codes, the edge picks the HTTP status. */
export type HijriCalendarProblem =
  | "calendar.invalid"
  | "calendar.implausible"
  | "calendar.month_length"
  | "calendar.unchanged"
  | "calendar.own_draft"
  | "calendar.not_pending"
  | "calendar.too_many_drafts";

// Fields declared and assigned, not parameter properties: Node's type stripping cannot erase those.
export class HijriCalendarRefused extends Error {
  readonly _tag = "HijriCalendarRefused";
  readonly code: HijriCalendarProblem;
  constructor(code: HijriCalendarProblem, message: string) {
    super(message);
    this.code = code;
  }
}

/** The Hijri years a month start may be published for (1422 to 1600: 2001 to 2173). */
export const HIJRI_YEARS = [1422, 1600] as const;

/** How far a published month start may be from the arithmetical calendar's (a sighting differs by 1 or 2). */
export const PLAUSIBLE_DAYS = 5;

const named = ({ year, month }: { year: number; month: number }) => `month ${month} of ${year}`;

/**
 * A month start an officer proposes, checked against the published calendar: a real year (1422 to
 * 1600), month (1 to 12) and date, within 5 days of the arithmetical calendar's start of that month,
 * and 29 or 30 days after the previous published month's start and before the next's (n months apart:
 * 29n to 30n days). Throws HijriCalendarRefused; answers the start's day number.
 */
export const checkMonthStart = (calendar: HijriCalendar, proposed: HijriMonthStart): number => {
  const { year, month } = proposed;
  if (!Number.isInteger(year) || year < HIJRI_YEARS[0] || year > HIJRI_YEARS[1]) {
    throw new HijriCalendarRefused(
      "calendar.invalid",
      `The Hijri year is from ${HIJRI_YEARS[0]} to ${HIJRI_YEARS[1]}`,
    );
  }
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new HijriCalendarRefused("calendar.invalid", "The Hijri month is from 1 to 12");
  }
  const start = dayNumberOf(proposed.start);
  if (start === undefined) {
    throw new HijriCalendarRefused("calendar.invalid", "The start is a real date, YYYY-MM-DD");
  }
  const guide = tabularDayNumber({ year, month, day: 1 });
  if (Math.abs(start - guide) > PLAUSIBLE_DAYS) {
    throw new HijriCalendarRefused(
      "calendar.implausible",
      `${named(proposed)} begins near ${isoDateOf(guide)}; ${proposed.start} is ${Math.abs(start - guide)} days away`,
    );
  }
  const index = monthIndex(proposed);
  if (calendar.byIndex.get(index) === start) {
    throw new HijriCalendarRefused("calendar.unchanged", `${named(proposed)} already begins then`);
  }
  const others = calendar.known.filter((known) => known.index !== index);
  const before = others.filter((known) => known.index < index).at(-1);
  const after = others.find((known) => known.index > index);
  for (const [from, to] of [
    [before, { index, startDay: start }],
    [{ index, startDay: start }, after],
  ] as const) {
    if (!from || !to) continue;
    const months = to.index - from.index;
    const days = to.startDay - from.startDay;
    if (days < 29 * months || days > 30 * months) {
      const span = months === 1 ? "29 or 30 days" : `${29 * months} to ${30 * months} days`;
      throw new HijriCalendarRefused(
        "calendar.month_length",
        `${named(monthOfIndex(to.index))} must begin ${span} after ${named(monthOfIndex(from.index))}` +
          ` (${isoDateOf(from.startDay)}); that would be ${days} days`,
      );
    }
  }
  return start;
};
