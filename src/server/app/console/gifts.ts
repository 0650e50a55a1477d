import { Effect, Result } from "effect";
import {
  checkCounterEntry,
  checkDonationSearch,
  lookupForAudit,
  type ConsoleAction,
  type CounterEntryInput,
  type DonationSearchInput,
  type ReversalKind,
} from "@portal/domain";
import type { Reversal } from "@portal/adapters/db";
import { recorded, refuse, type Refused } from "../refused";
import { mayAct, type Officer, type OfficerPort } from "./officer";
import {
  AuditLog,
  CounterBook,
  CounterShifts,
  DonorCare,
  GiftRecords,
  ReceiptBook,
  Refunds,
  ReversalRecords,
} from "./ports";

// The console's operations on gifts (docs/console-operations.md): finding them, refunds and voids
// with a second officer's approval above the configured amount, counter receipts, receipts sent again
// or re-issued, recurring plans and the donor wall. Each an Effect program over the ports: it checks
// the officer's role again, runs the domain's rule, and its records write their audit lines.

/**
 * A look-up of a donor's personal data, audited like an action: who, role, from where, when, and what
 * was looked up (masked), with how much was found.
 */
const looked = (
  officer: OfficerPort,
  action: ConsoleAction,
  entity: "donation" | "plan",
  entityId: string,
  lookup: object,
  found: number,
) =>
  Effect.gen(function* () {
    const log = yield* AuditLog;
    yield* recorded(() =>
      log.write({
        officer,
        action,
        entity,
        entityId,
        before: null,
        after: { lookup: lookupForAudit(lookup), found },
      }),
    );
  });

/** Find gifts by receipt, transaction, identity number, e-mail, name, days, amounts, fund. */
export const searchGifts = (input: DonationSearchInput) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("donations.search");
    const search = checkDonationSearch(input);
    if (Result.isFailure(search)) {
      const { code, message, fields } = search.failure;
      return yield* refuse(code, message, { fields });
    }
    const gifts = yield* GiftRecords;
    const found = yield* recorded(() => gifts.search(search.success));
    yield* looked(officer, "donations.search", "donation", "", search.success, found.total);
    return found;
  });

/** One gift: its details, receipt, timeline, and its refunds and voids. */
export const viewGift = (transactionNo: string) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("donations.view");
    const gifts = yield* GiftRecords;
    const found = yield* recorded(() => gifts.find(transactionNo));
    yield* looked(
      officer,
      "donations.view",
      "donation",
      transactionNo,
      { transactionNo },
      found ? 1 : 0,
    );
    if (!found) return yield* refuse("donation.notFound", "No such donation.");
    const reversals = yield* ReversalRecords;
    return { ...found, reversals: yield* recorded(() => reversals.ofGift(transactionNo)) };
  });

/**
 * Give the money back: through the payment's gateway (keyed by the reversal, so a retry refunds
 * once), or by hand at the counter (no payment). One awaiting approval, or done, stays as it is.
 */
const execute = (
  reversal: Reversal,
  officer: OfficerPort,
): Effect.Effect<Reversal, Refused, ReversalRecords | Refunds> =>
  Effect.gen(function* () {
    if (reversal.status === "done" || reversal.status === "awaiting_approval") return reversal;
    const reversals = yield* ReversalRecords;
    const { payment } = reversal;
    if (payment) {
      const refunds = yield* Refunds;
      const failure = yield* recorded(() =>
        refunds.refund(payment, `reversal:${reversal.id}`, reversal.amountCents),
      );
      if (failure !== undefined) {
        return yield* recorded(() => reversals.fail(reversal.id, failure, officer));
      }
    }
    return yield* recorded(() => reversals.complete(reversal.id, officer));
  });

/** Ask for a refund (an amount, or the rest) or a void; at or below the approval amount, done at once. */
export const giveBack = (input: {
  readonly transactionNo: string;
  readonly kind: ReversalKind;
  readonly amountCents?: number;
  readonly reason: string;
  readonly idempotencyKey: string;
}) =>
  Effect.gen(function* () {
    const officer = yield* mayAct(input.kind === "void" ? "donations.void" : "donations.refund");
    const reversals = yield* ReversalRecords;
    const reversal = yield* recorded(() => reversals.ask({ ...input, officer }));
    return yield* execute(reversal, officer);
  });

/** A second officer approves (never the one who asked), and the money goes back. */
export const approveReversal = (id: string) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("donations.refund.approve");
    const reversals = yield* ReversalRecords;
    return yield* execute(yield* recorded(() => reversals.approve(id, officer)), officer);
  });

/** Try a failed reversal again: the gateway's key is the reversal's, so it refunds once. */
export const retryReversal = (id: string) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("donations.refund");
    const reversals = yield* ReversalRecords;
    const reversal = yield* recorded(() => reversals.get(id));
    if (!reversal) return yield* refuse("reversal.notFound", "No such refund request.");
    return yield* execute(reversal, officer);
  });

