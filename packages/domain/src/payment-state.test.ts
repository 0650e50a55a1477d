import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canTransition,
  isFinalPaymentState,
  paymentStateLabel,
  transitionPayment,
  type PaymentState,
} from "./payment-state";

const states: ReadonlyArray<PaymentState> = [
  "initiated",
  "pending",
  "succeeded",
  "failed",
  "refunded",
  "voided",
];

describe("payment states", () => {
  it("allows the provider's forward path and refunds after success", () => {
    expect(Result.getOrThrow(transitionPayment("initiated", "pending"))).toBe("pending");
    expect(Result.getOrThrow(transitionPayment("pending", "succeeded"))).toBe("succeeded");
    expect(Result.getOrThrow(transitionPayment("succeeded", "refunded"))).toBe("refunded");
    expect(Result.getOrThrow(transitionPayment("succeeded", "succeeded"))).toBe("succeeded");
  });

  it("refuses going back, with a stable code", () => {
    const r = transitionPayment("succeeded", "pending");
    expect(Result.isFailure(r) && r.failure).toMatchObject({
      _tag: "IllegalPaymentTransition",
      code: "payment.illegalTransition",
      from: "succeeded",
      to: "pending",
    });
    expect(canTransition("failed", "succeeded")).toBe(false);
  });

  it("labels states for receipts", () => {
    expect(states.map(paymentStateLabel)).toEqual([
      "Accepted",
      "Accepted",
      "Completed",
      "Failed",
      "Refunded",
      "Voided",
    ]);
  });

  it("nothing leaves a final state except repeating it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...states), fc.constantFrom(...states), (from, to) => {
        if (isFinalPaymentState(from)) expect(canTransition(from, to)).toBe(from === to);
        expect(Result.isSuccess(transitionPayment(from, to))).toBe(canTransition(from, to));
      }),
    );
  });
});
