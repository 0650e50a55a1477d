import { Effect, Schema } from "effect";
import {
  AMOUNT_ITEM_KEYS,
  FLOW_TYPES,
  FREQUENCIES,
  MAIN_CHARITY_ID,
  isPricingError,
  isTaxRegistrable,
  PAYNOW_ENQUIRY_GRACE_MS,
  PAYNOW_QR_LIFETIME_MS,
  priceDonation,
  receiptAttributes,
  recurringAllowed,
  validateCompanyName,
  validateEmail,
  validateFullName,
  validateMobile,
  validateNric,
  validateOnBehalfOf,
  validateUen,
  type Cents,
  type DonationItems,
  type GiftItemKey,
} from "@portal/domain";
import { DonationNotFound, IdempotencyConflict, readRates } from "@portal/adapters/db";
import { database } from "../database";
import { donorRecords } from "../records";
import { payNowQrSvg, receiveStripeWebhook } from "@portal/adapters/payments";
import {
  browserPaymentConfiguration,
  donations,
  gateway,
  gatewayName,
  threeDsReturnUrl,
} from "../payments";
import { portalNow } from "../clock";
import { config } from "../root";
import { check } from "./donor-input";
import { failure, RequestError, success } from "./envelope";
import { hasSignIn, liveGuest, registeredDonor } from "./auth";
import { decode, Text } from "./decode";
import { cardForConfirm } from "./recurring";
import type { CallContext, Handler, ServiceRequest, ServiceResponse } from "./types";

const Count = Schema.Int;
const Amount = Schema.Int;

/** The gifts of the fund registry (`ilmu`, `wms`, ...): each an amount the donor chose. */
const giftFields = Object.fromEntries(
  AMOUNT_ITEM_KEYS.map((key) => [key, Schema.optionalKey(Amount)]),
) as { readonly [K in GiftItemKey]: Schema.optionalKey<typeof Amount> };

/** What the browser sends to create a donation. Every amount is priced again here. */
const CreateDonation = Schema.Struct({
  flow: Schema.Literals(FLOW_TYPES),
  items: Schema.Struct({
    harta: Schema.optionalKey(Amount),
    // Checked by the domain (names, amounts, remarks, their sum); here only their shape and size.
    hartaItems: Schema.optionalKey(
      Schema.Array(
        Schema.Struct({
          name: Text(20),
          amount: Amount,
          remark: Schema.Array(Text(100)).check(Schema.isMaxLength(50)),
        }),
      ).check(Schema.isMaxLength(10)),
    ),
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
    ...giftFields,
  }),
  totalCents: Amount,
  ratesVersion: Schema.Int,
  frequency: Schema.optionalKey(Schema.Literals(FREQUENCIES)),
  /** The page's language: a recurring gift's e-mails and its manage link follow it (English if unsaid). */
  lang: Schema.optionalKey(Schema.Literals(["en", "ms"])),
  donor: Schema.optionalKey(
    Schema.Struct({
      name: Text(66),
      email: Text(254),
      anonymous: Schema.Boolean,
      countryCode: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^\+\d{1,4}$/))),
      mobile: Schema.optionalKey(Text(20)),
      /** Paying for someone else (session state isOthers): their name. */
      onBehalfOf: Schema.optionalKey(Text(66)),
      /** Paying on behalf of someone who has died (isDeceased). */
      isDeceased: Schema.optionalKey(Schema.Boolean),
      /** A business paying (isBusinessPayer): its name and UEN. */
      business: Schema.optionalKey(
        Schema.Struct({
          companyName: Text(66),
          uen: Text(10),
        }),
      ),
      /** IRAS inclusion (hasIRASInclusion): the NRIC/FIN, or the UEN of a business payer. */
      taxId: Schema.optionalKey(Text(12)),
    }),
  ),
});

type DonorInput = NonNullable<typeof CreateDonation.Type.donor>;

/**
 * The donor's details checked with the domain's validators (§5). The identity number for IRAS
 * inclusion is sealed here and never stored or returned in clear; the rest is kept for the receipt.
 */
