import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayNumberOf, isoDateOf } from "./days.ts";
import { gregorianOf, hijriCalendar, hijriDateOf, type HijriMonthStart } from "./hijri-calendar.ts";
import { monthIndex, monthOfIndex, type HijriEstimator } from "./hijri-date.ts";
import { checkMonthStart, HijriCalendarRefused } from "./month-start-check.ts";
import { mustMove } from "./reschedule.ts";
import { tabularDayNumber, tabularHijriOf } from "./tabular.ts";

const tabular: HijriEstimator = (iso) => tabularHijriOf(dayNumberOf(iso)!);

/**
 * A run of consecutive published months from a month of 1440 to 1460, each 29 or 30 days, every start
 * within two days of the arithmetical calendar's (as a sighting is: the moon does not drift further).
 */
const publishedRun = fc
  .record({
    first: fc.integer({
      min: monthIndex({ year: 1440, month: 1 }),
      max: monthIndex({ year: 1460, month: 1 }),
    }),
    drift: fc.integer({ min: -2, max: 2 }),
    longer: fc.array(fc.boolean(), { minLength: 1, maxLength: 14 }),
  })
  .map(({ first, drift, longer }) => {
    const guide = (at: number) => tabularDayNumber({ ...monthOfIndex(first + at), day: 1 });
    let start = guide(0) + drift;
    const months: HijriMonthStart[] = [];
    longer.forEach((wish, at) => {
      months.push({ ...monthOfIndex(first + at), start: isoDateOf(start) });
      const lengths = [wish ? 30 : 29, wish ? 29 : 30].filter(
        (length) => Math.abs(start + length - guide(at + 1)) <= 2,
      );
      start += lengths[0] ?? 30;
    });
    return { months, end: start };
  });

describe("the council's Hijri calendar (properties)", () => {
  it("in a published calendar every month has 29 or 30 days, and every day is numbered once, in order", () => {
    fc.assert(
      fc.property(publishedRun, ({ months, end }) => {
        const calendar = hijriCalendar(months);
        const first = dayNumberOf(months[0]!.start)!;
        // The last month's length is published only by the next month's start: stop before it.
        const last = dayNumberOf(months.at(-1)!.start)!;
        let previous = hijriDateOf(calendar, isoDateOf(first), tabular)!;
        expect(previous).toEqual({
          year: months[0]!.year,
          month: months[0]!.month,
          day: 1,
          estimated: false,
        });
        for (let day = first + 1; day < Math.min(end, last + 29); day += 1) {
          const today = hijriDateOf(calendar, isoDateOf(day), tabular)!;
          expect(today.estimated).toBe(false);
          if (today.day === 1) {
            expect(monthIndex(today)).toBe(monthIndex(previous) + 1);
            expect([29, 30]).toContain(previous.day);
          } else {
            expect(monthIndex(today)).toBe(monthIndex(previous));
            expect(today.day).toBe(previous.day + 1);
          }
          previous = today;
        }
      }),
    );
  });

  it("every day has a month from 1 to 12 and a day from 1 to 30, published or estimated", () => {
    fc.assert(
      fc.property(publishedRun, fc.integer({ min: -400, max: 400 }), ({ months }, away) => {
        const calendar = hijriCalendar(months);
        const day = dayNumberOf(months[0]!.start)! + away;
        const found = hijriDateOf(calendar, isoDateOf(day), tabular)!;
        expect(found.month).toBeGreaterThanOrEqual(1);
        expect(found.month).toBeLessThanOrEqual(12);
        expect(found.day).toBeGreaterThanOrEqual(1);
        expect(found.day).toBeLessThanOrEqual(30);
        // An estimate names a published month only for a 30th the next month's start has not fixed.
        if (found.estimated && calendar.byIndex.has(monthIndex(found))) {
          expect(found.day).toBe(30);
          expect(calendar.byIndex.has(monthIndex(found) + 1)).toBe(false);
        }
      }),
    );
  });

  it("a Hijri day's Gregorian day names that Hijri day again", () => {
    fc.assert(
      fc.property(
        publishedRun,
        fc.integer({ min: -6, max: 20 }),
        fc.integer({ min: 1, max: 30 }),
        ({ months }, monthsAway, day) => {
          const calendar = hijriCalendar(months);
          const date = { ...monthOfIndex(monthIndex(months[0]!) + monthsAway), day };
          const found = gregorianOf(calendar, date, tabular);
          if (found) expect(hijriDateOf(calendar, found.date, tabular)).toMatchObject(date);
        },
      ),
    );
  });

  it("each month of a valid run passes the officer's check against the others", () => {
    fc.assert(
      fc.property(publishedRun, ({ months }) => {
        for (const [at, month] of months.entries()) {
          const others = hijriCalendar(months.filter((_, i) => i !== at));
          expect(() => checkMonthStart(others, month)).not.toThrow();
        }
      }),
    );
  });

  it("a month start 31 days after the previous one is refused", () => {
    fc.assert(
      fc.property(publishedRun, ({ months }) => {
        const last = months.at(-1)!;
        const next = {
          ...monthOfIndex(monthIndex(last) + 1),
          start: isoDateOf(dayNumberOf(last.start)! + 31),
        };
        expect(() => checkMonthStart(hijriCalendar(months), next)).toThrow(HijriCalendarRefused);
      }),
    );
  });

  it("nothing stays on a day the published calendar moved; the same day stays", () => {
    fc.assert(
      fc.property(publishedRun, fc.integer({ min: 1, max: 29 }), ({ months }, day) => {
        const calendar = hijriCalendar(months);
        const last = months.at(-1)!;
        const target = { ...monthOfIndex(monthIndex(last) + 1), day };
        const guessed = gregorianOf(calendar, target, tabular);
        if (!guessed) return;
        const nextStart = dayNumberOf(guessed.date)! - day + 1;
        for (const moved of [-1, 0, 1]) {
          const published = hijriCalendar([
            ...months,
            { ...monthOfIndex(monthIndex(target)), start: isoDateOf(nextStart + moved) },
          ]);
          const verdict = mustMove(
            { hijri: target, on: guessed.date, estimated: true },
            published,
            tabular,
          );
          const stillValid = dayNumberOf(isoDateOf(nextStart + moved))! - dayNumberOf(last.start)!;
          if (stillValid < 29 || stillValid > 30) continue;
          expect(verdict.move).toBe(moved !== 0);
          if (verdict.move) expect(verdict.to).toBe(isoDateOf(nextStart + moved + day - 1));
        }
      }),
    );
  });
});