/** The refunds waiting for a second officer, oldest first. */
export const reversalsAwaitingApproval = () =>
  Effect.gen(function* () {
    yield* mayAct("donations.view");
    const reversals = yield* ReversalRecords;
    return yield* recorded(() => reversals.awaitingApproval());
  });

/**
 * A payment taken at the counter and its receipt, once per entry key (a retried entry answers the
 * receipt already issued); the receipt e-mailed when the payer gave an address.
 */
export const issueCounterReceipt = (
  input: Omit<CounterEntryInput, "mosqueName"> & { readonly mosqueName?: string | undefined },
  key: string,
) =>
  Effect.gen(function* () {
    const amil = yield* mayAct("counter.record");
    // Recorded within the amil's open shift, at its mosque (the records check it again under lock).
    const shifts = yield* CounterShifts;
    const shift = yield* recorded(() => shifts.current(amil.id));
    if (!shift)
      return yield* refuse(
        "counter.noShift",
        "Open a shift first: a counter receipt is recorded within the amil's open shift (with its float).",
      );
    const entry = checkCounterEntry({ ...input, mosqueName: shift.mosqueName });
    if (Result.isFailure(entry)) {
      const { code, message, fields } = entry.failure;
      return yield* refuse(code, message, { fields });
    }
    const counter = yield* CounterBook;
    const book = yield* ReceiptBook;
    const issued = yield* recorded(() => counter.issue(entry.success, amil, key));
    if (!issued.replayed && entry.success.donor.email) {
      yield* recorded(() =>
        book.mail(issued.transactionNo, `receipt:counter:${issued.transactionNo}`),
      );
    }
    return { ...issued, receiptLink: book.link(issued) };
  });

/** The receipt e-mailed again (once per key); audited with whether it was queued. */
export const resendReceipt = (transactionNo: string, key: string) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("receipts.resend");
    const gifts = yield* GiftRecords;
    const gift = yield* recorded(() => gifts.find(transactionNo));
    if (!gift?.receiptNo) {
      return yield* refuse("receipt.notFound", "No receipt for this donation.");
    }
    const book = yield* ReceiptBook;
    const queued = yield* recorded(() => book.mail(transactionNo, `resend:${key}`));
    const log = yield* AuditLog;
    yield* recorded(() =>
      log.write({
        officer,
        action: "receipts.resend",
        entity: "donation",
        entityId: transactionNo,
        before: null,
        after: { receiptNo: gift.receiptNo, queued },
      }),
    );
    return { queued };
  });

/**
 * A gift's receipt re-issued with corrected particulars (name, e-mail, company): the next number of
 * its series, naming the one it replaces; blank particulars stay as they are.
 */
export const reissueReceipt = (input: {
  readonly transactionNo: string;
  readonly reason: string;
  readonly particulars: { name?: string; email?: string; companyName?: string };
}) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("receipts.reissue");
    const gifts = yield* GiftRecords;
    const gift = yield* recorded(() => gifts.find(input.transactionNo));
    if (!gift?.receiptNo) return yield* refuse("receipt.notFound", "No such receipt.");
    const receiptNo = gift.receiptNo;
    const particulars = Object.fromEntries(
      (["name", "email", "companyName"] as const)
        .map((field) => [field, input.particulars[field]?.trim() ?? ""] as const)
        .filter(([, text]) => text !== ""),
    );
    const book = yield* ReceiptBook;
    const outcome = yield* recorded(() =>
      book.reissue({ receiptNo, reason: input.reason, particulars, officer }),
    );
    if (outcome.outcome === "notFound") {
      return yield* refuse("receipt.notFound", "No such receipt.");
    }
    return outcome;
  });

/** A donor's recurring plans, by e-mail, identity number or a gift's transaction number (audited). */
export const findPlans = (find: {
  readonly email?: string;
  readonly idNumber?: string;
  readonly transactionNo?: string;
}) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("plans.view");
    const care = yield* DonorCare;
    const plans = yield* recorded(() => care.plans(find));
    yield* looked(officer, "plans.view", "plan", find.transactionNo ?? "", find, plans.length);
    return plans;
  });

/** A plan cancelled on its donor's request, with the officer's note. */
export const cancelPlanForDonor = (planId: string, note: string) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("plans.cancel");
    const care = yield* DonorCare;
    return yield* recorded(() => care.cancelPlan(planId, note, officer));
  });

/** A gift hidden from the donor wall, or shown again, with the reason. */
export const setWallHidden = (transactionNo: string, hidden: boolean, reason: string) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("wall.hide");
    const care = yield* DonorCare;
    return yield* recorded(() => care.setWallHidden(transactionNo, hidden, reason, officer));
  });

/** Every service the gifts' use cases ask for. */
export type GiftServices =
  | Officer
  | GiftRecords
  | ReversalRecords
  | Refunds
  | CounterBook
  | CounterShifts
  | ReceiptBook
  | AuditLog
  | DonorCare;