function checkedDonor(donor: DonorInput) {
  const name = donor.name.trim().replace(/\s+/g, " ");
  check(name === "" ? "validation.fullName.enter" : validateFullName(name));
  check(validateEmail(donor.email.trim()));
  const mobile = donor.mobile?.replace(/\s/g, "") ?? "";
  if (mobile !== "") check(validateMobile(mobile));
  const onBehalfOf = donor.onBehalfOf?.trim().replace(/\s+/g, " ");
  if (onBehalfOf !== undefined) check(validateOnBehalfOf(onBehalfOf));
  if (donor.business) {
    check(validateCompanyName(donor.business.companyName, { allowDot: true }));
    check(validateUen(donor.business.uen.trim().toUpperCase()));
  }
  const taxId = donor.taxId?.trim().toUpperCase();
  if (taxId !== undefined) {
    // A business payer is included under its UEN; anyone else under their NRIC/FIN.
    check(donor.business ? validateUen(taxId) : validateNric(taxId));
  }
  const details = {
    name,
    email: donor.email.trim(),
    anonymous: donor.anonymous,
    ...(mobile === "" ? {} : { countryCode: donor.countryCode ?? "+65", mobile }),
    ...(onBehalfOf === undefined ? {} : { onBehalfOf }),
    ...(donor.isDeceased ? { isDeceased: true } : {}),
    ...(donor.business
      ? {
          business: {
            companyName: donor.business.companyName.trim(),
            uen: donor.business.uen.trim().toUpperCase(),
          },
        }
      : {}),
    irasInclusion: taxId !== undefined,
  };
  return { details, taxId };
}

const DonationRef = Schema.Struct({
  donationId: Text(64),
  clientSecret: Text(200),
});

const Confirm = Schema.Struct({
  donationId: Text(64),
  clientSecret: Text(200),
  paymentMethodId: Text(100),
  /** A card from Google Pay or Apple Pay (recorded as payment type 2 or 3). */
  wallet: Schema.optionalKey(Schema.Literals(["google_pay", "apple_pay"])),
  saveCard: Schema.optionalKey(Schema.Boolean),
});

const notFound = (error: unknown): never => {
  if (error instanceof DonationNotFound) throw new RequestError(404, "No such donation");
  throw error;
};

/**
 * Who a donation belongs to: the signed-in donor, or the guest session that makes it. A request with
 * neither is refused: there are no anonymous writes. A guest's gift belongs to no stored donor: it
 * carries its own particulars (the session's enrolment, then what checkout gave) and links to an
 * account only on proof (gift-links.ts). `giftEmail` is the e-mail given for this gift, where its mail
 * goes: checkout's, else the enrolment's (guests) or the account's (signed in).
 */
async function ownerOf(headers: CallContext["headers"], given: DonorDetails | undefined) {
  if (hasSignIn(headers)) {
    const donor = await registeredDonor(headers);
    return {
      owner: { donorId: donor.id, guestSessionId: null },
      gift: { giftEmail: given?.email ?? donor.email },
    };
  }
  const guest = await liveGuest(headers);
  const enrolment = await (await donorRecords()).guestEnrolment(guest.id);
  const enrolled = enrolment?.particulars ?? {};
  const particulars = {
    ...enrolled,
    name: enrolled.name ?? given?.name,
    email: given?.email ?? enrolled.email,
    ...(enrolled.mobile === undefined && given?.mobile !== undefined
      ? { countryCode: given.countryCode, mobile: given.mobile }
      : {}),
  };
  return {
    owner: { donorId: null, guestSessionId: guest.id },
    gift: {
      giftEmail: particulars.email ?? null,
      particulars,
      donorIdEncrypted: enrolment?.idEncrypted ?? null,
      donorIdHash: enrolment?.idHash ?? null,
    },
  };
}

type DonorDetails = ReturnType<typeof checkedDonor>["details"];

