import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type Stripe from "stripe";
import { cents } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/open";
import { payments, type Payments } from "../db/donations";
import type { Sql } from "../db/sql";
import {
  processWebhookEvent,
  receiveStripeWebhook,
  signWebhookPayload,
  verifyWebhook,
  WebhookSignatureInvalid,
} from "./webhooks";

const secret = "whsec_portal_test_secret";
const now = Date.UTC(2026, 10, 20, 2, 0, 0);
const nowSeconds = now / 1000;

/** A Stripe-shaped event (after Stripe's API reference, trimmed to what the portal reads). */
const event = (
  type: "payment_intent.succeeded" | "payment_intent.payment_failed" | "charge.refunded",
  intentId: string,
  fields: { id?: string; amount?: number; currency?: string } = {},
) => ({
  id: fields.id ?? `evt_${randomUUID().replaceAll("-", "")}`,
  object: "event",
  api_version: "2026-10-28.endive",
  created: nowSeconds - 5,
  livemode: false,
  type,
  data: {
    object: {
      id: intentId,
      object: "payment_intent",
      amount: fields.amount ?? 2500,
      currency: fields.currency ?? "sgd",
      status: type === "payment_intent.payment_failed" ? "requires_payment_method" : "succeeded",
      latest_charge: "ch_test",
      last_payment_error:
        type === "payment_intent.payment_failed"
          ? { type: "card_error", code: "card_declined", decline_code: "generic_decline" }
          : null,
      next_action: null,
    },
  },
});

describe("webhook signature", () => {
  const body = JSON.stringify(event("payment_intent.succeeded", "pi_sig"));
  const verify = (payload: string, signature: string | undefined, at = now) =>
    verifyWebhook({ payload, signature, secret, now: () => at });

  it("accepts a delivery signed with the endpoint's secret, up to 300 s old", () => {
    expect(verify(body, signWebhookPayload(body, secret, nowSeconds)).type).toBe(
      "payment_intent.succeeded",
    );
    expect(verify(body, signWebhookPayload(body, secret, nowSeconds - 300)).id).toMatch(/^evt_/);
  });

  it("refuses a signature made with another secret, or none", () => {
    const forged = signWebhookPayload(body, "whsec_someone_else", nowSeconds);
    expect(() => verify(body, forged)).toThrow(WebhookSignatureInvalid);
    expect(() => verify(body, undefined)).toThrow(WebhookSignatureInvalid);
    expect(() => verify(body, "t=1,v1=deadbeef")).toThrow(WebhookSignatureInvalid);
  });

  it("refuses a body altered after signing", () => {
    const signature = signWebhookPayload(body, secret, nowSeconds);
    expect(() => verify(body.replace('"amount":2500', '"amount":1'), signature)).toThrow(
      WebhookSignatureInvalid,
    );
    expect(() => verify(`${body} `, signature)).toThrow(WebhookSignatureInvalid);
  });

  it("refuses a delivery signed more than 300 s before or after our clock (replays)", () => {
    expect(() => verify(body, signWebhookPayload(body, secret, nowSeconds - 301))).toThrow(
      /tolerance/,
    );
    expect(() => verify(body, signWebhookPayload(body, secret, nowSeconds + 301))).toThrow(
      /tolerance/,
    );
    expect(verify(body, signWebhookPayload(body, secret, nowSeconds + 300)).type).toBe(
      "payment_intent.succeeded",
    );
  });
});

