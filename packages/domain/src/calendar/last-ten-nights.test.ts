import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayNumberOf, isoDateOf } from "./days.ts";
import { hijriCalendar, type HijriMonthStart } from "./hijri-calendar.ts";
import type { HijriEstimator } from "./hijri-date.ts";
import {
  comingLastTenNights,
  lastTenNights,
  nightVerdict,
  nightWindow,
} from "./last-ten-nights.ts";
import { tabularDayNumber, tabularHijriOf } from "./tabular.ts";

const tabular: HijriEstimator = (iso) => tabularHijriOf(dayNumberOf(iso)!);
const ramadan = (year: number, start: string): HijriMonthStart => ({ year, month: 9, start });
const syawal = (year: number, start: string): HijriMonthStart => ({ year, month: 10, start });
const plus = (iso: string, days: number) => isoDateOf(dayNumberOf(iso)! + days);

describe("the last ten nights of Ramadan", () => {
  it("offers this year's nights not yet begun, then next year's once they have all begun", () => {
    const calendar = hijriCalendar([ramadan(1447, "2026-02-19"), syawal(1447, "2026-03-21")]);
    // 1 March 2026 (Ramadan 1447): all ten nights are to come.
    const before = comingLastTenNights(calendar, Date.parse("2026-03-01T03:00:00Z"), tabular);
    expect(before?.year).toBe(1447);
    expect(before?.nights.map((n) => n.night)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    // 20:00 on 12 March: the 21st, 22nd and 23rd nights have begun.
    const during = comingLastTenNights(calendar, Date.parse("2026-03-12T12:00:00Z"), tabular);
    expect(during?.nights[0]).toMatchObject({ night: 24, chargeOn: "2026-03-13" });
    // After the 30th night has begun: Ramadan 1448, estimated.
    const after = comingLastTenNights(calendar, Date.parse("2026-03-19T12:00:00Z"), tabular);
    expect(after?.year).toBe(1448);
    expect(after?.nights.every((n) => n.estimated)).toBe(true);
  });

  // Ramadan 1447 began on 19 February 2026 in Singapore (design/facts.md).
  it("has ten nights in a 30-day Ramadan, each charged the evening before its day", () => {
    const calendar = hijriCalendar([ramadan(1447, "2026-02-19"), syawal(1447, "2026-03-21")]);
    const nights = lastTenNights(calendar, 1447, tabular);
    expect(nights.map((n) => n.night)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    // 21 Ramadan is 11 March; its night is the evening of 10 March.
    expect(nights[0]).toMatchObject({ on: "2026-03-11", chargeOn: "2026-03-10", estimated: false });
    expect(nights[9]).toMatchObject({ on: "2026-03-20", chargeOn: "2026-03-19", estimated: false });
    expect(nights.every((n) => nightVerdict(n, calendar, tabular).kind === "charge")).toBe(true);
  });

  it("has nine nights in a 29-day Ramadan", () => {
    const calendar = hijriCalendar([ramadan(1447, "2026-02-19"), syawal(1447, "2026-03-20")]);
    const nights = lastTenNights(calendar, 1447, tabular);
    expect(nights.map((n) => n.night)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29]);
    expect(nights.at(-1)).toMatchObject({ chargeOn: "2026-03-18" });
  });

  it("charges the 30th night only once the council has published Syawal, never on a guess", () => {
    const onlyRamadan = hijriCalendar([ramadan(1447, "2026-02-19")]);
    const nights = lastTenNights(onlyRamadan, 1447, tabular);
    const thirtieth = nights.find((n) => n.night === 30);
    // Nights 21 to 29 are certain once Ramadan's start is published; the 30th is an estimate.
    expect(nights.filter((n) => n.night < 30).every((n) => !n.estimated)).toBe(true);
    expect(thirtieth?.estimated).toBe(true);
    expect(nightVerdict(thirtieth!, onlyRamadan, tabular)).toEqual({ kind: "wait" });
    // Syawal published a day after the 29th: Ramadan had 29 days; the 30th night is dropped.
    const short = hijriCalendar([ramadan(1447, "2026-02-19"), syawal(1447, "2026-03-20")]);
    expect(nightVerdict(thirtieth!, short, tabular)).toEqual({ kind: "drop" });
    // Published with 30 days: it is charged.
    const full = hijriCalendar([ramadan(1447, "2026-02-19"), syawal(1447, "2026-03-21")]);
    expect(nightVerdict(thirtieth!, full, tabular)).toEqual({ kind: "charge", estimated: false });
  });

  it("never charges on an estimate the council has since moved: the night moves to its new evening", () => {
    // Scheduled when nothing was published: the tabular estimate.
    const nights = lastTenNights(hijriCalendar([]), 1447, tabular);
    expect(nights.every((n) => n.estimated)).toBe(true);
    const estimatedStart = isoDateOf(tabularDayNumber({ year: 1447, month: 9, day: 1 }));
    // The council publishes Ramadan a day later than the estimate.
    const council = hijriCalendar([ramadan(1447, plus(estimatedStart, 1))]);
    for (const night of nights.filter((n) => n.night < 30)) {
      expect(nightVerdict(night, council, tabular)).toEqual({
        kind: "move",
        on: plus(night.on, 1),
        chargeOn: night.on,
        estimated: false,
      });
    }
  });

  it("opens a night's window at 19:00 Singapore on its evening and closes it at 05:00 on its day", () => {
    expect(nightWindow("2026-03-10")).toEqual({
      from: Date.parse("2026-03-10T11:00:00Z"),
      until: Date.parse("2026-03-10T21:00:00Z"),
    });
  });
});

/** A Ramadan the council published: its start near the arithmetical calendar's, and its length. */
const publishedRamadan = fc
  .record({
    year: fc.integer({ min: 1440, max: 1480 }),
    drift: fc.integer({ min: -2, max: 2 }),
    length: fc.constantFrom(29, 30),
    shift: fc.constantFrom(-1, 1),
  })
  .map(({ year, drift, length, shift }) => {
    const start = tabularDayNumber({ year, month: 9, day: 1 }) + drift;
    return { year, start, length, shift };
  });

const published = (year: number, start: number, length: number) =>
  hijriCalendar([ramadan(year, isoDateOf(start)), syawal(year, isoDateOf(start + length))]);

describe("the last ten nights (properties)", () => {
  it("a published Ramadan of n days has n - 20 nights, one an evening, in order, each the day before its own", () => {
    fc.assert(
      fc.property(publishedRamadan, ({ year, start, length }) => {
        const nights = lastTenNights(published(year, start, length), year, tabular);
        expect(nights).toHaveLength(length - 20);
        nights.forEach((night, at) => {
          expect(night.night).toBe(21 + at);
          expect(night.on).toBe(isoDateOf(start + 20 + at));
          expect(night.chargeOn).toBe(isoDateOf(start + 19 + at));
          expect(night.estimated).toBe(false);
        });
      }),
    );
  });

  it("a night set on one calendar and found moved on another is never charged on its old evening", () => {
    fc.assert(
      fc.property(publishedRamadan, fc.constantFrom(29, 30), (r, laterLength) => {
        const before = lastTenNights(published(r.year, r.start, r.length), r.year, tabular);
        const after = published(r.year, r.start + r.shift, laterLength);
        for (const night of before) {
          const verdict = nightVerdict(night, after, tabular);
          expect(verdict.kind === "move" || verdict.kind === "drop").toBe(true);
          if (verdict.kind === "move") {
            expect(verdict.on).toBe(isoDateOf(dayNumberOf(night.on)! + r.shift));
            expect(verdict.chargeOn).not.toBe(night.chargeOn);
          }
        }
      }),
    );
  });

  it("a night the calendar still puts on its evening is charged, the 30th only when it is published", () => {
    fc.assert(
      fc.property(publishedRamadan, fc.boolean(), ({ year, start, length }, syawalKnown) => {
        const calendar = syawalKnown
          ? published(year, start, length)
          : hijriCalendar([ramadan(year, isoDateOf(start))]);
        for (const night of lastTenNights(calendar, year, tabular)) {
          const verdict = nightVerdict(night, calendar, tabular);
          expect(verdict.kind).toBe(night.night === 30 && !syawalKnown ? "wait" : "charge");
        }
      }),
    );
  });
});
