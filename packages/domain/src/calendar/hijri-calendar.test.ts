import { describe, expect, it } from "vitest";
import { dayNumberOf, isoDateOf } from "./days.ts";
import { gregorianOf, hijriCalendar, hijriDateOf } from "./hijri-calendar.ts";
import type { HijriEstimator } from "./hijri-date.ts";
import { checkMonthStart, HijriCalendarRefused } from "./month-start-check.ts";
import { mustMove } from "./reschedule.ts";
import { tabularDayNumber, tabularHijriOf } from "./tabular.ts";

// Umm al-Qura as the arithmetical calendar has it around Ramadan 1447: 1 Ramadan on 18 February 2026,
// a day before Singapore's (facts.md). The portal's live estimator is Intl's (adapters).
const tabular: HijriEstimator = (iso) => tabularHijriOf(dayNumberOf(iso)!);
const singapore = hijriCalendar([{ year: 1447, month: 9, start: "2026-02-19" }]);

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof HijriCalendarRefused) return error.code;
    throw error;
  }
  return undefined;
};

describe("the council's Hijri calendar", () => {
  it("counts a published month from its start: Ramadan 1447 began on 19 February 2026 here", () => {
    expect(hijriDateOf(singapore, "2026-02-19", tabular)).toEqual({
      year: 1447,
      month: 9,
      day: 1,
      estimated: false,
    });
    expect(hijriDateOf(singapore, "2026-03-19", tabular)).toMatchObject({
      day: 29,
      estimated: false,
    });
  });

  it("estimates a day the calendar does not fix, moved by the difference its nearest start shows", () => {
    // Day 30 of Ramadan may or may not exist until Syawal is published.
    expect(hijriDateOf(singapore, "2026-03-20", tabular)).toEqual({
      year: 1447,
      month: 9,
      day: 30,
      estimated: true,
    });
    expect(hijriDateOf(singapore, "2026-03-21", tabular)).toEqual({
      year: 1447,
      month: 10,
      day: 1,
      estimated: true,
    });
    // The day before the published start is Syaaban's, never a second 1 Ramadan.
    expect(hijriDateOf(singapore, "2026-02-18", tabular)).toMatchObject({
      month: 8,
      estimated: true,
    });
  });

  it("publishing the next month fixes the days between", () => {
    const both = hijriCalendar([
      { year: 1447, month: 9, start: "2026-02-19" },
      { year: 1447, month: 10, start: "2026-03-20" },
    ]);
    expect(hijriDateOf(both, "2026-03-20", tabular)).toEqual({
      year: 1447,
      month: 10,
      day: 1,
      estimated: false,
    });
    expect(gregorianOf(both, { year: 1447, month: 9, day: 30 }, tabular)).toBeUndefined();
    expect(gregorianOf(both, { year: 1447, month: 9, day: 29 }, tabular)).toEqual({
      date: "2026-03-19",
      estimated: false,
    });
  });

  it("answers nothing for a string that is not a real date", () => {
    expect(hijriDateOf(singapore, "2026-02-30", tabular)).toBeUndefined();
    expect(hijriDateOf(singapore, "19/02/2026", tabular)).toBeUndefined();
  });

  it("the arithmetical calendar turns both ways", () => {
    for (let day = dayNumberOf("2020-01-01")!; day < dayNumberOf("2030-01-01")!; day += 7) {
      expect(tabularDayNumber(tabularHijriOf(day))).toBe(day);
    }
    expect(isoDateOf(tabularDayNumber({ year: 1447, month: 9, day: 1 }))).toBe("2026-02-18");
  });
});

describe("a month start an officer proposes", () => {
  it("must be 29 or 30 days after the previous published month's start", () => {
    expect(
      refusal(() => checkMonthStart(singapore, { year: 1447, month: 10, start: "2026-03-20" })),
    ).toBeUndefined();
    expect(
      refusal(() => checkMonthStart(singapore, { year: 1447, month: 10, start: "2026-03-21" })),
    ).toBeUndefined();
    expect(
      refusal(() => checkMonthStart(singapore, { year: 1447, month: 10, start: "2026-03-22" })),
    ).toBe("calendar.month_length");
    expect(
      refusal(() => checkMonthStart(singapore, { year: 1447, month: 8, start: "2026-01-18" })),
    ).toBe("calendar.month_length");
    // Two months on: 58 to 60 days.
    expect(
      refusal(() => checkMonthStart(singapore, { year: 1447, month: 11, start: "2026-04-19" })),
    ).toBeUndefined();
  });

  it("names a real month, year and date near the month's arithmetical start", () => {
    for (const [proposed, code] of [
      [{ year: 1447, month: 13, start: "2026-04-19" }, "calendar.invalid"],
      [{ year: 1447, month: 0, start: "2026-04-19" }, "calendar.invalid"],
      [{ year: 99_999, month: 1, start: "2026-04-19" }, "calendar.invalid"],
      [{ year: 1447, month: 10, start: "2026-02-31" }, "calendar.invalid"],
      [{ year: 1447, month: 10, start: "2030-03-20" }, "calendar.implausible"],
      [{ year: 1447, month: 9, start: "2026-02-19" }, "calendar.unchanged"],
    ] as const) {
      expect(
        refusal(() => checkMonthStart(singapore, proposed)),
        JSON.stringify(proposed),
      ).toBe(code);
    }
  });

  it("an amended month is checked against its neighbours, not itself", () => {
    const both = hijriCalendar([
      { year: 1447, month: 9, start: "2026-02-19" },
      { year: 1447, month: 10, start: "2026-03-21" },
    ]);
    expect(
      refusal(() => checkMonthStart(both, { year: 1447, month: 9, start: "2026-02-20" })),
    ).toBeUndefined();
    expect(
      refusal(() => checkMonthStart(both, { year: 1447, month: 9, start: "2026-02-18" })),
    ).toBe("calendar.month_length");
  });
});

describe("something scheduled on a Hijri day", () => {
  const raya = { year: 1447, month: 10, day: 1 };

  it("must move when the council publishes a different day than the estimate it was set on", () => {
    const estimated = gregorianOf(singapore, raya, tabular)!;
    expect(estimated).toEqual({ date: "2026-03-21", estimated: true });
    const published = hijriCalendar([
      ...singapore.months,
      { year: 1447, month: 10, start: "2026-03-20" },
    ]);
    expect(
      mustMove({ hijri: raya, on: estimated.date, estimated: true }, published, tabular),
    ).toEqual({
      move: true,
      to: "2026-03-20",
      estimated: false,
    });
  });

  it("stays when the published day is the estimated one, now on the published basis", () => {
    const published = hijriCalendar([
      ...singapore.months,
      { year: 1447, month: 10, start: "2026-03-21" },
    ]);
    expect(
      mustMove({ hijri: raya, on: "2026-03-21", estimated: true }, published, tabular),
    ).toEqual({
      move: false,
      estimated: false,
    });
  });

  it("must move with nowhere to go when its day no longer exists (a 30th of a 29-day month)", () => {
    const thirtieth = { year: 1447, month: 9, day: 30 };
    expect(gregorianOf(singapore, thirtieth, tabular)).toEqual({
      date: "2026-03-20",
      estimated: true,
    });
    const published = hijriCalendar([
      ...singapore.months,
      { year: 1447, month: 10, start: "2026-03-20" },
    ]);
    expect(
      mustMove({ hijri: thirtieth, on: "2026-03-20", estimated: true }, published, tabular),
    ).toEqual({ move: true, to: undefined, estimated: false });
  });
});
