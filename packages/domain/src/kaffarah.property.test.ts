import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seedRates } from "./config.ts";
import {
  activeKaffarahOptions,
  initialKaffarahState,
  reduceKaffarah,
  type KaffarahAction,
} from "./kaffarah.ts";
import { cents, centsToDecimalString } from "./money.ts";

const action: fc.Arbitrary<KaffarahAction> = fc.oneof(
  fc.record({
    type: fc.constant("choose" as const),
    kind: fc.constantFrom("jimak" as const, "nazar" as const),
    quantity: fc.integer({ min: -2, max: 10_001 }),
  }),
  fc.record({
    type: fc.constant("custom" as const),
    amount: fc.integer({ min: 0, max: 1e9 }).map(cents),
  }),
  fc.constant({ type: "reset" as const }),
);

describe("kaffarah properties", () => {
  it("kaffarah options stay exclusive and the total is their sum with two decimals", () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 25 }), (actions) => {
        const s = actions.reduce((st, a) => {
          const r = reduceKaffarah(st, a, seedRates);
          return Result.isSuccess(r) ? r.success : st;
        }, initialKaffarahState);
        expect(activeKaffarahOptions(s).length).toBeLessThanOrEqual(1);
        expect(s.totalAmount).toBe(
          centsToDecimalString(cents(s.jimak.amount + s.nazar.amount + s.custom.amount)),
        );
        expect(s.totalAmount).toMatch(/^\d+\.\d{2}$/);
      }),
    );
  });

  it("every entry either gives a two-decimal total or is refused with a kaffarah error", () => {
    fc.assert(
      fc.property(action, (a) => {
        const r = reduceKaffarah(initialKaffarahState, a, seedRates);
        if (Result.isFailure(r)) expect(r.failure._tag).toBe("KaffarahError");
        else expect(r.success.totalAmount).toMatch(/^\d+\.\d{2}$/);
      }),
    );
  });
});
