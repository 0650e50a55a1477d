import { Result } from "effect";
import type { DomainError } from "./errors.ts";

/** Provider result states (§4), plus the after-the-fact states receipts show. */
export type PaymentState = "initiated" | "pending" | "succeeded" | "failed" | "refunded" | "voided";

const legal: Readonly<Record<PaymentState, ReadonlyArray<PaymentState>>> = {
  initiated: ["pending", "succeeded", "failed", "voided"],
  pending: ["succeeded", "failed", "voided"],
  succeeded: ["refunded"],
  failed: [],
  refunded: [],
  voided: [],
};

/** A transition the payment machine refuses. */
export interface IllegalPaymentTransition extends DomainError<
  "IllegalPaymentTransition",
  "payment.illegalTransition"
> {
  readonly from: PaymentState;
  readonly to: PaymentState;
}

/** Whether a state is final (nothing may follow it). */
export const isFinalPaymentState = (state: PaymentState): boolean => legal[state].length === 0;

/** Whether `from -> to` is allowed. Repeating the current state is allowed (provider events repeat). */
export const canTransition = (from: PaymentState, to: PaymentState): boolean =>
  from === to || legal[from].includes(to);

/**
 * The state to record when the gateway reports `reported` for a payment held at `current`. Reports
 * repeat and arrive out of order, so a report the machine refuses is ignored, with one exception: a
 * success after a failure is recorded, because the gateway took the money (a PaymentIntent can succeed
 * after a failed attempt, and a failure notice can arrive after the success it preceded). So among
 * initiated, pending, failed and succeeded reports, the order they arrive in never changes the result.
 */
export const reconcileReportedState = (
  current: PaymentState,
  reported: PaymentState,
): PaymentState =>
  canTransition(current, reported) || (current === "failed" && reported === "succeeded")
    ? reported
    : current;

/**
 * Whether a payment just recorded as succeeded is a second payment of a donation another payment had
 * already paid (a superseded PayNow QR paid late, say): the donor paid twice, and this one is to be
 * refunded. A repeated report of the payment that paid the donation is not a second payment.
 */
export const isDuplicatePayment = (input: {
  readonly donationAlreadyPaid: boolean;
  readonly attemptBefore: PaymentState;
  readonly attemptAfter: PaymentState;
}): boolean =>
  input.donationAlreadyPaid &&
  input.attemptAfter === "succeeded" &&
  input.attemptBefore !== "succeeded" &&
  input.attemptBefore !== "refunded";

/**
 * Moves a payment to a new state. Legal: initiated -> pending | succeeded | failed | voided;
 * pending -> succeeded | failed | voided; succeeded -> refunded; and any state to itself (idempotent).
 * Anything else (e.g. a late `pending` after `succeeded`) fails with code `payment.illegalTransition`.
 */
export const transitionPayment = (
  from: PaymentState,
  to: PaymentState,
): Result.Result<PaymentState, IllegalPaymentTransition> =>
  canTransition(from, to)
    ? Result.succeed(to)
    : Result.fail({
        _tag: "IllegalPaymentTransition",
        code: "payment.illegalTransition",
        message: `Payment cannot go from ${from} to ${to}`,
        from,
        to,
      });

/** Receipt status label for a payment state (succeeded reads Completed; before it, Accepted). */
export const paymentStateLabel = (
  state: PaymentState,
): "Accepted" | "Completed" | "Refunded" | "Voided" | "Failed" =>
  state === "succeeded"
    ? "Completed"
    : state === "refunded"
      ? "Refunded"
      : state === "voided"
        ? "Voided"
        : state === "failed"
          ? "Failed"
          : "Accepted";
