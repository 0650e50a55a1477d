import { describe, expect, it } from "vitest";
import { hijriCalendar, tabularHijriOf, dayNumberOf } from "../index.ts";
import {
  changePercent,
  channelOfSource,
  collectedPeriod,
  ramadanWindows,
  sameDayLastYear,
  yearWindows,
} from "./collections.ts";
import { AsnafRefused, asnafTotal, checkAsnafDistribution } from "./asnaf.ts";

// The arithmetical calendar as the estimator: pure, and near enough for the windows' shape.
const estimate = (iso: string) => tabularHijriOf(dayNumberOf(iso) ?? 0);
// Ramadan 1447 began on 19 February 2026 in Singapore (design/facts.md); Syawal on 21 March.
const calendar = hijriCalendar([
  { year: 1446, month: 9, start: "2025-03-01" },
  { year: 1446, month: 10, start: "2025-03-31" },
  { year: 1447, month: 9, start: "2026-02-19" },
  { year: 1447, month: 10, start: "2026-03-20" },
]);

describe("the same days last year", () => {
  it("moves a day back one year, 29 February to 28 February", () => {
    expect(sameDayLastYear("2026-11-29")).toBe("2025-11-29");
    expect(sameDayLastYear("2028-02-29")).toBe("2027-02-28");
    expect(sameDayLastYear("2026-01-01")).toBe("2025-01-01");
  });

  it("compares this Gregorian year to today with last year to the same day", () => {
    expect(yearWindows("2026-11-29")).toEqual({
      now: { from: "2026-01-01", to: "2026-11-29" },
      before: { from: "2025-01-01", to: "2025-11-29" },
    });
    expect(yearWindows("2028-02-29").before).toEqual({ from: "2027-01-01", to: "2027-02-28" });
    expect(() => yearWindows("2026-02-30")).toThrow(RangeError);
  });

  it("counts a Ramadan under way to today, and last year's Ramadan for as many days", () => {
    const windows = ramadanWindows(calendar, "2026-02-28", estimate);
    expect(windows).toMatchObject({ hijriYear: 1447, underWay: true, days: 10, estimated: false });
    expect(windows.now).toEqual({ from: "2026-02-19", to: "2026-02-28" });
    expect(windows.before).toEqual({ from: "2025-03-01", to: "2025-03-10" });
  });

  it("after Ramadan, takes the last one whole against the whole one before", () => {
    const windows = ramadanWindows(calendar, "2026-11-29", estimate);
    expect(windows).toMatchObject({ hijriYear: 1447, underWay: false, days: 29 });
    expect(windows.now).toEqual({ from: "2026-02-19", to: "2026-03-19" });
    // Ramadan 1446 had 30 days; the same 29 days of it are compared.
    expect(windows.before).toEqual({ from: "2025-03-01", to: "2025-03-29" });
  });

  it("says estimated where the council has not published the month", () => {
    const published = hijriCalendar([{ year: 1447, month: 9, start: "2026-02-19" }]);
    const windows = ramadanWindows(published, "2026-03-01", estimate);
    expect(windows.underWay).toBe(true);
    expect(windows.now.from).toBe("2026-02-19");
    expect(windows.estimated).toBe(true);
  });
});

describe("the collected figures", () => {
  const windows = yearWindows("2026-11-29");

  it("sums counts and integer cents per fund, per channel and in all, now and last year", () => {
    const period = collectedPeriod(
      windows,
      ["ZAKAT", "ILMU"],
      [
        { fund: "ZAKAT", channel: "online", count: 2, cents: 1_001 },
        { fund: "ZAKAT", channel: "kiosk", count: 1, cents: 10 },
        { fund: "ILMU", channel: "online", count: 1, cents: 1 },
      ],
      [{ fund: "ZAKAT", channel: "counter", count: 3, cents: 333 }],
    );
    expect(period).toMatchObject({ count: 4, cents: 1_012, lastCount: 3, lastCents: 333 });
    expect(period.byFund).toEqual([
      { fund: "ZAKAT", count: 3, cents: 1_011, lastCount: 3, lastCents: 333 },
      { fund: "ILMU", count: 1, cents: 1, lastCount: 0, lastCents: 0 },
    ]);
    expect(period.byChannel.map((line) => [line.channel, line.cents, line.lastCents])).toEqual([
      ["online", 1_002, 0],
      ["counter", 0, 333],
      ["kiosk", 10, 0],
    ]);
    expect(period).toMatchObject({ from: "2026-01-01", lastTo: "2025-11-29" });
  });

  it("refuses fractional cents and sums beyond a safe integer", () => {
    const row = { fund: "ZAKAT", channel: "online" as const, count: 1 };
    expect(() => collectedPeriod(windows, ["ZAKAT"], [{ ...row, cents: 1.5 }], [])).toThrow(
      RangeError,
    );
    const big = { ...row, cents: Number.MAX_SAFE_INTEGER - 1 };
    expect(() => collectedPeriod(windows, ["ZAKAT"], [big, big], [])).toThrow(RangeError);
  });

  it("names channels from the donation's source, and the change in whole per cent", () => {
    expect(["Online", "pos", "kiosk"].map(channelOfSource)).toEqual(["online", "counter", "kiosk"]);
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(1, 3)).toBe(-67);
    expect(changePercent(5, 0)).toBeUndefined();
  });
});

describe("a published asnaf distribution", () => {
  const cents = {
    fuqara: 100,
    masakin: 200,
    amil: 0,
    muallaf: 0,
    riqab: 0,
    gharimin: 0,
    fisabilillah: 0,
    ibnusSabil: 5,
  };

  it("takes whole cents for each of the eight", () => {
    expect(checkAsnafDistribution({ year: 2026, cents })).toEqual({ year: 2026, cents });
    expect(asnafTotal(cents)).toBe(305);
  });

  it.each([
    [{ year: 2026, cents: { ...cents, fuqara: 1.5 } }, "asnaf.invalid"],
    [{ year: 2026, cents: { ...cents, fuqara: -1 } }, "asnaf.invalid"],
    [{ year: 2026, cents: { ...cents, other: 1 } }, "asnaf.invalid"],
    [{ year: 2026, cents: { fuqara: 1 } }, "asnaf.invalid"],
    [{ year: 1999, cents }, "asnaf.invalid"],
    [{ year: "2026", cents }, "asnaf.invalid"],
    [
      { year: 2026, cents: Object.fromEntries(Object.keys(cents).map((k) => [k, 0])) },
      "asnaf.empty",
    ],
  ])("refuses %j", (input, code) => {
    expect(() => checkAsnafDistribution(input)).toThrow(AsnafRefused);
    try {
      checkAsnafDistribution(input);
    } catch (error) {
      expect((error as AsnafRefused).code).toBe(code);
    }
  });
});
