import { Schema } from "effect";
import { cancelPlan } from "../app/account";
import { decode, Text } from "./decode";
import { failure, RequestError, success, transactionNotFound } from "./envelope";
import { receiptLookupWait } from "../rate-limits/shared";
import type { CallContext, Handler, HandlerServices, ServiceResponse } from "./types";

/**
 * Signed in, or the token of the plan's "manage this gift" link (e-mailed with each of its receipts;
 * guests cannot sign in). A receipt token is no such token: it answers like a wrong one.
 */
const PlanBody = Schema.Struct({ transactionNo: Text(40), token: Schema.optionalKey(Text(100)) });

/**
 * A look-up by a manage link's token (a plan's, or a last-ten-nights schedule's) counts as a receipt read by token does (per address and session,
 * in the database), in the same window: trying tokens of either kind from one address soon stops.
 * Answers the 429 to send, or undefined when the look-up may go ahead.
 */
export const manageLinkLimited = async (
  given: HandlerServices,
  { headers, clientAddress }: CallContext,
) => {
  const wait = await receiptLookupWait(given.services, headers, clientAddress, "token");
  return wait > 0
    ? failure(
        429,
        "Too many look-ups; please try again shortly.",
        { "retry-after": String(wait) },
        "rate.limited",
      )
    : undefined;
};

/**
 * Who asks about a plan: the holder of its gift's manage link (`token` in the body, limited as
 * above), else its signed-in owner; or the 429 to answer.
 */
const planAsker = async (
  given: HandlerServices,
  request: CallContext,
): Promise<
  | {
      readonly transactionNo: string;
      readonly by: { readonly manageToken: string } | { readonly donorId: string };
    }
  | ServiceResponse
> => {
  const { transactionNo, token } = decode(PlanBody, request.body);
  if (token === undefined) {
    const donor = await given.callers.registeredDonor(request.headers);
    return { transactionNo, by: { donorId: donor.id } };
  }
  return (await manageLinkLimited(given, request)) ?? { transactionNo, by: { manageToken: token } };
};

/**
 * getDonorTxnRecurrentStatus: the plan a donation started (its status, frequency, next date), for its
 * signed-in owner; with a manage link's token, that one plan's status, amount, fund, frequency and
 * next date. A wrong, expired or another plan's token answers like a missing transaction.
 */
const getDonorTxnRecurrentStatus =
  (given: HandlerServices): Handler =>
  async (request) => {
    const asker = await planAsker(given, request);
    if ("status" in asker) return asker;
    const { transactionNo, by } = asker;
    if ("manageToken" in by) {
      const plan = await (
        await given.services.payments.recurring()
      ).statusByManageToken(by.manageToken, transactionNo);
      if (!plan) throw transactionNotFound();
      const { isRecurring, recurringStatus, frequency, nextDonationDate, amountCents, flow } = plan;
      return success({
        data: {
          transactionNo: plan.transactionNo,
          isRecurring,
          recurringStatus,
          frequency,
          nextDonationDate,
          amountCents,
          flow,
        },
      });
    }
    const status = await (
      await given.services.records.history()
    ).recurringStatus(by.donorId, transactionNo);
    if (!status) throw transactionNotFound();
    return success({ data: status });
  };

/**
 * cancelRecurringPayment: stop a plan; it is never charged again. Its signed-in owner, or the holder
 * of its "manage this gift" link (body `{transactionNo, token}`). Repeating is harmless; audit-logged.
 */
const cancelRecurringPayment =
  (given: HandlerServices): Handler =>
  async (request) => {
    const asker = await planAsker(given, request);
    if ("status" in asker) return asker;
    await given.app.run(cancelPlan(asker));
    return success({
      message: "Recurring payment cancelled",
      data: { recurringStatus: "cancelled" },
    });
  };

const UpdatePlan = Schema.Struct({
  transactionNo: Text(40),
  amountCents: Schema.optionalKey(Schema.Int),
  savedCardId: Schema.optionalKey(Text(64)),
});

/**
 * updateRecurringPlan: the owner changes a plan's amount (held to the fund's limits; only where the
 * donor chose the amount) and/or its card (one of their saved cards; revives a suspended plan).
 * Someone else's plan answers like a missing one. Audit-logged.
 */
const updateRecurringPlan =
  (given: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await given.callers.registeredDonor(headers);
    const change = decode(UpdatePlan, body);
    if (change.amountCents === undefined && change.savedCardId === undefined) {
      throw new RequestError(400, "Send amountCents, savedCardId or both");
    }
    const plan = await (
      await given.services.payments.recurring()
    ).updatePlan(donor.id, change.transactionNo, {
      ...(change.amountCents === undefined ? {} : { amountCents: change.amountCents }),
      ...(change.savedCardId === undefined ? {} : { savedCardId: change.savedCardId }),
    });
    return success({ message: "Recurring plan updated", data: plan });
  };

const RemoveCard = Schema.Struct({ id: Text(64) });

/** removeUserStripeToken: forget one of the caller's saved cards; anyone else's is "no such card". */
const removeUserStripeToken =
  (given: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await given.callers.registeredDonor(headers);
    const { id } = decode(RemoveCard, body);
    if (!(await (await given.services.payments.recurring()).removeSavedCard(donor.id, id))) {
      throw new RequestError(404, "No such saved card.", "savedCard.notFound");
    }
    return success({ message: "Card removed", data: { id } });
  };

export const recurringHandlers = (given: HandlerServices) =>
  ({
    getDonorTxnRecurrentStatus: getDonorTxnRecurrentStatus(given),
    cancelRecurringPayment: cancelRecurringPayment(given),
    updateRecurringPlan: updateRecurringPlan(given),
    removeUserStripeToken: removeUserStripeToken(given),
  }) satisfies Record<string, Handler>;
