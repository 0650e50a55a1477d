import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { seedRates } from "./config.ts";
import {
  activeKaffarahOptions,
  initialKaffarahState,
  kaffarahUnitCost,
  reduceKaffarah,
  type KaffarahAction,
  type KaffarahState,
} from "./kaffarah.ts";
import { dollarsToCents as d } from "./money.ts";

const step = (s: KaffarahState, a: KaffarahAction) =>
  Result.getOrThrow(reduceKaffarah(s, a, seedRates));
const code = (s: KaffarahState, a: KaffarahAction) => {
  const r = reduceKaffarah(s, a, seedRates);
  return Result.isFailure(r) ? r.failure.code : null;
};

describe("kaffarah at $4 per person", () => {
  it("jimak feeds the configured 60 persons: $240 each, total as a two-decimal string", () => {
    expect(kaffarahUnitCost("jimak", seedRates)).toBe(d(240));
    const s = step(initialKaffarahState, { type: "choose", kind: "jimak", quantity: 2 });
    expect(s.jimak).toEqual({
      name: "Jimak",
      noOfDays: 2,
      value: 2,
      perDay: d(240),
      amount: d(480),
    });
    expect(s.totalAmount).toBe("480.00");
  });

  it("choosing nazar resets the other options; custom resets jimak and nazar", () => {
    const jimak = step(initialKaffarahState, { type: "choose", kind: "jimak", quantity: 1 });
    const nazar = step(jimak, { type: "choose", kind: "nazar", quantity: 3 });
    expect(nazar.jimak).toEqual(initialKaffarahState.jimak);
    expect(nazar.nazar.amount).toBe(d(120));
    expect(nazar.totalAmount).toBe("120.00");
    const custom = step(nazar, { type: "custom", amount: d(12.5) });
    expect(custom.nazar).toEqual(initialKaffarahState.nazar);
    expect(custom.custom).toMatchObject({ name: "Custom", amount: d(12.5) });
    expect(custom.totalAmount).toBe("12.50");
    const back = step(custom, { type: "choose", kind: "jimak", quantity: 1 });
    expect(back.custom).toEqual(initialKaffarahState.custom);
    expect(activeKaffarahOptions(back)).toEqual(["jimak"]);
  });

  it("refuses quantities above 9999 or not whole, and custom amounts under $5", () => {
    expect(code(initialKaffarahState, { type: "choose", kind: "jimak", quantity: 10_000 })).toBe(
      "validation.kaffarah.quantity",
    );
    expect(code(initialKaffarahState, { type: "choose", kind: "nazar", quantity: 1.5 })).toBe(
      "validation.kaffarah.quantity",
    );
    expect(code(initialKaffarahState, { type: "choose", kind: "nazar", quantity: -1 })).toBe(
      "validation.kaffarah.quantity",
    );
    expect(
      code(initialKaffarahState, { type: "choose", kind: "nazar", quantity: 9999 }),
    ).toBeNull();
    expect(code(initialKaffarahState, { type: "custom", amount: d(4.99) })).toBe(
      "validation.kaffarah.minAmount",
    );
    expect(code(initialKaffarahState, { type: "custom", amount: d(5) })).toBeNull();
  });

  it("reset restores the initial state", () => {
    const s = step(initialKaffarahState, { type: "choose", kind: "jimak", quantity: 1 });
    expect(step(s, { type: "reset" })).toEqual(initialKaffarahState);
    expect(initialKaffarahState.totalAmount).toBe("0.00");
  });
});
