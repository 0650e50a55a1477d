import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canTransition,
  isFinalPaymentState,
  paymentStateLabel,
  reconcileReportedState,
  transitionPayment,
  type PaymentState,
  isDuplicatePayment,
} from "./payment-state.ts";

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

  it("records a success reported after a failure, and ignores what the machine refuses", () => {
    expect(reconcileReportedState("failed", "succeeded")).toBe("succeeded");
    expect(reconcileReportedState("succeeded", "failed")).toBe("succeeded");
    expect(reconcileReportedState("succeeded", "pending")).toBe("succeeded");
    expect(reconcileReportedState("failed", "pending")).toBe("failed");
    expect(reconcileReportedState("pending", "failed")).toBe("failed");
    expect(reconcileReportedState("voided", "succeeded")).toBe("voided");
  });

  it("the order gateway reports arrive in never changes the recorded state", () => {
    const reported: ReadonlyArray<PaymentState> = ["initiated", "pending", "failed", "succeeded"];
    const fold = (reports: ReadonlyArray<PaymentState>) =>
      reports.reduce<PaymentState>(reconcileReportedState, "initiated");
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom(...reported), { maxLength: 8 })
          .chain((reports) =>
            fc.tuple(
              fc.constant(reports),
              fc.shuffledSubarray(reports, { minLength: reports.length }),
            ),
          ),
        ([reports, shuffled]) => {
          const expected = reports.includes("succeeded")
            ? "succeeded"
            : reports.includes("failed")
              ? "failed"
              : reports.includes("pending")
                ? "pending"
                : "initiated";
          expect(fold(reports)).toBe(expected);
          expect(fold(shuffled)).toBe(expected);
        },
      ),
    );
  });
});

describe("isDuplicatePayment", () => {
  it("a success on a donation another payment already paid is a second payment, to refund", () => {
    expect(
      isDuplicatePayment({
        donationAlreadyPaid: true,
        attemptBefore: "failed",
        attemptAfter: "succeeded",
      }),
    ).toBe(true);
    expect(
      isDuplicatePayment({
        donationAlreadyPaid: true,
        attemptBefore: "pending",
        attemptAfter: "succeeded",
      }),
    ).toBe(true);
  });

  it("the first payment, a repeated report and a refunded one are not", () => {
    for (const [paid, before, after] of [
      [false, "pending", "succeeded"],
      [true, "succeeded", "succeeded"],
      [true, "refunded", "succeeded"],
      [true, "pending", "failed"],
    ] as const) {
      expect(
        isDuplicatePayment({
          donationAlreadyPaid: paid,
          attemptBefore: before,
          attemptAfter: after,
        }),
      ).toBe(false);
    }
  });
});
