import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountLimits, amountTextFits, checkAmount, type AmountFlow } from "./limits.ts";
import { cents, dollarsToCents as d } from "./money.ts";
import {
  initialDonationWidgetState,
  resetDonationWidget,
  setDonationMethod,
  updateDonationCause,
} from "./donation-widget.ts";

describe("amount limits", () => {
  it("holds each flow's bounds", () => {
    expect(checkAmount("zakat", cents(1))).toBeNull();
    expect(checkAmount("zakat", cents(0))).toEqual({ key: "validation.amount.min", limit: 1 });
    expect(checkAmount("zakat", d(999_999.01))?.key).toBe("validation.amount.max");
    expect(checkAmount("wakaf", d(4.99))?.key).toBe("validation.amount.min");
    expect(checkAmount("wakaf", d(150_000))).toBeNull();
    expect(checkAmount("wms", d(9.99))?.limit).toBe(d(10));
    expect(checkAmount("wakafEnrolment", d(20_000.01))?.key).toBe("validation.amount.max");
    expect(checkAmount("widget", cents(Number.MAX_SAFE_INTEGER))?.key).toBe(
      "validation.amount.max",
    );
    expect(checkAmount("zakat", 2e17 as never)?.key).toBe("validation.amount.ceiling");
    expect(amountTextFits("12345678901234")).toBe(true);
    expect(amountTextFits("123456789012345")).toBe(false);
  });

  it("an amount is accepted exactly when it lies within its flow's bounds", () => {
    const flow = fc.constantFrom<AmountFlow>("zakat", "wakaf", "wms", "wakafEnrolment", "widget");
    fc.assert(
      fc.property(flow, fc.integer({ min: -1e6, max: 1e9 }), (f, n) => {
        const { min, max } = amountLimits[f];
        expect(checkAmount(f, cents(n)) === null).toBe(n >= min && n <= max);
      }),
    );
  });
});

describe("donation widget", () => {
  it("starts from the spec's defaults, merges updates and resets", () => {
    expect(initialDonationWidgetState.cause).toMatchObject({
      donationAmount: 0,
      frequency: "one time",
      partPayment: "One Time",
      entity: "individual",
      minAmount: d(5),
      maxAmount: d(999_999),
    });
    const s = setDonationMethod(
      updateDonationCause(initialDonationWidgetState, { donationAmount: d(50), id: "7" }),
      "appeal",
    );
    expect(s.cause.donationAmount).toBe(d(50));
    expect(s.cause.frequency).toBe("one time");
    expect(s.donationMethod).toBe("appeal");
    expect(resetDonationWidget()).toEqual(initialDonationWidgetState);
  });
});
