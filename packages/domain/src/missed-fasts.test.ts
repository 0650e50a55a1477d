import { describe, expect, it } from "vitest";
import type { Cents } from "./money.ts";
import { fundOf } from "./funds/lookup.ts";
import {
  fidyahCategoryOf,
  fidyahFlow,
  MISSED_FAST_REASONS,
  missedFastProblems,
  missedFastsOwed,
} from "./missed-fasts.ts";

const rates = { fidyahPerDay: 400 as Cents };

describe("the missed-fasts log", () => {
  it("takes a Hijri year, a reason and 1 to 30 days", () => {
    for (const reason of MISSED_FAST_REASONS) {
      expect(missedFastProblems({ hijriYear: 1446, reason, days: 30 })).toEqual([]);
    }
    expect(missedFastProblems({ hijriYear: 1380, reason: "travel", days: 1 })).toEqual([]);
  });

  it("refuses each field out of range, naming it", () => {
    expect(missedFastProblems({ hijriYear: 2025, reason: "travel", days: 3 })).toEqual([
      "missedFast.year",
    ]);
    expect(missedFastProblems({ hijriYear: 1446.5, reason: "travel", days: 3 })).toEqual([
      "missedFast.year",
    ]);
    expect(missedFastProblems({ hijriYear: 1446, reason: "haid", days: 3 })).toEqual([
      "missedFast.reason",
    ]);
    for (const days of [0, 31, 2.5, "3", -1]) {
      expect(missedFastProblems({ hijriYear: 1446, reason: "other", days })).toEqual([
        "missedFast.days",
      ]);
    }
    expect(missedFastProblems({ hijriYear: "x", reason: null, days: 99 })).toHaveLength(3);
  });

  it("owes the unpaid days at the current rate per day, whatever year they were missed in", () => {
    const entries = [
      { days: 7, paidTransactionNo: null },
      { days: 3, paidTransactionNo: "T-1" },
      { days: 5, paidTransactionNo: null },
    ];
    expect(missedFastsOwed(entries, rates)).toEqual({ days: 12, cents: 4_800 });
    expect(missedFastsOwed(entries, { fidyahPerDay: 140 as Cents })).toEqual({
      days: 12,
      cents: 1_680,
    });
    expect(missedFastsOwed([], rates)).toEqual({ days: 0, cents: 0 });
  });

  it("pays the days to the fund that prices fidyah by the day", () => {
    expect(fundOf(fidyahFlow()).items.map((item) => item.pricing)).toEqual(["fidyah"]);
  });

  it("pays each reason under the fidyah page's category", () => {
    expect(fidyahCategoryOf("old-age")).toBe("illness");
    expect(fidyahCategoryOf("pregnancy")).toBe("pregnancy");
    expect(fidyahCategoryOf("illness")).toBe("haid");
    expect(fidyahCategoryOf("travel")).toBe("haid");
    expect(fidyahCategoryOf("other")).toBe("haid");
  });
});
