import { describe, expect, it } from "vitest";
import { seedRates } from "./config.ts";
import {
  reduceFidyah,
  initialFidyahState,
  emptyYearRow,
  emptyCalcRow,
  type FidyahAction,
  type FidyahState,
} from "./fidyah.ts";
import { dollarsToCents as d } from "./money.ts";

const run = (actions: ReadonlyArray<FidyahAction>, state: FidyahState = initialFidyahState) =>
  actions.reduce((s, a) => reduceFidyah(s, a, seedRates), state);

describe("fidyah at $4 per day", () => {
  it("prices a year row as days x fidyah per day and totals categories and overall", () => {
    const s = run([
      { type: "updateRow", category: "haid", index: 0, patch: { year: "2024", noOfDays: 7 } },
      { type: "addRow", category: "haid" },
      { type: "updateRow", category: "haid", index: 1, patch: { year: "2025", noOfDays: 5 } },
      { type: "updateRow", category: "pregnancy", index: 0, patch: { year: "2025", noOfDays: 30 } },
    ]);
    expect(s.haid.years[0]).toEqual({ year: "2024", noOfDays: 7, quantity: 7, amount: d(28) });
    expect(s.haid.totalAmount).toBe(d(48));
    expect(s.haidAmount).toBe(d(48));
    expect(s.pregnancyAmount).toBe(d(120));
    expect(s.totalAmount).toBe(d(168));
  });

  it("removing a row recomputes the totals", () => {
    const s = run([
      { type: "updateRow", category: "haid", index: 0, patch: { noOfDays: 7 } },
      { type: "removeRow", category: "haid", index: 0 },
    ]);
    expect(s.haid.years).toEqual([]);
    expect(s.totalAmount).toBe(0);
  });

  it("illness: a multi-year row goes to yearsCalc and resets years to one empty row, and back", () => {
    const s = run([
      { type: "updateRow", category: "illness", index: 0, patch: { year: "2024", noOfDays: 10 } },
      { type: "addRow", category: "illness", calc: true },
      { type: "updateCalcRow", index: 0, patch: { noOfYear: 3, noOfDays: 30 } },
    ]);
    expect(s.illness.years).toEqual([emptyYearRow]);
    expect(s.illness.yearsCalc[0]).toEqual({
      noOfYear: 3,
      noOfDays: 30,
      quantity: 90,
      amount: d(360),
    });
    expect(s.illness.yearsCalc).toHaveLength(2);
    expect(s.illnessAmount).toBe(d(360));
    const back = run(
      [{ type: "updateRow", category: "illness", index: 0, patch: { noOfDays: 2 } }],
      s,
    );
    expect(back.illness.yearsCalc).toEqual([emptyCalcRow]);
    expect(back.illnessAmount).toBe(d(8));
    const removed = run([{ type: "removeRow", category: "illness", index: 0, calc: true }], s);
    expect(removed.illnessAmount).toBe(0);
  });

  it("refuses negative or fractional days and years: the edit leaves the state as it was", () => {
    const s = run([{ type: "updateRow", category: "haid", index: 0, patch: { noOfDays: 4 } }]);
    for (const noOfDays of [-3, 2.9, -0.5, Number.NaN]) {
      const refused = run(
        [{ type: "updateRow", category: "haid", index: 0, patch: { noOfDays } }],
        s,
      );
      expect(refused).toEqual(s);
      expect(refused.haid.years[0]).toMatchObject({ noOfDays: 4, quantity: 4 });
    }
    for (const patch of [
      { noOfYear: 2, noOfDays: -1 },
      { noOfYear: 1.5, noOfDays: 3 },
    ]) {
      expect(run([{ type: "updateCalcRow", index: 0, patch }], s)).toEqual(s);
    }
  });

  it("a directly set amount clears rows and remark, is capped at the configured limit, and empty is zero", () => {
    const s = run([
      { type: "setRemark", remark: "diabetes" },
      { type: "updateRow", category: "illness", index: 0, patch: { noOfDays: 3 } },
      { type: "setAmount", category: "illness", amount: d(50) },
      { type: "setAmount", category: "haid", amount: d(2_000_000) },
      { type: "setAmount", category: "pregnancy", amount: null },
    ]);
    expect(s.illness).toEqual({ years: [], yearsCalc: [], remark: "", totalAmount: d(50) });
    expect(s.haid.totalAmount).toBe(seedRates.maxFidyahLimit);
    expect(s.pregnancy).toEqual({ years: [], totalAmount: 0 });
    expect(s.totalAmount).toBe(d(50) + seedRates.maxFidyahLimit);
  });

  it("reset returns the initial state", () => {
    const s = run([
      { type: "updateRow", category: "haid", index: 0, patch: { noOfDays: 7 } },
      { type: "reset" },
    ]);
    expect(s).toEqual(initialFidyahState);
  });
});
