import { payNowQrSvg, receiveStripeWebhook } from "@portal/adapters/payments";
import type { Services } from "../main";
import { serverText, type Lang } from "../translations";
import { createDonation, type Giver } from "../app/create-donation";
import { confirmDonation, donationOf, refreshDonation, startPayNow } from "../app/pay-donation";
import { failure, RequestError, success } from "./envelope";
import { refusalAnswer } from "./errors";
import { hasSignIn, type Callers } from "./auth";
import { decode } from "./decode";
import {
  checkedDonor,
  Confirm,
  CreateDonation,
  DonationRef,
  withCleanRemarks,
} from "./payment-requests";
import type {
  CallContext,
  Handler,
  HandlerServices,
  ServiceRequest,
  ServiceResponse,
} from "./types";

/**
 * Who gives: the signed-in donor, or the guest session that makes the gift. A request with neither is
 * refused: there are no anonymous writes.
 */
const giverOf = async (callers: Callers, headers: CallContext["headers"]): Promise<Giver> => {
  if (hasSignIn(headers)) {
    const donor = await callers.registeredDonor(headers);
    return { kind: "donor", donorId: donor.id, email: donor.email };
  }
  const session = await callers.liveGuest(headers);
  return { kind: "guest", guestSessionId: session.id, enrolment: session.enrolment };
};

/**
 * PORTAL_SIGN_IN_REQUIRED (spec §6, "login mandatory"): a guest may not give. Said in the page's
 * language when the request names it, else in both; the page shows its own words for the code.
 */
const refuseGuestWhereSignInRequired = (
  signInRequired: boolean,
  headers: CallContext["headers"],
  lang?: Lang,
): void => {
  if (!signInRequired || hasSignIn(headers)) return;
  const said = (lang === undefined ? (["en", "ms"] as const) : [lang]).map((language) =>
    serverText(language)("assets_sign_in_required"),
  );
  throw new RequestError(403, said.join(" / "), "donation.signInRequired");
};

/** The signed-in donor, when the request carries a sign-in (a saved card or keeping one needs it). */
const signedInDonor = (callers: Callers, headers: CallContext["headers"]) => () =>
  hasSignIn(headers) ? callers.registeredDonor(headers) : Promise.resolve(undefined);

/**
 * The payment calls: each decodes its request, runs its use case (src/server/app) with the services
 * the composition root built, and encodes the answer.
 */
export const paymentHandlers = ({ app, callers, services }: HandlerServices) =>
  ({
    create: async ({ body, headers }) => {
      const idempotencyKey = headers.get("idempotency-key") ?? "";
      if (idempotencyKey.length < 1 || idempotencyKey.length > 255) {
        throw new RequestError(400, "An Idempotency-Key header of 1 to 255 characters is required");
      }
      const request = withCleanRemarks(decode(CreateDonation, body));
      const { donation, replayed } = await app.run(
        createDonation({
          idempotencyKey,
          request,
          donor: request.donor === undefined ? undefined : checkedDonor(request.donor),
          // Asked once the request itself passed the fund's rules (a refusal of those comes first).
          giver: () => {
            refuseGuestWhereSignInRequired(services.config.signInRequired, headers, request.lang);
            return giverOf(callers, headers);
          },
        }),
      );
      return success({ data: donation }, replayed ? { "idempotent-replayed": "true" } : {});
    },
    confirm: async ({ body, headers }) => {
      const request = decode(Confirm, body);
      const donation = await app.run(
        confirmDonation({ ...request, signedIn: signedInDonor(callers, headers) }),
      );
      return success({ data: donation });
    },
    retrieve: async ({ body }) =>
      success({ data: await app.run(refreshDonation(decode(DonationRef, body))) }),
    payNow: async ({ body }) =>
      success({ data: await app.run(startPayNow(decode(DonationRef, body))) }),
    /** The QR drawn as SVG, for the page (from the donation's own record; the provider is not asked). */
    payNowQrImage: async ({ body }) => {
      const donation = await app.run(donationOf(decode(DonationRef, body)));
      if (!donation.payNow) throw new RequestError(404, "No PayNow QR is waiting", "paynow.none");
      return success({
        data: {
          svg: await payNowQrSvg(donation.payNow.payload),
          expiresAt: donation.payNow.expiresAt,
        },
      });
    },
    /** Which gateway takes card details in the browser (and Stripe's publishable key when it is Stripe). */
    paymentConfiguration: () =>
      Promise.resolve(success({ data: services.payments.browserConfiguration() })),
  }) satisfies Record<string, Handler>;

/** Where Stripe delivers events (not a browser call, so not in the call table). */
export const STRIPE_WEBHOOK_PATH = "/svc/payment/v1/webhooks/stripe";

/**
 * Stripe's webhook endpoint: the raw body is verified against STRIPE_WEBHOOK_SECRET (HMAC over
 * timestamp and body, 300 s tolerance) before anything is parsed, then processed once per event id
 * (see `receiveStripeWebhook`). Without a secret the endpoint does not exist.
 */
export async function stripeWebhook(
  services: Services,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const { config, payments } = services;
  const secret = config.payments.webhookSecret;
  if (!secret) return failure(404, "Not found");
  if (request.method !== "POST") return failure(405, "Method not allowed", { allow: "POST" });
  const answer = await receiveStripeWebhook({
    sql: await services.database.open(),
    records: await payments.donations(),
    payload: await request.body(),
    signature: request.headers.get("stripe-signature"),
    secret,
    ...(payments.gatewayName === "stripe" ? { gateway: payments.gateway } : {}),
  });
  // Received: 200 (Stripe sends it no more); refused: its code's status (./errors.ts), sent again.
  return {
    status: "error" in answer ? refusalAnswer(answer.error).status : 200,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
    body: JSON.stringify(answer),
  };
}
