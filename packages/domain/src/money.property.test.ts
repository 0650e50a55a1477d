import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyRate, cents, centsToDecimalString, formatMoney, parseMoney } from "./money.ts";

const money = fc.integer({ min: -1e13, max: 1e13 }).map(cents);

describe("money properties", () => {
  it("formatting and parsing money round-trip", () => {
    fc.assert(
      fc.property(money, (c) => {
        expect(Result.getOrThrow(parseMoney(formatMoney(c)))).toBe(c);
        expect(Result.getOrThrow(parseMoney(centsToDecimalString(c)))).toBe(c);
      }),
    );
  });

  it("formatted money always has exactly two decimals and groups of three digits", () => {
    fc.assert(
      fc.property(money, (c) => {
        expect(formatMoney(c)).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
      }),
    );
  });

  it("applying a rate never falls as the amount rises", () => {
    fc.assert(
      fc.property(money, money, fc.double({ min: 0, max: 1, noNaN: true }), (a, b, rate) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(applyRate(lo, rate)).toBeLessThanOrEqual(applyRate(hi, rate));
      }),
    );
  });

  it("text with more than two decimals is always refused, never rounded", () => {
    fc.assert(
      fc.property(fc.nat(1e9), fc.integer({ min: 100, max: 999 }), (whole, frac) => {
        const r = parseMoney(`${whole}.${frac}`);
        expect(Result.isFailure(r) && r.failure.code).toBe("money.tooManyDecimals");
      }),
    );
  });
});
