import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { checkReversalApproval, planReversal, type ReversibleGift } from "./reversal.ts";

const paidAt = Date.parse("2026-11-03T02:00:00Z"); // 10 am in Singapore
const gift: ReversibleGift = {
  status: "succeeded",
  totalCents: 10_000,
  refundedCents: 0,
  paidAt,
  openReversal: false,
};
const policy = { approvalAboveCents: 50_000 };
const later = paidAt + 60_000;

const code = (r: Result.Result<unknown, { code: string }>) =>
  Result.isFailure(r) ? r.failure.code : "ok";

describe("giving money back", () => {
  it("a full refund makes the gift Refunded; a part refund leaves it paid", () => {
    const full = planReversal(gift, { kind: "refund", reason: "Donor asked" }, policy, later);
    expect(Result.isSuccess(full) && full.success).toMatchObject({
      amountCents: 10_000,
      resultingStatus: "refunded",
      needsApproval: false,
    });
    const part = planReversal(
      gift,
      { kind: "refund", amountCents: 2_500, reason: "Paid too much" },
      policy,
      later,
    );
    expect(Result.isSuccess(part) && part.success.resultingStatus).toBe("succeeded");
  });

  it("never gives back more than is left, nor fractions or nothing", () => {
    const partly = { ...gift, refundedCents: 9_000 };
    for (const amountCents of [1_001, 0, -5, 10.5]) {
      expect(
        code(planReversal(partly, { kind: "refund", amountCents, reason: "x y z" }, policy, later)),
      ).toBe("reversal.amount");
    }
    const rest = planReversal(
      partly,
      { kind: "refund", amountCents: 1_000, reason: "rest" },
      policy,
      later,
    );
    expect(Result.isSuccess(rest) && rest.success.resultingStatus).toBe("refunded");
  });

  it("needs a second approver only strictly above the configured amount", () => {
    const at = (amountCents: number) =>
      planReversal(
        { ...gift, totalCents: 100_000 },
        { kind: "refund", amountCents, reason: "asked" },
        policy,
        later,
      );
    const equal = at(50_000);
    const above = at(50_001);
    expect(Result.isSuccess(equal) && equal.success.needsApproval).toBe(false);
    expect(Result.isSuccess(above) && above.success.needsApproval).toBe(true);
  });

  it("counts earlier refunds toward the amount, and always asks for a counter gift", () => {
    const ask = { kind: "refund" as const, amountCents: 10_000, reason: "asked" };
    const after = (refundedCents: number) =>
      planReversal({ ...gift, totalCents: 100_000, refundedCents }, ask, policy, later);
    const upTo = after(40_000);
    const past = after(40_001);
    expect(Result.isSuccess(upTo) && upTo.success.needsApproval).toBe(false);
    expect(Result.isSuccess(past) && past.success.needsApproval).toBe(true);
    const cash = planReversal(
      { ...gift, counter: true },
      { ...ask, amountCents: 1 },
      policy,
      later,
    );
    expect(Result.isSuccess(cash) && cash.success.needsApproval).toBe(true);
  });

  it("voids only on the Singapore day of payment, the whole gift, before any refund", () => {
    const sameDay = planReversal(
      gift,
      { kind: "void", amountCents: 1, reason: "wrong fund" },
      policy,
      later,
    );
    expect(Result.isSuccess(sameDay) && sameDay.success).toMatchObject({
      amountCents: 10_000,
      resultingStatus: "voided",
    });
    const nextDay = Date.parse("2026-11-03T16:00:00Z"); // midnight in Singapore
    expect(code(planReversal(gift, { kind: "void", reason: "wrong fund" }, policy, nextDay))).toBe(
      "reversal.voidTooLate",
    );
    expect(
      code(
        planReversal(
          { ...gift, refundedCents: 100 },
          { kind: "void", reason: "wrong" },
          policy,
          later,
        ),
      ),
    ).toBe("reversal.voidAfterRefund");
  });

  it("a counter receipt is voided within its open shift, past midnight too, and never once it is closed", () => {
    const nextDay = Date.parse("2026-11-03T16:30:00Z"); // half past midnight in Singapore
    const counter = { ...gift, counter: true };
    const open = planReversal(
      { ...counter, shift: "open" },
      { kind: "void", reason: "Wrong fund" },
      policy,
      nextDay,
    );
    expect(Result.isSuccess(open) && open.success).toMatchObject({ needsApproval: true });
    for (const shift of ["closed", "signed_off"] as const) {
      expect(
        code(
          planReversal(
            { ...counter, shift },
            { kind: "void", reason: "Wrong fund" },
            policy,
            later,
          ),
        ),
      ).toBe("reversal.shiftClosed");
    }
    // A refund of it is still asked after the shift (given back by hand, with an approver).
    expect(
      code(
        planReversal(
          { ...counter, shift: "signed_off" },
          { kind: "refund", reason: "Asked" },
          policy,
          nextDay,
        ),
      ),
    ).toBe("ok");
  });

  it("refuses an unpaid gift, one with a reversal waiting, and a missing reason", () => {
    expect(
      code(
        planReversal(
          { ...gift, status: "refunded" },
          { kind: "refund", reason: "again" },
          policy,
          later,
        ),
      ),
    ).toBe("reversal.notPaid");
    expect(
      code(
        planReversal(
          { ...gift, openReversal: true },
          { kind: "refund", reason: "twice" },
          policy,
          later,
        ),
      ),
    ).toBe("reversal.open");
    expect(code(planReversal(gift, { kind: "refund", reason: "  " }, policy, later))).toBe(
      "reason.required",
    );
    expect(code(planReversal(gift, { kind: "refund", reason: "<b>x</b>" }, policy, later))).toBe(
      "reason.markup",
    );
    expect(
      code(planReversal(gift, { kind: "refund", reason: "a".repeat(501) }, policy, later)),
    ).toBe("reason.tooLong");
  });

  it("an approver cannot approve their own request, nor one not waiting", () => {
    expect(
      code(checkReversalApproval({ requestedBy: "o1", status: "awaiting_approval" }, "o1")),
    ).toBe("approval.self");
    expect(code(checkReversalApproval({ requestedBy: "o1", status: "done" }, "o2"))).toBe(
      "approval.notWaiting",
    );
    expect(
      code(checkReversalApproval({ requestedBy: "o1", status: "awaiting_approval" }, "o2")),
    ).toBe("ok");
  });
});
