import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seedRates, type RateConfig } from "../config.ts";
import { countProblem, ownershipShareProblem } from "../counts.ts";
import { cents, type Cents } from "../money.ts";
import { calculateZakat } from "./calculate.ts";
import { reduceZakat } from "./reducer.ts";
import { initialZakatState, type ZakatState } from "./state.ts";

const amount = fc.integer({ min: 0, max: 1e11 }).map(cents);
const nisab = fc.integer({ min: 1, max: 1e8 }).map(cents);

const withSavings = (value: Cents): ZakatState =>
  reduceZakat(
    initialZakatState,
    { type: "savings/update", index: 0, patch: { amount: value } },
    seedRates,
  );

const withBusiness = (assets: Cents, share: number): ZakatState =>
  reduceZakat(
    initialZakatState,
    { type: "business/update", patch: { currentAssets: assets, ownershipSharePercent: share } },
    seedRates,
  );

describe("zakat properties", () => {
  it("zakat is zero below nisab and never falls as wealth rises", () => {
    fc.assert(
      fc.property(amount, amount, nisab, (a, b, n) => {
        const config: RateConfig = { ...seedRates, nisabValue: n };
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const zLo = calculateZakat(withSavings(lo), config);
        const zHi = calculateZakat(withSavings(hi), config);
        if (lo < n) expect(zLo.savings.zakat).toBe(0);
        expect(zLo.savings.zakat).toBeLessThanOrEqual(zHi.savings.zakat);
        expect(zLo.total).toBeLessThanOrEqual(zHi.total);
      }),
    );
  });

  it("zakat due is the rate applied to wealth at or above nisab, within half a cent", () => {
    fc.assert(
      fc.property(amount, (a) => {
        const z = calculateZakat(withSavings(a), seedRates).savings.zakat;
        if (a >= seedRates.nisabValue)
          expect(Math.abs(z - a * seedRates.zakatRate)).toBeLessThanOrEqual(0.5);
        else expect(z).toBe(0);
      }),
    );
  });

  it("business zakat never falls as assets or ownership share rise", () => {
    fc.assert(
      fc.property(
        amount,
        amount,
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (a, b, s1, s2) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const [sLo, sHi] = s1 <= s2 ? [s1, s2] : [s2, s1];
          const zLo = calculateZakat(withBusiness(lo, sLo), seedRates).business.zakat;
          const zHi = calculateZakat(withBusiness(hi, sHi), seedRates).business.zakat;
          expect(zLo).toBeLessThanOrEqual(zHi);
        },
      ),
    );
  });

  it("gold below its bucket's threshold owes nothing, whatever its value", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 859.99, noNaN: true }), (grams) => {
        const s = reduceZakat(
          initialZakatState,
          { type: "gold/setWeight", bucket: "forUsage", grams },
          seedRates,
        );
        expect(s.gold.forUsage.totalZakat).toBe(0);
      }),
    );
  });

  it("fitrah total is the sum of rate times persons over the three kinds", () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), fc.nat(50), fc.nat(5000).map(cents), (n, p, v, rate) => {
        let s = reduceZakat(initialZakatState, { type: "fitrah/setVariableRate", rate }, seedRates);
        s = reduceZakat(s, { type: "fitrah/setPersons", kind: "normal", persons: n }, seedRates);
        s = reduceZakat(s, { type: "fitrah/setPersons", kind: "premium", persons: p }, seedRates);
        s = reduceZakat(s, { type: "fitrah/setPersons", kind: "variable", persons: v }, seedRates);
        const expected =
          seedRates.fitrahNormalRate * n + seedRates.fitrahPremiumRate * p + rate * v;
        expect(calculateZakat(s, seedRates).fitrah.zakat).toBe(expected);
      }),
    );
  });

  it("a negative or fractional number of persons is refused, never clamped or rounded", () => {
    const bad = fc.oneof(
      fc.double({ max: -Number.MIN_VALUE, noNaN: true }),
      fc.double({ min: 0, max: 1e4, noNaN: true }).filter((n) => !Number.isInteger(n)),
    );
    fc.assert(
      fc.property(
        fc.nat(50),
        bad,
        fc.constantFrom("normal", "premium", "variable"),
        (n, persons, kind) => {
          const s = reduceZakat(
            initialZakatState,
            { type: "fitrah/setPersons", kind, persons: n },
            seedRates,
          );
          expect(countProblem(persons)).not.toBeNull();
          expect(reduceZakat(s, { type: "fitrah/setPersons", kind, persons }, seedRates)).toEqual(
            s,
          );
        },
      ),
    );
  });

  it("an ownership share below 0 or above 100 % is refused, never kept within 0 to 100", () => {
    const bad = fc.oneof(
      fc.double({ max: -Number.MIN_VALUE, noNaN: true }),
      fc.double({ min: 100, max: 1e9, noNaN: true, minExcluded: true }),
    );
    fc.assert(
      fc.property(amount, bad, (assets, share) => {
        const s = withBusiness(assets, 50);
        const patch = { currentAssets: assets, ownershipSharePercent: share };
        expect(ownershipShareProblem(share)).not.toBeNull();
        expect(reduceZakat(s, { type: "business/update", patch }, seedRates)).toEqual(s);
      }),
    );
  });
});
