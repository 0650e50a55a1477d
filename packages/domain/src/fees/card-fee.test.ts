import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cents } from "../money.ts";
import { coverFeeCents, isCardFee, providerFeeOn, type CardFee } from "./card-fee.ts";

const stripeSg: CardFee = { basisPoints: 340, fixedCents: 50 };

describe("covering the card fee", () => {
  it("covers a $100 gift at 3.4% + $0.50 with $4.04, so $104.04 leaves the fund $100", () => {
    // 10404 x 3.4% = 353.736, rounded up 354, + 50 = 404: 10404 - 404 = 10000.
    expect(coverFeeCents(cents(10_000), stripeSg)).toBe(404);
    expect(providerFeeOn(cents(10_404), stripeSg)).toBe(404);
    // One cent less would leave the fund short.
    expect(10_403 - providerFeeOn(cents(10_403), stripeSg)).toBeLessThan(10_000);
  });

  it("covers only the fixed part when the provider takes no percentage", () => {
    expect(coverFeeCents(cents(2_500), { basisPoints: 0, fixedCents: 50 })).toBe(50);
  });

  it("is nothing when the provider takes nothing, and for no gift", () => {
    expect(coverFeeCents(cents(2_500), { basisPoints: 0, fixedCents: 0 })).toBe(0);
    expect(coverFeeCents(cents(0), stripeSg)).toBe(0);
  });

  it("refuses figures that cannot be a fee", () => {
    expect(isCardFee(stripeSg)).toBe(true);
    expect(isCardFee({ basisPoints: 10_000, fixedCents: 0 })).toBe(false);
    expect(isCardFee({ basisPoints: 3.4, fixedCents: 50 })).toBe(false);
    expect(isCardFee({ basisPoints: 340, fixedCents: -1 })).toBe(false);
  });

  it("always leaves the whole gift, and never asks a cent more than needed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 500 }),
        (gift, basisPoints, fixedCents) => {
          const fee = { basisPoints, fixedCents };
          const extra = coverFeeCents(cents(gift), fee);
          expect(Number.isSafeInteger(extra)).toBe(true);
          const net = (charge: number) => charge - providerFeeOn(cents(charge), fee);
          expect(net(gift + extra)).toBeGreaterThanOrEqual(gift);
          if (extra > 0) expect(net(gift + extra - 1)).toBeLessThan(gift);
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
