import { describe, expect, it } from "vitest";
import { cents, dollarsToCents as d } from "../money.ts";
import { instalmentPlan, instalmentProgress, settlement } from "./instalments.ts";

describe("the instalment plan towards an assessed amount", () => {
  it("pays monthly up to the haul date, the odd cents on the earliest months", () => {
    // $500.00 over 3 months: 16,666 each and 2 cents over, on the first two months.
    const plan = instalmentPlan({
      amount: d(500),
      firstDate: "2026-01-15",
      haulDate: "2026-03-20",
    });
    expect(plan.months).toEqual([
      { index: 0, date: "2026-01-15", amount: 16_667 },
      { index: 1, date: "2026-02-15", amount: 16_667 },
      { index: 2, date: "2026-03-15", amount: 16_666 },
    ]);
  });

  it("keeps the day of the month, a short month's last day when it has none, and ends on the haul date", () => {
    const plan = instalmentPlan({ amount: d(40), firstDate: "2026-01-31", haulDate: "2026-04-30" });
    expect(plan.months.map((m) => m.date)).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
    ]);
    expect(plan.months.map((m) => m.amount)).toEqual([d(10), d(10), d(10), d(10)]);
  });

  it("has no months when it would begin after the haul date, and refuses a negative amount", () => {
    expect(
      instalmentPlan({ amount: d(100), firstDate: "2026-05-01", haulDate: "2026-04-30" }).months,
    ).toEqual([]);
    expect(() =>
      instalmentPlan({ amount: cents(-1), firstDate: "2026-01-01", haulDate: "2026-04-30" }),
    ).toThrow(RangeError);
  });

  it("says what is paid and what remains, month by month", () => {
    const plan = instalmentPlan({
      amount: d(300),
      firstDate: "2026-01-10",
      haulDate: "2026-03-10",
    });
    const progress = instalmentProgress(plan, [d(100), d(50)], "2026-02-20");
    expect(progress.paid).toBe(d(150));
    expect(progress.remaining).toBe(d(150));
    expect(progress.months.map((m) => m.status)).toEqual(["paid", "due", "upcoming"]);
    const overpaid = instalmentProgress(plan, [d(400)], "2026-03-10");
    expect(overpaid.remaining).toBe(0);
    expect(overpaid.months.every((m) => m.status === "paid")).toBe(true);
  });

  it("offers the difference at the haul's end, never charges it", () => {
    expect(settlement(d(320), d(300))).toEqual({ kind: "offer", amount: d(20) });
    expect(settlement(d(280), d(300))).toEqual({ kind: "paidMore", amount: d(20) });
    expect(settlement(d(300), d(300))).toEqual({ kind: "settled" });
  });
});
