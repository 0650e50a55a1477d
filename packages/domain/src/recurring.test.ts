import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chargeDate,
  daysInMonth,
  isRecurringFrequency,
  MAX_CONSECUTIVE_DECLINES,
  periodOn,
  planAfterDecline,
  sgtDate,
  type RecurringFrequency,
} from "./recurring.ts";

const sgt = (iso: string) => Date.parse(iso);

describe("recurring schedule", () => {
  it("knows which frequencies repeat", () => {
    expect(isRecurringFrequency("monthly")).toBe(true);
    expect(isRecurringFrequency("one time")).toBe(false);
    expect(isRecurringFrequency("fortnightly")).toBe(false);
  });

  it("reads the calendar date in Singapore, not UTC", () => {
    // 15:59:59 UTC is 23:59:59 in Singapore; one second later it is the next day there.
    expect(sgtDate(sgt("2025-03-31T15:59:59Z"))).toBe("2025-03-31");
    expect(sgtDate(sgt("2025-03-31T16:00:00Z"))).toBe("2025-04-01");
    expect(sgtDate(sgt("2024-12-31T16:00:00Z"))).toBe("2025-01-01");
  });

  it("steps days and weeks across month and year ends", () => {
    expect(chargeDate("2025-12-31", "daily", 1)).toBe("2026-01-01");
    expect(chargeDate("2024-02-28", "daily", 1)).toBe("2024-02-29");
    expect(chargeDate("2025-02-28", "daily", 1)).toBe("2025-03-01");
    expect(chargeDate("2025-12-29", "weekly", 1)).toBe("2026-01-05");
    expect(chargeDate("2025-01-01", "weekly", 52)).toBe("2025-12-31");
  });

  it("keeps a month-end anchor without drifting", () => {
    const months = [1, 2, 3, 4, 5, 12, 13].map((n) => chargeDate("2025-01-31", "monthly", n));
    expect(months).toEqual([
      "2025-02-28",
      "2025-03-31",
      "2025-04-30",
      "2025-05-31",
      "2025-06-30",
      "2026-01-31",
      "2026-02-28",
    ]);
    expect(chargeDate("2024-01-31", "monthly", 1)).toBe("2024-02-29");
    expect(chargeDate("2025-11-30", "quarterly", 1)).toBe("2026-02-28");
    expect(chargeDate("2025-11-30", "quarterly", 2)).toBe("2026-05-30");
  });

  it("charges a 29 February plan on 28 February, and on 29 February in leap years", () => {
    expect(chargeDate("2024-02-29", "annually", 1)).toBe("2025-02-28");
    expect(chargeDate("2024-02-29", "annually", 3)).toBe("2027-02-28");
    expect(chargeDate("2024-02-29", "annually", 4)).toBe("2028-02-29");
    expect(chargeDate("2000-02-29", "annually", 100)).toBe("2100-02-28");
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it("finds the period a plan is in", () => {
    expect(periodOn("2025-01-31", "monthly", "2025-01-31")).toBe(0);
    expect(periodOn("2025-01-31", "monthly", "2025-02-27")).toBe(0);
    expect(periodOn("2025-01-31", "monthly", "2025-02-28")).toBe(1);
    expect(periodOn("2025-01-31", "monthly", "2025-03-30")).toBe(1);
    expect(periodOn("2025-01-31", "monthly", "2025-03-31")).toBe(2);
    expect(periodOn("2025-01-10", "daily", "2025-01-09")).toBe(0);
    expect(periodOn("2025-01-10", "weekly", "2025-01-23")).toBe(1);
    expect(periodOn("2024-02-29", "annually", "2025-02-28")).toBe(1);
    expect(periodOn("2024-02-29", "annually", "2025-02-27")).toBe(0);
  });

  it("the period on a charge date is that charge, and the day before it is the one before", () => {
    const frequency = fc.constantFrom<RecurringFrequency>(
      "daily",
      "weekly",
      "monthly",
      "quarterly",
      "annually",
    );
    const anchor = fc
      .integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10));
    fc.assert(
      fc.property(anchor, frequency, fc.integer({ min: 1, max: 400 }), (a, f, n) => {
        const date = chargeDate(a, f, n);
        expect(date > chargeDate(a, f, n - 1)).toBe(true);
        expect(periodOn(a, f, date)).toBe(n);
        const dayBefore = new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000)
          .toISOString()
          .slice(0, 10);
        expect(periodOn(a, f, dayBefore)).toBe(n - 1);
      }),
    );
  });

  it("suspends a plan after three declined periods in a row", () => {
    expect(planAfterDecline(0)).toEqual({ consecutiveDeclines: 1, status: "active" });
    expect(planAfterDecline(1)).toEqual({ consecutiveDeclines: 2, status: "active" });
    expect(planAfterDecline(MAX_CONSECUTIVE_DECLINES - 1)).toEqual({
      consecutiveDeclines: 3,
      status: "suspended",
    });
  });
});
