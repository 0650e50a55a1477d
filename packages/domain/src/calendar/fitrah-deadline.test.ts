import { describe, expect, it } from "vitest";
import { dayNumberOf } from "./days.ts";
import { fitrahDeadline } from "./fitrah-deadline.ts";
import { hijriCalendar } from "./hijri-calendar.ts";
import type { HijriEstimator } from "./hijri-date.ts";
import { tabularHijriOf } from "./tabular.ts";

const tabular: HijriEstimator = (iso) => tabularHijriOf(dayNumberOf(iso)!);
// Only Ramadan 1447 published (facts.md: it began on 19 February 2026 in Singapore).
const ramadanOnly = hijriCalendar([{ year: 1447, month: 9, start: "2026-02-19" }]);
const withSyawal = hijriCalendar([
  { year: 1447, month: 9, start: "2026-02-19" },
  { year: 1447, month: 10, start: "2026-03-21" },
]);

describe("the days left to pay zakat fitrah before the Aidilfitri prayer", () => {
  it("counts to 1 Syawal as the council published it, not estimated", () => {
    expect(fitrahDeadline(withSyawal, "2026-03-01", tabular)).toEqual({
      aidilfitri: "2026-03-21",
      hijriYear: 1447,
      daysLeft: 20,
      estimated: false,
    });
    // On the day itself, before the prayer: none left after today.
    expect(fitrahDeadline(withSyawal, "2026-03-21", tabular)?.daysLeft).toBe(0);
  });

  it("says estimated while the council has not published Syawal's start", () => {
    const deadline = fitrahDeadline(ramadanOnly, "2026-03-10", tabular);
    expect(deadline?.estimated).toBe(true);
    expect(deadline?.hijriYear).toBe(1447);
    // Ramadan has 29 or 30 days from its published start.
    expect(["2026-03-20", "2026-03-21"]).toContain(deadline?.aidilfitri);
  });

  it("looks to next year's Aidilfitri once this year's has passed, estimated", () => {
    const deadline = fitrahDeadline(withSyawal, "2026-03-22", tabular);
    expect(deadline?.hijriYear).toBe(1448);
    expect(deadline?.estimated).toBe(true);
    expect(deadline!.daysLeft).toBeGreaterThan(340);
    expect(deadline!.daysLeft).toBeLessThan(360);
  });

  it("gives nothing for a day that is not a date", () => {
    expect(fitrahDeadline(withSyawal, "2026-02-30", tabular)).toBeUndefined();
  });
});
