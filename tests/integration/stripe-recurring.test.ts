import { randomBytes, randomUUID } from "node:crypto";
import { Effect } from "effect";
import type Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Cents } from "@portal/domain";
import { guestSessions, payments, recurring, type Sql } from "@portal/adapters/db";
import { createStripeGateway, paymentJobs, processWebhookEvent } from "@portal/adapters/payments";
import { stripeRecorder } from "@portal/adapters/testing";
import { testDatabases } from "../support/databases";
import { donationInput } from "../support/records";

/**
 * Saved cards and recurring plans in Stripe mode, in-process on both engines, with the real `stripe`
 * SDK pointed at a local server that records its requests (Stripe cannot be reached from here and
 * stripe-mock cannot be installed). Verified: the requests the adapter and the scheduler send
 * (Customer, setup_future_usage, off_session with the saved card, idempotency keys) and what the
 * portal records from Stripe-shaped answers and webhook events. Not verified: Stripe's own behaviour
 * (its answers here are hand-written after its API reference).
 */
describe.each(testDatabases())("Stripe saved cards and renewals on $name", (database) => {
  const stripeApi = stripeRecorder();
  const { seen, answers } = stripeApi;
  let sql: Sql;
  let now = Date.parse("2025-01-15T03:00:00Z"); // 11:00 on 15 January in Singapore
  let parts: ReturnType<typeof portal>;

  const portal = () => {
    const gateway = createStripeGateway({
      secretKey: "sk_test_portal",
      returnUrl: "https://portal.example.sg/checkout?return=3ds",
      host: "127.0.0.1",
      port: stripeApi.port(),
      protocol: "http",
      maxNetworkRetries: 0,
    });
    const plans = recurring(sql, { now: () => now });
    const records = payments(sql, randomBytes(32), {
      onSucceeded: plans.onSucceeded,
      onFailed: plans.settleFailedRenewal,
    });
    const jobs = paymentJobs({
      records,
      recurring: plans,
      gateway: (name) => (name === "stripe" ? gateway : undefined),
    });
    return { gateway, plans, records, jobs };
  };

  beforeAll(async () => {
    await stripeApi.start();
    sql = await database.open();
    parts = portal();
  });
  afterAll(async () => {
    await stripeApi.stop();
    await sql?.close();
    await database.cleanup();
  });
  beforeEach(stripeApi.reset);

  const intent = (id: string, fields: Record<string, unknown> = {}) => ({
    id,
    object: "payment_intent",
    amount: 5_000,
    currency: "sgd",
    status: "requires_payment_method",
    last_payment_error: null,
    latest_charge: null,
    next_action: null,
    customer: null,
    payment_method: null,
    metadata: {},
    livemode: false,
    ...fields,
  });
  const paid = (id: string) =>
    intent(id, {
      status: "succeeded",
      customer: "cus_PortalDonor",
      payment_method: "pm_CardKept",
      setup_future_usage: "off_session",
      latest_charge: {
        id: `ch_${id}`,
        object: "charge",
        payment_method_details: {
          type: "card",
          card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 },
        },
      },
    });
  const answer = (...bodies: Array<unknown>) => {
    for (const body of bodies) answers.push({ status: 200, body });
  };
  const planOf = async (donationId: string) =>
    (
      await sql.query<{ id: string; card_token: string; card_brand: string; status: string }>(
        "select id, card_token, card_brand, status from recurring_plan where first_donation_id = $1",
        [donationId],
      )
    )[0];
  const renewal = async (planId: string, period: number) =>
    (
      await sql.query<{ status: string; donation_status: string; receipt: boolean }>(
        `select c.status, d.status as donation_status,
                exists (select 1 from receipt r where r.donation_id = d.id) as receipt
         from recurring_charge c join donation d on d.id = c.donation_id
         where c.plan_id = $1 and c.period = $2`,
        [planId, period],
      )
    )[0];
  const renewalRef = async (planId: string, period: number) =>
    (
      await sql.query<{ gateway_ref: string; donation_id: string }>(
        `select a.gateway_ref, a.donation_id from recurring_charge c
         join payment_attempt a on a.donation_id = c.donation_id where c.plan_id = $1 and c.period = $2`,
        [planId, period],
      )
    )[0];
  const webhook = (
    type: "payment_intent.succeeded" | "payment_intent.payment_failed",
    body: object,
  ) =>
    ({
      id: `evt_${randomUUID().replaceAll("-", "")}`,
      object: "event",
      created: Math.floor(now / 1000),
      type,
      data: { object: body },
    }) as unknown as Stripe.Event;

  let planId = "";

  it("keeps the first payment's card on a Customer and starts the plan with the cus_/pm_ token", async () => {
    const { session } = await guestSessions(sql).start();
    const { donation } = await parts.records.create(
      donationInput("ILMU", "ilmu", 5_000, {
        request: { stripe: "monthly" },
        donorDetails: { name: "Aminah", email: "aminah@example.sg", anonymous: false },
        frequency: "monthly",
        guestSessionId: session.id,
      }),
    );
    // As the confirm handler does it: create, record the attempt, confirm keeping the card.
    answer(intent("pi_First"));
    const created = await Effect.runPromise(
      parts.gateway.create({
        amount: 5_000 as Cents,
        currency: "SGD",
        idempotencyKey: `${donation.id}:0`,
        description: donation.transactionNo,
        method: "card",
        setupFutureUsage: true,
      }),
    );
    await parts.records.startAttempt(donation.id, "stripe", created);
    answer({ id: "cus_PortalDonor", object: "customer" }, intent("pi_First"), paid("pi_First"));
    const confirmed = await Effect.runPromise(
      parts.gateway.confirm(created.paymentId, "pm_CardKept", {
        setupFutureUsage: true,
        returnUrl: "https://wakaf.portal.example.sg/checkout?return=3ds",
      }),
    );
    expect(confirmed.paymentMethodId).toBe("cus_PortalDonor/pm_CardKept");
    expect((await parts.records.apply(donation.id, confirmed)).status).toBe("succeeded");

    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      "POST /v1/payment_intents",
      "POST /v1/customers",
      "POST /v1/payment_intents/pi_First",
      "POST /v1/payment_intents/pi_First/confirm",
    ]);
    expect(seen[1]?.headers["idempotency-key"]).toBe("customer:pi_First");
    expect(seen[2]?.form.get("customer")).toBe("cus_PortalDonor");
    const confirm = seen[3]?.form;
    expect(confirm?.get("payment_method")).toBe("pm_CardKept");
    expect(confirm?.get("setup_future_usage")).toBe("off_session");
    // A wakaf gift comes back to the wakaf host (the confirm handler's returnUrlFor).
    expect(confirm?.get("return_url")).toBe("https://wakaf.portal.example.sg/checkout?return=3ds");
    expect(confirm?.has("off_session")).toBe(false);

    const plan = await planOf(donation.id);
    expect(plan).toMatchObject({
      card_token: "cus_PortalDonor/pm_CardKept",
      card_brand: "Visa",
      status: "active",
    });
    planId = plan?.id ?? "";
  });

  it("charges a due renewal off session with the saved card, once, and records its receipt", async () => {
    now = Date.parse("2025-02-15T03:00:00Z");
    answer(intent("pi_Renewal1"), intent("pi_Renewal1"), paid("pi_Renewal1"));
    expect(await parts.jobs.chargeDuePlans()).toEqual(["succeeded"]);
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      "POST /v1/payment_intents",
      "POST /v1/payment_intents/pi_Renewal1",
      "POST /v1/payment_intents/pi_Renewal1/confirm",
    ]);
    expect(seen[0]?.headers["idempotency-key"]).toBe(`recurring:${planId}:1`);
    expect(seen[1]?.form.get("customer")).toBe("cus_PortalDonor");
    const confirm = seen[2]?.form;
    expect(confirm?.get("payment_method")).toBe("pm_CardKept");
    expect(confirm?.get("off_session")).toBe("true");
    expect(confirm?.has("return_url")).toBe(false);
    expect(confirm?.has("setup_future_usage")).toBe(false);
    expect(await renewal(planId, 1)).toEqual({
      status: "succeeded",
      donation_status: "succeeded",
      receipt: true,
    });
    // Due again only next period: a second pass charges nothing.
    expect(await parts.jobs.chargeDuePlans()).toEqual([]);
  });

  it("records a renewal Stripe refuses off session (authentication_required) as declined", async () => {
    now = Date.parse("2025-03-15T03:00:00Z");
    const refused = intent("pi_Renewal2", {
      last_payment_error: { type: "card_error", code: "authentication_required" },
    });
    answer(intent("pi_Renewal2"), intent("pi_Renewal2"));
    answers.push({
      status: 402,
      body: {
        error: {
          type: "card_error",
          code: "authentication_required",
          message: "This payment requires authentication.",
          payment_intent: refused,
        },
      },
    });
    expect(await parts.jobs.chargeDuePlans()).toEqual(["failed"]);
    expect(await renewal(planId, 2)).toMatchObject({ status: "failed", receipt: false });
  });

  it("settles renewals Stripe finishes later through the webhook: a success, then a failure", async () => {
    now = Date.parse("2025-04-15T03:00:00Z");
    answer(
      intent("pi_Renewal3"),
      intent("pi_Renewal3"),
      intent("pi_Renewal3", { status: "processing" }),
    );
    expect(await parts.jobs.chargeDuePlans()).toEqual(["pending"]);
    expect(await renewal(planId, 3)).toMatchObject({
      status: "claimed",
      donation_status: "pending",
    });
    // The event carries the charge as an id: the payment is read again with the charge expanded.
    answer(paid("pi_Renewal3"));
    const success = webhook("payment_intent.succeeded", {
      ...paid("pi_Renewal3"),
      latest_charge: "ch_x",
    });
    expect(await processWebhookEvent(sql, parts.records, success, parts.gateway)).toMatchObject({
      kind: "applied",
      status: "succeeded",
    });
    expect(seen.at(-1)?.path).toBe("/v1/payment_intents/pi_Renewal3");
    expect(await renewal(planId, 3)).toEqual({
      status: "succeeded",
      donation_status: "succeeded",
      receipt: true,
    });

    now = Date.parse("2025-05-15T03:00:00Z");
    answer(
      intent("pi_Renewal4"),
      intent("pi_Renewal4"),
      intent("pi_Renewal4", { status: "processing" }),
    );
    expect(await parts.jobs.chargeDuePlans()).toEqual(["pending"]);
    const failed = webhook(
      "payment_intent.payment_failed",
      intent("pi_Renewal4", {
        last_payment_error: {
          type: "card_error",
          code: "card_declined",
          decline_code: "insufficient_funds",
        },
      }),
    );
    expect((await processWebhookEvent(sql, parts.records, failed, parts.gateway)).kind).toBe(
      "applied",
    );
    expect(await renewal(planId, 4)).toMatchObject({ status: "failed", receipt: false });
    const ref = await renewalRef(planId, 4);
    expect(ref?.gateway_ref).toBe("pi_Renewal4");
    // The plan goes on: one decline in a row since the last success.
    const [plan] = await sql.query<{ status: string; consecutive_declines: number }>(
      "select status, consecutive_declines from recurring_plan where id = $1",
      [planId],
    );
    expect(plan).toEqual({ status: "active", consecutive_declines: 1 });
  });
});
