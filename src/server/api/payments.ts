import { Effect, Schema } from "effect";
import {
  FREQUENCIES,
  isPricingError,
  priceDonation,
  type Cents,
  type DonationItems,
} from "@portal/domain";
import {
  DonationNotFound,
  IdempotencyConflict,
  readHomePageConfiguration,
} from "@portal/adapters/db";
import { database } from "../database";
import { donations, gatewayName, sandbox } from "../payments";
import { RequestError, success } from "./envelope";
import { hasSignIn, liveGuest, registeredDonor } from "./auth";
import { decode } from "./decode";
import { cardForConfirm } from "./recurring";
import type { CallContext, Handler } from "./types";

const Count = Schema.Int;
const Amount = Schema.Int;

/** What the browser sends to create a donation. Every amount is priced again here. */
const CreateDonation = Schema.Struct({
  flow: Schema.Literals(["ZAKAT", "FIDYAH", "KAFFARAH", "ILMU", "WMS"]),
  items: Schema.Struct({
    harta: Schema.optionalKey(Amount),
    fitrah: Schema.optionalKey(
      Schema.Struct({
        normal: Count,
        premium: Count,
        variable: Schema.optionalKey(Schema.Struct({ persons: Count, rate: Amount })),
      }),
    ),
    fidyah: Schema.optionalKey(Schema.Struct({ days: Count })),
    kaffarah: Schema.optionalKey(
      Schema.Union([
        Schema.Struct({ kind: Schema.Literals(["jimak", "nazar"]), quantity: Count }),
        Schema.Struct({ kind: Schema.Literal("custom"), amount: Amount }),
      ]),
    ),
    ilmu: Schema.optionalKey(Amount),
    wms: Schema.optionalKey(Amount),
  }),
  totalCents: Amount,
  ratesVersion: Schema.Int,
  frequency: Schema.optionalKey(Schema.Literals(FREQUENCIES)),
  donor: Schema.optionalKey(
    Schema.Struct({
      name: Schema.String.check(Schema.isMaxLength(66)),
      email: Schema.String.check(Schema.isMaxLength(254)),
      anonymous: Schema.Boolean,
    }),
  ),
});

const DonationRef = Schema.Struct({
  donationId: Schema.String.check(Schema.isMaxLength(64)),
  clientSecret: Schema.String.check(Schema.isMaxLength(200)),
});

const Confirm = Schema.Struct({
  donationId: Schema.String.check(Schema.isMaxLength(64)),
  clientSecret: Schema.String.check(Schema.isMaxLength(200)),
  paymentMethodId: Schema.String.check(Schema.isMaxLength(100)),
  saveCard: Schema.optionalKey(Schema.Boolean),
});

const notFound = (error: unknown): never => {
  if (error instanceof DonationNotFound) throw new RequestError(404, "No such donation");
  throw error;
};

/**
 * Who a donation belongs to: the signed-in donor, or the guest session that makes it (and the donor
 * the guest enrolled as, if any). A request with neither is refused: there are no anonymous writes.
 */
async function ownerOf(headers: CallContext["headers"]) {
  if (hasSignIn(headers)) {
    const donor = await registeredDonor(headers);
    return { donorId: donor.id, guestSessionId: null };
  }
  const guest = await liveGuest(headers);
  return { donorId: guest.donorId, guestSessionId: guest.id };
}

const create: Handler = async ({ body, headers }) => {
  const idempotencyKey = headers.get("idempotency-key") ?? "";
  if (idempotencyKey.length < 1 || idempotencyKey.length > 255) {
    throw new RequestError(400, "An Idempotency-Key header of 1 to 255 characters is required");
  }
  const request = decode(CreateDonation, body);
  const owner = await ownerOf(headers);
  const sql = await database();
  const config = await readHomePageConfiguration(sql, 25);
  if (!config) throw new Error("no configuration for the main charity");
  const priced = priceDonation({
    flow: request.flow,
    items: request.items as DonationItems,
    claimedTotal: request.totalCents as Cents,
    ratesVersion: request.ratesVersion,
    currentRatesVersion: config.version,
    rates: config.rates,
  });
  if (isPricingError(priced)) {
    throw new RequestError(422, priced.message, priced.code);
  }
  try {
    const result = await (
      await donations()
    ).create({
      idempotencyKey,
      // The owner is part of the request: a key replayed by someone else is a conflict, not their donation.
      request: { request, owner },
      flow: request.flow,
      amounts: priced.amounts as Record<string, Cents>,
      total: priced.total,
      inputs: request.items,
      donorDetails: request.donor,
      frequency: request.frequency ?? "one time",
      ratesVersion: config.version,
      ...owner,
    });
    return success(
      { data: { ...result.donation, clientSecret: result.clientSecret } },
      result.replayed ? { "idempotent-replayed": "true" } : {},
    );
  } catch (error) {
    if (error instanceof IdempotencyConflict)
      throw new RequestError(409, error.message, error.code);
    throw error;
  }
};

const confirm: Handler = async ({ body, headers }) => {
  const request = decode(Confirm, body);
  const { donationId, clientSecret } = request;
  const records = await donations();
  const donation = await records.get(donationId, clientSecret).catch(notFound);
  if (donation.status !== "requires_payment_method") return success({ data: donation });
  // Saved cards and recurring plans (src/server/api/recurring.ts): the card to charge, checked here.
  const paymentMethodId = await cardForConfirm(donation, request, headers, "card");
  // One gateway payment per attempt round (a new round only after a failure), keyed by the donation
  // and the round: confirmations that race, whatever card each carries, meet the same gateway payment,
  // which the gateway confirms once. So a donation is never charged twice.
  const round = await records.failedAttempts(donation.id);
  const payment = await Effect.runPromise(
    sandbox.gateway.create({
      amount: donation.totalCents as Cents,
      currency: "SGD",
      idempotencyKey: `${donation.id}:${round}`,
      description: donation.transactionNo,
      method: "card",
      setupFutureUsage: donation.frequency !== "one time" || request.saveCard === true,
    }),
  );
  await records.startAttempt(donation.id, gatewayName, payment);
  const confirmed = await Effect.runPromise(
    Effect.catch(sandbox.gateway.confirm(payment.paymentId, paymentMethodId), () =>
      Effect.fail(new RequestError(400, "Unknown payment method")),
    ),
  );
  return success({ data: await records.apply(donation.id, confirmed) });
};

const retrieve: Handler = async ({ body }) => {
  const { donationId, clientSecret } = decode(DonationRef, body);
  const records = await donations();
  const donation = await records.get(donationId, clientSecret).catch(notFound);
  const attempt = await records.latestAttempt(donation.id);
  if (donation.status === "requires_action" && attempt) {
    // Reads the gateway only for a payment still waiting on the donor; final states come from our records.
    const payment = await Effect.runPromise(sandbox.gateway.retrieve(attempt.gatewayRef));
    return success({ data: await records.apply(donation.id, payment) });
  }
  return success({ data: donation });
};

export const paymentHandlers = { create, confirm, retrieve } satisfies Record<string, Handler>;
