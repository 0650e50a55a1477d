import { Schema } from "effect";
import type { DonationView, DonorView } from "@portal/adapters/db";
import { recurringRecords } from "../payments";
import { historyRecords } from "../records";
import { hasSignIn, registeredDonor } from "./auth";
import { decode, Text } from "./decode";
import { RequestError, success, transactionNotFound } from "./envelope";
import type { CallContext, Handler } from "./types";

/** A saved card's id (ours) rather than a gateway's payment-method id (`pm_...`). */
const isSavedCardId = (id: string) => /^[0-9a-f]{8}-[0-9a-f-]{27}$/.test(id);

/**
 * The card a confirmation charges, checked before the gateway is asked: `saveCard` needs the donation's
 * own signed-in donor (`422 savedCard.signInRequired`); a saved card is named by its id from
 * getUserStripeToken and only its owner may use it (anyone else's, like a missing one, is
 * `400 Unknown payment method`). The donor is looked up once, when either needs it.
 */
export async function cardForConfirm(
  donation: DonationView,
  request: { readonly paymentMethodId: string; readonly saveCard?: boolean },
  headers: CallContext["headers"],
): Promise<string> {
  const plans = await recurringRecords();
  let donor: Promise<DonorView | undefined> | undefined;
  const signedInDonor = () =>
    (donor ??= hasSignIn(headers) ? registeredDonor(headers) : Promise.resolve(undefined));
  if (request.saveCard === true) {
    const owner = await signedInDonor();
    if (!owner || !(await plans.markSaveCard(donation.id, owner.id))) {
      throw new RequestError(
        422,
        "Sign in as this donation's donor to keep the card.",
        "savedCard.signInRequired",
      );
    }
  }
  if (!isSavedCardId(request.paymentMethodId)) return request.paymentMethodId;
  const owner = await signedInDonor();
  if (!owner) throw new RequestError(400, "Unknown payment method");
  const saved = await plans.savedCardToken(owner.id, request.paymentMethodId);
  if (!saved) throw new RequestError(400, "Unknown payment method");
  return saved.token;
}

/**
 * Signed in, or the token of the plan's "manage this gift" link (e-mailed with each of its receipts;
 * guests cannot sign in). A receipt token is no such token: it answers like a wrong one.
 */
const PlanBody = Schema.Struct({ transactionNo: Text(40), token: Schema.optionalKey(Text(100)) });

/**
 * getDonorTxnRecurrentStatus: the plan a donation started (its status, frequency, next date), for its
 * signed-in owner; with a manage link's token, that one plan's status, amount, fund, frequency and
 * next date. A wrong, expired or another plan's token answers like a missing transaction.
 */
const getDonorTxnRecurrentStatus: Handler = async ({ headers, body }) => {
  const { transactionNo, token } = decode(PlanBody, body);
  if (token !== undefined) {
    const plan = await (await recurringRecords()).statusByManageToken(token, transactionNo);
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
  const donor = await registeredDonor(headers);
  const status = await (await historyRecords()).recurringStatus(donor.id, transactionNo);
  if (!status) throw transactionNotFound();
  return success({ data: status });
};

/**
 * cancelRecurringPayment: stop a plan; it is never charged again. Its signed-in owner, or the holder
 * of its "manage this gift" link (body `{transactionNo, token}`). Repeating is harmless; audit-logged.
 */
const cancelRecurringPayment: Handler = async ({ headers, body }) => {
  const { transactionNo, token } = decode(PlanBody, body);
  let outcome: "cancelled" | "alreadyCancelled" | "notRecurring" | undefined;
  if (token !== undefined) {
    outcome = await (await recurringRecords()).cancelByManageToken(token, transactionNo);
  } else {
    const donor = await registeredDonor(headers);
    outcome = await (await recurringRecords()).cancelOwn(donor.id, transactionNo);
  }
  if (outcome === undefined) throw transactionNotFound();
  if (outcome === "notRecurring") {
    throw new RequestError(409, "This donation is not a recurring one.", "recurring.none");
  }
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
const updateRecurringPlan: Handler = async ({ headers, body }) => {
  const donor = await registeredDonor(headers);
  const change = decode(UpdatePlan, body);
  if (change.amountCents === undefined && change.savedCardId === undefined) {
    throw new RequestError(400, "Send amountCents, savedCardId or both");
  }
  const plan = await (
    await recurringRecords()
  ).updatePlan(donor.id, change.transactionNo, {
    ...(change.amountCents === undefined ? {} : { amountCents: change.amountCents }),
    ...(change.savedCardId === undefined ? {} : { savedCardId: change.savedCardId }),
  });
  return success({ message: "Recurring plan updated", data: plan });
};

const RemoveCard = Schema.Struct({ id: Text(64) });

/** removeUserStripeToken: forget one of the caller's saved cards; anyone else's is "no such card". */
const removeUserStripeToken: Handler = async ({ headers, body }) => {
  const donor = await registeredDonor(headers);
  const { id } = decode(RemoveCard, body);
  if (!(await (await recurringRecords()).removeSavedCard(donor.id, id))) {
    throw new RequestError(404, "No such saved card.", "savedCard.notFound");
  }
  return success({ message: "Card removed", data: { id } });
};

export const recurringHandlers = {
  getDonorTxnRecurrentStatus,
  cancelRecurringPayment,
  updateRecurringPlan,
  removeUserStripeToken,
} satisfies Record<string, Handler>;
