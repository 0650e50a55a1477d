import { Result } from "effect";
import { domainError, type DomainError } from "../errors.ts";
import { SGT_OFFSET_MS, DAY_MS } from "../format/sgt.ts";
import { checkReason } from "./reason.ts";

/**
 * Giving money back. A refund returns part or all of a paid gift; a void cancels a gift entered or
 * taken in error on the day it was paid, before the day's settlement, and the receipt then reads
 * Voided. A gift refunded in full reads Refunded (spec §4: the amount struck, with its label); a part
 * refund leaves it Accepted with the amount given back shown beside it.
 */
export type ReversalKind = "refund" | "void";

/** The gift as the rule needs it. */
export interface ReversibleGift {
  readonly status: string;
  readonly totalCents: number;
  /** Already given back by earlier refunds. */
  readonly refundedCents: number;
  /** When it was paid (epoch ms). */
  readonly paidAt: number;
  /** A reversal still waiting for its approver or its gateway. */
  readonly openReversal: boolean;
  /** Paid at the counter (cash and the like): given back by hand, with no gateway's record. */
  readonly counter?: boolean;
  /**
   * The state of the counter shift the gift was recorded in, if any (issue 32): such a gift is voided
   * only while its shift is open, at any hour of it (a night's shift passes midnight), never after.
   */
  readonly shift?: "open" | "closed" | "signed_off" | undefined;
}

export interface ReversalAsk {
  readonly kind: ReversalKind;
  /** Cents to give back; a void always gives back the whole gift and ignores it. */
  readonly amountCents?: number;
  readonly reason: string;
}

export interface ReversalPlan {
  readonly kind: ReversalKind;
  readonly amountCents: number;
  readonly reason: string;
  /** Above the council's configured amount a second officer (an approver) must agree first. */
  readonly needsApproval: boolean;
  /** What the gift becomes once the gateway has given the money back. */
  readonly resultingStatus: "succeeded" | "refunded" | "voided";
}

export type ReversalError = DomainError<
  "ReversalRefused",
  | "reversal.notPaid"
  | "reversal.open"
  | "reversal.amount"
  | "reversal.voidTooLate"
  | "reversal.voidAfterRefund"
  | "reversal.shiftClosed"
  | "reason.required"
  | "reason.tooLong"
  | "reason.markup"
>;

/** Another refund or void of the gift is under way (waiting for its approver or its gateway). */
export const OPEN_REVERSAL_MESSAGE =
  "A refund of this gift is already in progress; finish that one first.";

const refused = (code: ReversalError["code"], message: string): ReversalError =>
  domainError("ReversalRefused", code, message);

/** The Singapore calendar day of an instant, as a day count. */
const sgtDay = (epochMs: number) => Math.floor((epochMs + SGT_OFFSET_MS) / DAY_MS);

/**
 * Whether and how a gift may be given back. `approvalAboveCents`: when what the gift has had back
 * (earlier refunds and this one) is strictly above it, an approver must agree, so splitting a refund
 * into small ones changes nothing; a counter gift's money goes back by hand, so every reversal of one
 * waits for an approver. `now` is the caller's clock (epoch ms).
 */
export const planReversal = (
  gift: ReversibleGift,
  ask: ReversalAsk,
  policy: { readonly approvalAboveCents: number },
  now: number,
): Result.Result<ReversalPlan, ReversalError> => {
  const reason = checkReason(ask.reason);
  if (Result.isFailure(reason))
    return Result.fail(refused(reason.failure.code, reason.failure.message));
  if (gift.status !== "succeeded")
    return Result.fail(refused("reversal.notPaid", "Only a paid gift can be given back."));
  if (gift.openReversal) return Result.fail(refused("reversal.open", OPEN_REVERSAL_MESSAGE));
  const remaining = gift.totalCents - gift.refundedCents;
  if (ask.kind === "void") {
    if (gift.refundedCents > 0)
      return Result.fail(
        refused("reversal.voidAfterRefund", "A gift already partly refunded cannot be voided."),
      );
    if (gift.shift !== undefined && gift.shift !== "open")
      return Result.fail(
        refused(
          "reversal.shiftClosed",
          "A counter receipt is voided only within its open shift; this shift is closed, so refund it.",
        ),
      );
    if (gift.shift === undefined && sgtDay(now) !== sgtDay(gift.paidAt))
      return Result.fail(
        refused(
          "reversal.voidTooLate",
          "A gift can be voided only on the day it was paid; refund it.",
        ),
      );
  }
  const amount = ask.kind === "void" ? remaining : (ask.amountCents ?? remaining);
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > remaining)
    return Result.fail(
      refused("reversal.amount", `The amount must be whole cents from 1 to ${remaining}.`),
    );
  return Result.succeed({
    kind: ask.kind,
    amountCents: amount,
    reason: reason.success,
    needsApproval: gift.counter === true || gift.refundedCents + amount > policy.approvalAboveCents,
    resultingStatus:
      ask.kind === "void" ? "voided" : amount === remaining ? "refunded" : "succeeded",
  });
};

export type ApprovalError = DomainError<"ApprovalRefused", "approval.self" | "approval.notWaiting">;

/** A second approver must be someone other than the officer who asked, and the ask must be waiting. */
export const checkReversalApproval = (
  reversal: { readonly requestedBy: string; readonly status: string },
  approver: string,
): Result.Result<void, ApprovalError> =>
  reversal.status !== "awaiting_approval"
    ? Result.fail(
        domainError(
          "ApprovalRefused",
          "approval.notWaiting",
          "This request is not waiting for approval.",
        ),
      )
    : reversal.requestedBy === approver
      ? Result.fail(
          domainError(
            "ApprovalRefused",
            "approval.self",
            "Another officer must approve your own request.",
          ),
        )
      : Result.succeed(undefined);