const create: Handler = async ({ body, headers }) => {
  const idempotencyKey = headers.get("idempotency-key") ?? "";
  if (idempotencyKey.length < 1 || idempotencyKey.length > 255) {
    throw new RequestError(400, "An Idempotency-Key header of 1 to 255 characters is required");
  }
  const request = decode(CreateDonation, body);
  const donor = request.donor === undefined ? undefined : checkedDonor(request.donor);
  // Fidyah and kaffarah are not deductible (design/facts.md): no identity number is asked or kept.
  if (donor?.taxId !== undefined && !isTaxRegistrable(request.flow)) {
    throw new RequestError(
      422,
      "Gifts to this fund are not included for tax deduction; give no identity number.",
      "donation.taxIdNotApplicable",
    );
  }
  // Only a fund whose registry entry allows it takes a recurring gift (the wakaf funds).
  if ((request.frequency ?? "one time") !== "one time" && !recurringAllowed(request.flow)) {
    throw new RequestError(
      422,
      "Gifts to this fund are given once; it takes no recurring gifts.",
      "donation.recurringNotAllowed",
    );
  }
  const { owner, gift } = await ownerOf(headers, donor?.details);
  const sql = await database();
  const config = await readRates(sql, MAIN_CHARITY_ID);
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
      // What the receipt lists, at the rates this donation is priced on (they may change later).
      receiptItems: receiptAttributes(request.items, priced.amounts, config.rates),
      donorDetails: donor?.details,
      ...(donor?.taxId === undefined ? {} : { taxId: donor.taxId }),
      frequency: request.frequency ?? "one time",
      ratesVersion: config.version,
      ...(request.lang === undefined ? {} : { lang: request.lang }),
      ...owner,
      ...gift,
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

const gatewayFailed = () =>
  Effect.fail(
    new RequestError(
      503,
      "The payment service did not answer; nothing was charged. Please try again.",
      "gateway.unavailable",
    ),
  );

const confirm: Handler = async ({ body, headers }) => {
  const request = decode(Confirm, body);
  const { donationId, clientSecret, wallet } = request;
  const records = await donations();
  const donation = await records.get(donationId, clientSecret).catch(notFound);
  if (donation.status !== "requires_payment_method") return success({ data: donation });
  // Saved cards and recurring plans (src/server/api/recurring.ts): the card to charge, checked here.
  const paymentMethodId = await cardForConfirm(donation, request, headers);
  // One gateway payment per attempt round (a new round only after a failure), keyed by the donation
  // and the round: confirmations that race, whatever card each carries, meet the same gateway payment,
  // which the gateway confirms once. So a donation is never charged twice.
  const round = await records.failedAttempts(donation.id);
  const setupFutureUsage = donation.frequency !== "one time" || request.saveCard === true;
  const payment = await Effect.runPromise(
    Effect.catch(
      gateway().create({
        amount: donation.totalCents as Cents,
        currency: "SGD",
        idempotencyKey: `${donation.id}:${round}`,
        description: donation.transactionNo,
        method: "card",
        setupFutureUsage,
      }),
      gatewayFailed,
    ),
  );
  await records.startAttempt(donation.id, gatewayName(), payment, wallet ?? "card");
  const returnUrl = threeDsReturnUrl(donation.flow);
  const confirmed = await Effect.runPromise(
    Effect.catch(
      gateway().confirm(payment.paymentId, paymentMethodId, {
        setupFutureUsage,
        ...(returnUrl === undefined ? {} : { returnUrl }),
      }),
      (error) =>
        error.code === "port.notFound"
          ? Effect.fail(new RequestError(400, "Unknown payment method", "payment.method"))
          : gatewayFailed(),
    ),
  );
  return success({ data: await records.apply(donation.id, confirmed) });
};

/**
 * A PayNow QR for the donation, valid for 300 s (§9). Asking again while it is valid gives the same QR;
 * after it expired (and the 30 s enquiry grace passed) a new one is made in a new round, and the old
 * one can no longer be paid.
 */
const payNow: Handler = async ({ body }) => {
  const { donationId, clientSecret } = decode(DonationRef, body);
  const records = await donations();
  const donation = await records.get(donationId, clientSecret).catch(notFound);
  if (donation.status === "succeeded") return success({ data: donation });
  if (donation.frequency !== "one time") {
    throw new RequestError(
      422,
      "PayNow pays once; recurring gifts need a card.",
      "paynow.recurring",
    );
  }
  const latest = await records.latestAttempt(donation.id);
  const now = portalNow();
  if (
    latest?.method === "paynow" &&
    latest.status === "pending" &&
    latest.expiresAt !== null &&
    now <= latest.expiresAt.getTime() + PAYNOW_ENQUIRY_GRACE_MS
  ) {
    return success({ data: donation });
  }
  if (latest?.method === "paynow" && latest.status === "pending") {
    // Past expiry and grace: that QR is dead; record it as failed so a new round can start.
    await records.apply(donation.id, {
      paymentId: latest.gatewayRef,
      state: "failed",
      nextAction: null,
      failureCode: "expired",
    });
  }
  const round = await records.failedAttempts(donation.id);
  const payment = await Effect.runPromise(
    Effect.catch(
      gateway().create({
        amount: donation.totalCents as Cents,
        currency: "SGD",
        idempotencyKey: `${donation.id}:paynow:${round}`,
        // The QR's reference: a renewed QR must differ from the one it replaces (same amount, same
        // expiry date), or the payer's bank could not tell which was paid.
        description: round === 0 ? donation.transactionNo : `${donation.transactionNo}-${round}`,
        method: "paynow",
      }),
      gatewayFailed,
    ),
  );
  if (payment.nextAction?.kind !== "qr") {
    throw new RequestError(503, "The payment service gave no PayNow QR.", "gateway.unavailable");
  }
  await records.startAttempt(donation.id, gatewayName(), payment, "paynow", {
    payload: payment.nextAction.payload,
    expiresAt: new Date(now + PAYNOW_QR_LIFETIME_MS),
  });
  return success({ data: await records.apply(donation.id, payment) });
};

/** The QR drawn as SVG, for the page (from the donation's own record; the provider is not asked). */
const payNowQrImage: Handler = async ({ body }) => {
  const { donationId, clientSecret } = decode(DonationRef, body);
  const donation = await (await donations()).get(donationId, clientSecret).catch(notFound);
  if (!donation.payNow) throw new RequestError(404, "No PayNow QR is waiting", "paynow.none");
  return success({
    data: { svg: await payNowQrSvg(donation.payNow.payload), expiresAt: donation.payNow.expiresAt },
  });
};

const retrieve: Handler = async ({ body }) => {
  const { donationId, clientSecret } = decode(DonationRef, body);
  const records = await donations();
  const donation = await records.get(donationId, clientSecret).catch(notFound);
  const attempt = await records.latestAttempt(donation.id);
  if (donation.status === "requires_action" && attempt && attempt.method !== "paynow") {
    // Reads the gateway only for a card payment waiting on 3-D Secure; PayNow and final states come
    // from our own records (a PayNow QR is settled by the gateway's report), so polling stays cheap.
    const payment = await Effect.runPromise(
      Effect.catch(gateway().retrieve(attempt.gatewayRef), gatewayFailed),
    );
    return success({ data: await records.apply(donation.id, payment) });
  }
  return success({ data: donation });
};

/** Which gateway takes card details in the browser (and Stripe's publishable key when it is Stripe). */
const paymentConfiguration: Handler = () =>
  Promise.resolve(success({ data: browserPaymentConfiguration() }));

export const paymentHandlers = {
  create,
  confirm,
  retrieve,
  payNow,
  payNowQrImage,
  paymentConfiguration,
} satisfies Record<string, Handler>;

/** Where Stripe delivers events (not a browser call, so not in the call table). */
export const STRIPE_WEBHOOK_PATH = "/svc/payment/v1/webhooks/stripe";

/**
 * Stripe's webhook endpoint: the raw body is verified against STRIPE_WEBHOOK_SECRET (HMAC over
 * timestamp and body, 300 s tolerance) before anything is parsed, then processed once per event id
 * (see `receiveStripeWebhook`). Without a secret the endpoint does not exist.
 */
export async function stripeWebhook(request: ServiceRequest): Promise<ServiceResponse> {
  const secret = config().payments.webhookSecret;
  if (!secret) return failure(404, "Not found");
  if (request.method !== "POST") return failure(405, "Method not allowed", { allow: "POST" });
  const answer = await receiveStripeWebhook({
    sql: await database(),
    records: await donations(),
    payload: await request.body(),
    signature: request.headers.get("stripe-signature"),
    secret,
    ...(gatewayName() === "stripe" ? { gateway: gateway() } : {}),
  });
  return {
    status: answer.status,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
    body: JSON.stringify(answer.body),
  };
}