describe("webhook processing on PGlite", () => {
  let sql: Sql;
  let records: Payments;

  beforeAll(async () => {
    sql = await openDatabase({});
    records = payments(sql, Buffer.alloc(32, 7));
  }, 60_000);

  afterAll(async () => {
    await sql?.close();
  });

  /** A fresh 25.00 donation with one card attempt at the gateway, as the confirm route leaves it. */
  const donationWithAttempt = async (intentId = `pi_${randomUUID().replaceAll("-", "")}`) => {
    const { donation } = await records.create({
      idempotencyKey: randomUUID(),
      request: {},
      flow: "ILMU",
      amounts: { ilmu: cents(2500) },
      total: cents(2500),
      inputs: {},
      donorDetails: undefined,
      frequency: "one time",
      ratesVersion: 1,
    });
    await records.startAttempt(donation.id, "stripe", {
      paymentId: intentId,
      state: "initiated",
      nextAction: null,
    });
    return { donationId: donation.id, intentId };
  };

  const process = (e: ReturnType<typeof event>) =>
    processWebhookEvent(sql, records, e as unknown as Stripe.Event);

  const stateOf = async (donationId: string) => {
    const [row] = await sql.query<{ status: string; receipts: number; attempts: string }>(
      `select d.status,
              (select count(*)::int from receipt r where r.donation_id = d.id) as receipts,
              (select string_agg(status, ',' order by created_at, id) from payment_attempt a
                where a.donation_id = d.id) as attempts
       from donation d where d.id = $1`,
      [donationId],
    );
    return row;
  };

  it("pays a donation on payment_intent.succeeded and issues one receipt", async () => {
    const { donationId, intentId } = await donationWithAttempt();
    expect(await process(event("payment_intent.succeeded", intentId))).toEqual({
      kind: "applied",
      donationId,
      status: "succeeded",
    });
    expect(await stateOf(donationId)).toEqual({
      status: "succeeded",
      receipts: 1,
      attempts: "succeeded",
    });
  });

  it("records each event id once: a repeated delivery is a no-op", async () => {
    const { donationId, intentId } = await donationWithAttempt();
    const succeeded = event("payment_intent.succeeded", intentId);
    await process(succeeded);
    expect(await process(succeeded)).toEqual({ kind: "duplicate" });
    const [row] = await sql.query<{ processed: boolean; type: string }>(
      "select processed_at is not null as processed, type from webhook_event where id = $1",
      [succeeded.id],
    );
    expect(row).toEqual({ processed: true, type: "payment_intent.succeeded" });
    expect((await stateOf(donationId))?.receipts).toBe(1);
  });

  it("a failure arriving after the success does not un-pay the donation", async () => {
    const { donationId, intentId } = await donationWithAttempt();
    await process(event("payment_intent.succeeded", intentId));
    expect(await process(event("payment_intent.payment_failed", intentId))).toMatchObject({
      kind: "applied",
      status: "succeeded",
    });
    expect(await stateOf(donationId)).toEqual({
      status: "succeeded",
      receipts: 1,
      attempts: "succeeded",
    });
  });

  it("a success arriving after a failure pays the donation, once", async () => {
    const { donationId, intentId } = await donationWithAttempt();
    expect(await process(event("payment_intent.payment_failed", intentId))).toMatchObject({
      status: "requires_payment_method",
    });
    await process(event("payment_intent.succeeded", intentId));
    await process(event("payment_intent.succeeded", intentId));
    expect(await stateOf(donationId)).toEqual({
      status: "succeeded",
      receipts: 1,
      attempts: "succeeded",
    });
  });

  it("a late failure of an earlier attempt leaves the next attempt's donation waiting", async () => {
    const { donationId, intentId: first } = await donationWithAttempt();
    const second = `pi_${randomUUID().replaceAll("-", "")}`;
    await records.apply(donationId, { paymentId: first, state: "failed", nextAction: null });
    await records.startAttempt(donationId, "stripe", {
      paymentId: second,
      state: "initiated",
      nextAction: null,
    });
    await records.apply(donationId, {
      paymentId: second,
      state: "pending",
      nextAction: { kind: "redirect", payload: "https://bank.example/3ds" },
    });
    await process(event("payment_intent.payment_failed", first));
    expect(await stateOf(donationId)).toMatchObject({ status: "pending", receipts: 0 });
    await process(event("payment_intent.succeeded", second));
    expect(await stateOf(donationId)).toEqual({
      status: "succeeded",
      receipts: 1,
      attempts: "failed,succeeded",
    });
  });

  it("ignores other event types and PaymentIntents the portal did not create", async () => {
    const { donationId, intentId } = await donationWithAttempt();
    expect(await process(event("charge.refunded", intentId))).toEqual({
      kind: "ignored",
      reason: "eventType",
    });
    expect(await process(event("payment_intent.succeeded", "pi_not_ours"))).toEqual({
      kind: "ignored",
      reason: "unknownPayment",
    });
    expect((await stateOf(donationId))?.status).toBe("initiated");
  });

  it("does not pay when the amount or currency differs from the attempt, and says so in the audit log", async () => {
    const { donationId, intentId } = await donationWithAttempt();
    for (const fields of [{ amount: 1 }, { currency: "usd" }]) {
      expect(await process(event("payment_intent.succeeded", intentId, fields))).toEqual({
        kind: "rejected",
        reason: "amountMismatch",
        donationId,
      });
    }
    expect((await stateOf(donationId))?.receipts).toBe(0);
    const [audit] = await sql.query<{ count: number }>(
      "select count(*)::int as count from audit_log where action = 'webhook.amountMismatch' and entity_id = $1",
      [donationId],
    );
    expect(audit?.count).toBe(2);
  });

  it("whatever order deliveries arrive in, with repeats, a paid donation is paid once", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(0, 1, 2, 3), { minLength: 1, maxLength: 6 }),
        async (order) => {
          const { donationId, intentId } = await donationWithAttempt();
          // 0 and 1 are two deliveries of one success; 2 and 3 two distinct failure events.
          const deliveries = [
            event("payment_intent.succeeded", intentId, { id: `evt_s_${intentId}` }),
            event("payment_intent.succeeded", intentId, { id: `evt_s_${intentId}` }),
            event("payment_intent.payment_failed", intentId, { id: `evt_f1_${intentId}` }),
            event("payment_intent.payment_failed", intentId, { id: `evt_f2_${intentId}` }),
          ];
          for (const i of order) await process(deliveries[i] as ReturnType<typeof event>);
          const paid = order.some((i) => i < 2);
          expect(await stateOf(donationId)).toEqual(
            paid
              ? { status: "succeeded", receipts: 1, attempts: "succeeded" }
              : { status: "initiated", receipts: 0, attempts: "failed" },
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it("refuses an unsigned delivery and receives a processed or repeated one", async () => {
    const { donationId, intentId } = await donationWithAttempt();
    const payload = JSON.stringify(event("payment_intent.succeeded", intentId));
    const deliver = (signature: string) =>
      receiveStripeWebhook({ sql, records, payload, signature, secret, now: () => now });
    expect(await deliver(signWebhookPayload(payload, "whsec_other", nowSeconds))).toEqual({
      error: "webhook.signature",
    });
    expect((await stateOf(donationId))?.status).toBe("initiated");
    const signature = signWebhookPayload(payload, secret, nowSeconds);
    expect(await deliver(signature)).toEqual({ received: true, outcome: "applied" });
    expect(await deliver(signature)).toEqual({ received: true, outcome: "duplicate" });
    expect((await stateOf(donationId))?.receipts).toBe(1);
  });
});
