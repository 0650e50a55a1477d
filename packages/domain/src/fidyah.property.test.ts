import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seedRates } from "./config.ts";
import {
  initialFidyahState,
  reduceFidyah,
  type FidyahAction,
  type FidyahCategory,
} from "./fidyah.ts";
import { countProblem } from "./counts.ts";
import { cents } from "./money.ts";

const category = fc.constantFrom<FidyahCategory>("haid", "pregnancy", "illness");
const action: fc.Arbitrary<FidyahAction> = fc.oneof(
  category.map((c) => ({ type: "addRow" as const, category: c })),
  fc.constant({ type: "addRow" as const, category: "illness" as const, calc: true }),
  fc.record({
    type: fc.constant("updateRow" as const),
    category,
    index: fc.nat(4),
    patch: fc.record({ noOfDays: fc.integer({ min: -5, max: 400 }) }),
  }),
  fc.record({
    type: fc.constant("updateCalcRow" as const),
    index: fc.nat(4),
    patch: fc.record({ noOfYear: fc.nat(20), noOfDays: fc.nat(400) }),
  }),
  fc.record({
    type: fc.constant("removeRow" as const),
    category,
    index: fc.nat(4),
    calc: fc.boolean(),
  }),
  fc.record({
    type: fc.constant("setAmount" as const),
    category,
    amount: fc.option(fc.integer({ min: -1e6, max: 1e12 }).map(cents)),
  }),
  fc.constant({ type: "reset" as const }),
);

describe("fidyah properties", () => {
  it("fidyah totals equal the sum of rows, and the overall total the sum of categories", () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        const s = actions.reduce((st, a) => reduceFidyah(st, a, seedRates), initialFidyahState);
        const sum = (rows: ReadonlyArray<{ amount: number }>) =>
          rows.reduce((t, r) => t + r.amount, 0);
        // A category with rows totals its rows; one without rows holds a directly set amount (or 0).
        for (const c of ["haid", "pregnancy"] as const) {
          if (s[c].years.length > 0) expect(s[c].totalAmount).toBe(sum(s[c].years));
        }
        const ill = s.illness;
        const illRows = ill.years.length + ill.yearsCalc.length;
        if (illRows > 0) expect(ill.totalAmount).toBe(sum(ill.years) + sum(ill.yearsCalc));
        expect(s.totalAmount).toBe(
          s.haid.totalAmount + s.pregnancy.totalAmount + s.illness.totalAmount,
        );
        expect(s.haidAmount).toBe(s.haid.totalAmount);
      }),
    );
  });

  it("no category total is ever negative or above the cap for a direct amount", () => {
    fc.assert(
      fc.property(category, fc.integer({ min: -1e9, max: 1e12 }).map(cents), (c, amount) => {
        const s = reduceFidyah(
          initialFidyahState,
          { type: "setAmount", category: c, amount },
          seedRates,
        );
        expect(s[c].totalAmount).toBeGreaterThanOrEqual(0);
        expect(s[c].totalAmount).toBeLessThanOrEqual(seedRates.maxFidyahLimit);
      }),
    );
  });

  it("every priced row costs days times the configured fidyah per day", () => {
    fc.assert(
      fc.property(fc.nat(400), fc.nat(10_000).map(cents), (days, perDay) => {
        const config = { ...seedRates, fidyahPerDay: perDay };
        const s = reduceFidyah(
          initialFidyahState,
          { type: "updateRow", category: "haid", index: 0, patch: { noOfDays: days } },
          config,
        );
        expect(s.haid.years[0]?.amount).toBe(days * perDay);
      }),
    );
  });

  it("a negative or fractional number of days or years is refused, never read as another", () => {
    const bad = fc.oneof(
      fc.double({ max: -Number.MIN_VALUE, noNaN: true }),
      fc.double({ min: 0, max: 400, noNaN: true }).filter((n) => !Number.isInteger(n)),
    );
    fc.assert(
      fc.property(category, fc.nat(30), bad, fc.boolean(), (c, days, refused, years) => {
        const s = reduceFidyah(
          initialFidyahState,
          { type: "updateRow", category: c, index: 0, patch: { noOfDays: days } },
          seedRates,
        );
        expect(countProblem(refused)).not.toBeNull();
        const row = { type: "updateRow" as const, category: c, index: 0 };
        expect(reduceFidyah(s, { ...row, patch: { noOfDays: refused } }, seedRates)).toEqual(s);
        const calc = years
          ? { noOfYear: refused, noOfDays: 1 }
          : { noOfYear: 1, noOfDays: refused };
        expect(
          reduceFidyah(s, { type: "updateCalcRow", index: 0, patch: calc }, seedRates),
        ).toEqual(s);
      }),
    );
  });
});
