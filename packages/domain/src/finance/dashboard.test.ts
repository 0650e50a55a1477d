import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collections, monthlyValue, type DayCell } from "./dashboard.ts";

const cell = (day: string, fund: DayCell["fund"], method: string, count: number, amount: number) =>
  ({ day, fund, method, count, amount }) as DayCell;

describe("dashboard", () => {
  it("groups one day's cells by day, Monday-started week, month, fund and method", () => {
    const c = collections([
      cell("2026-03-01", "ZAKAT", "card", 2, 1000),
      cell("2026-03-02", "ILMU", "paynow", 1, 500),
      cell("2026-03-02", "ZAKAT", "card", 1, 250),
    ]);
    expect(c.byDay).toEqual([
      { key: "2026-03-01", count: 2, amount: 1000 },
      { key: "2026-03-02", count: 2, amount: 750 },
    ]);
    // 1 March 2026 is a Sunday: its week began on Monday 23 February.
    expect(c.byWeek.map((b) => b.key)).toEqual(["2026-02-23", "2026-03-02"]);
    expect(c.byMonth).toEqual([{ key: "2026-03", count: 4, amount: 1750 }]);
    expect(c.byFund).toEqual([
      { key: "ILMU", count: 1, amount: 500 },
      { key: "ZAKAT", count: 3, amount: 1250 },
    ]);
    expect(c.byMethod.map((b) => b.key)).toEqual(["card", "paynow"]);
  });

  it("every grouping adds up to the same total", () => {
    const arb = fc.array(
      fc.record({
        day: fc.constantFrom("2026-01-31", "2026-02-01", "2026-02-02", "2026-12-31"),
        fund: fc.constantFrom("ZAKAT" as const, "ILMU" as const, "WMS" as const),
        method: fc.constantFrom("card", "paynow"),
        count: fc.integer({ min: 1, max: 50 }),
        amount: fc.integer({ min: 1, max: 1_000_000 }),
      }),
    );
    fc.assert(
      fc.property(arb, (cells) => {
        const c = collections(cells);
        for (const g of [c.byDay, c.byWeek, c.byMonth, c.byFund, c.byMethod]) {
          expect(g.reduce((n, b) => n + b.amount, 0)).toBe(c.total.amount);
          expect(g.reduce((n, b) => n + b.count, 0)).toBe(c.total.count);
        }
      }),
    );
  });

  it("recurring plans' monthly value weighs each frequency", () => {
    expect(
      monthlyValue([
        { frequency: "monthly", count: 2, amount: 2000 },
        { frequency: "annually", count: 1, amount: 1200 },
        { frequency: "weekly", count: 1, amount: 300 },
      ]),
    ).toEqual({ plans: 4, monthly: 2000 + 100 + 1300 });
  });
});
