import { payNowQrSvg, receiveStripeWebhook } from "@portal/adapters/payments";
import type { Services } from "../main";
import { createDonation } from "../app/create-donation";
import { createDonationOrder } from "../app/donation-order";
import { confirmDonation, donationOf, refreshDonation, startPayNow } from "../app/pay-donation";
import { failure, RequestError, success } from "./envelope";
import { refusalAnswer } from "./errors";
import { decode } from "./decode";
import {
  checkedDonor,
  Confirm,
  CreateDonation,
  CreateDonationOrder,
  DonationRef,
  withCleanRemarks,
} from "./payment-requests";
import type { Handler, HandlerServices, ServiceRequest, ServiceResponse } from "./types";

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
          cardFee: services.payments.browserConfiguration.cardFee,
        }),
        // Who gives, asked by the use case once the request itself passed the fund's rules.
        callers.of(headers),
      );
      return success({ data: donation }, replayed ? { "idempotent-replayed": "true" } : {});
    },
    /**
     * A household's order across funds: one donation per fund, all made in one transaction, once per
     * idempotency key (docs/payment-api.md "Orders across funds"). Each is then paid as any donation.
     */
    createOrder: async ({ body, headers }) => {
      const idempotencyKey = headers.get("idempotency-key") ?? "";
      if (idempotencyKey.length < 1 || idempotencyKey.length > 240) {
        throw new RequestError(400, "An Idempotency-Key header of 1 to 240 characters is required");
      }
      const decoded = decode(CreateDonationOrder, body);
      const { donor, ...rest } = decoded;
      const request = {
        ...rest,
        parts: rest.parts.map((part) => ({
          ...part,
          items: withCleanRemarks({ ...part, ratesVersion: 0, items: part.items }).items,
        })),
      };
      const { payments, replayed } = await app.run(
        createDonationOrder({
          idempotencyKey,
          request,
          donor: donor === undefined ? undefined : checkedDonor(donor),
        }),
        callers.of(headers),
      );
      return success({ data: { payments } }, replayed ? { "idempotent-replayed": "true" } : {});
    },
    confirm: async ({ body, headers }) => {
      const request = decode(Confirm, body);
      const donation = await app.run(confirmDonation(request), callers.of(headers));
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
      Promise.resolve(success({ data: services.payments.browserConfiguration })),
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
