import Stripe from "stripe";
import { Effect } from "effect";
import type { GatewayPayment, PaymentGatewayShape } from "@portal/domain";
import type { DonationView, Payments } from "../db/donations";
import type { Sql } from "../db/sql";
import { paymentFromIntent } from "./stripe";

/** Stripe signs the timestamp with the body; older deliveries (and replays of them) are refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A delivery whose Stripe-Signature does not verify: answer 400 and do nothing with the body. */
export class WebhookSignatureInvalid extends Error {
  readonly code = "webhook.signature";
}

/**
 * Verifies a Stripe webhook delivery and returns its event. `payload` must be the raw body exactly as
 * received (parsing and re-serialising JSON changes the bytes and breaks the signature). `now` is the
 * clock in epoch milliseconds. A timestamp more than 300 s old, or as far ahead of our clock, is
 * refused: Stripe's helper checks age only, and a future stamp would stretch the replay window.
 */
export const verifyWebhook = (input: {
  readonly payload: string | Uint8Array;
  readonly signature: string | null | undefined;
  readonly secret: string;
  readonly now?: () => number;
}): Stripe.Event => {
  const receivedAt = (input.now ?? Date.now)();
  try {
    const event = Stripe.webhooks.constructEvent(
      input.payload,
      input.signature ?? "",
      input.secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      receivedAt,
    );
    const stamp = Number(/(?:^|,)t=(\d+)/.exec(input.signature ?? "")?.[1]);
    if (stamp * 1000 - receivedAt > WEBHOOK_TOLERANCE_SECONDS * 1000) {
      throw new Error("Timestamp ahead of the tolerance zone");
    }
    return event;
  } catch (error) {
    throw new WebhookSignatureInvalid(
      error instanceof Error ? error.message : "Webhook signature did not verify",
      { cause: error },
    );
  }
};

/** A Stripe-Signature header for `payload`, made with Stripe's own helper (tests, the sandbox). */
export const signWebhookPayload = (
  payload: string,
  secret: string,
  timestampSeconds: number,
): string =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampSeconds });

/** What became of one event. Every outcome but a thrown error means "answer Stripe 200". */
export type WebhookOutcome =
  | { readonly kind: "duplicate" }
  | { readonly kind: "ignored"; readonly reason: "eventType" | "unknownPayment" }
  | { readonly kind: "rejected"; readonly reason: "amountMismatch"; readonly donationId: string }
  | {
      readonly kind: "applied";
      readonly donationId: string;
      readonly status: DonationView["status"];
    };

const handled = {
  "payment_intent.succeeded": "succeeded",
  "payment_intent.payment_failed": "failed",
} as const;

/**
 * Applies one verified event. Stripe delivers at least once and in any order, so:
 * - the event id is recorded in `webhook_event`; an id already processed is a no-op (`duplicate`);
 * - `payment_intent.succeeded` and `payment_intent.payment_failed` (card payments, PayNow and the
 *   scheduler's off-session renewals alike) go through `records.apply`, which
 *   locks the donation, never lets a failure undo a success, pays a donation once whatever the order,
 *   and lets only the latest attempt move an unpaid donation back;
 * - other types, and PaymentIntents the portal did not create, are recorded and ignored;
 * - a PaymentIntent whose amount or currency differs from the attempt's is not applied, and is
 *   written to the audit log for a person to look at.
 * The event is marked processed only after it was applied. A crash in between means Stripe's retry
 * applies it again, which `apply` makes harmless; so does a second instance racing on the same event.
 */
export const processWebhookEvent = async (
  sql: Sql,
  records: Pick<Payments, "apply">,
  event: Stripe.Event,
  gateway?: Pick<PaymentGatewayShape, "retrieve">,
): Promise<WebhookOutcome> => {
  const [seen] = await sql.query<{ processed: boolean }>(
    `insert into webhook_event (id, type, created_at_provider) values ($1, $2, to_timestamp($3))
     on conflict (id) do update set type = excluded.type
     returning processed_at is not null as processed`,
    [event.id, event.type, event.created],
  );
  if (seen?.processed) return { kind: "duplicate" };
  const done = async (outcome: WebhookOutcome) => {
    await sql.query("update webhook_event set processed_at = now() where id = $1", [event.id]);
    return outcome;
  };

  if (event.type !== "payment_intent.succeeded" && event.type !== "payment_intent.payment_failed") {
    return done({ kind: "ignored", reason: "eventType" });
  }
  const intent = event.data.object;
  const [attempt] = await sql.query<{ donation_id: string; amount_cents: string | number }>(
    "select donation_id, amount_cents from payment_attempt where gateway_ref = $1",
    [intent.id],
  );
  if (!attempt) return done({ kind: "ignored", reason: "unknownPayment" });
  const donationId = attempt.donation_id;
  if (Number(attempt.amount_cents) !== intent.amount || intent.currency.toLowerCase() !== "sgd") {
    await sql.query(
      `insert into audit_log (actor, action, entity, entity_id, detail)
       values ('gateway', 'webhook.amountMismatch', 'donation', $1, $2)`,
      [
        donationId,
        JSON.stringify({
          event: event.id,
          gatewayRef: intent.id,
          amount: intent.amount,
          currency: intent.currency,
          expected: Number(attempt.amount_cents),
        }),
      ],
    );
    return done({ kind: "rejected", reason: "amountMismatch", donationId });
  }
  // The event type is the authority on the outcome; the object supplies failure code and card. An
  // event carries the charge as an id only: a success is read again with the charge expanded, so a
  // card kept for later (saved card, recurring plan) is recorded with its brand, last four and expiry.
  const reported = paymentFromIntent(intent);
  const detailed =
    event.type === "payment_intent.succeeded" && !reported.card && gateway
      ? await Effect.runPromise(Effect.option(gateway.retrieve(intent.id)))
      : undefined;
  const payment: GatewayPayment = {
    ...(detailed?._tag === "Some" ? detailed.value : reported),
    state: handled[event.type],
  };
  const donation = await records.apply(donationId, payment);
  return done({ kind: "applied", donationId, status: donation.status });
};

/**
 * What became of a delivery: received (processed, a duplicate or ignored: Stripe must not send it
 * again), or refused with a code (the edge answers it with a failure status, and Stripe shows it as
 * failed).
 */
export type WebhookResponse =
  | { readonly received: true; readonly outcome: WebhookOutcome["kind"] }
  | { readonly error: "webhook.signature" };

/**
 * One delivery to the webhook endpoint, verified and processed: refused `webhook.signature` for a
 * signature that does not verify (nothing is recorded), received for every processed outcome,
 * duplicates and ignored events included. A database failure is thrown, so the route answers 500 and
 * Stripe retries the delivery later.
 */
export const receiveStripeWebhook = async (input: {
  readonly sql: Sql;
  readonly records: Pick<Payments, "apply">;
  readonly payload: string | Uint8Array;
  readonly signature: string | null | undefined;
  readonly secret: string;
  readonly now?: () => number;
  /** Reads a succeeded intent again with its charge (card details the event does not carry). */
  readonly gateway?: Pick<PaymentGatewayShape, "retrieve">;
}): Promise<WebhookResponse> => {
  let event: Stripe.Event;
  try {
    event = verifyWebhook(input);
  } catch (error) {
    if (error instanceof WebhookSignatureInvalid) {
      return { error: "webhook.signature" };
    }
    throw error;
  }
  const outcome = await processWebhookEvent(input.sql, input.records, event, input.gateway);
  return { received: true, outcome: outcome.kind };
};
