/**
 * An order's payments on the Stripe gateway (docs/households.md "One payment across funds"): one card
 * pays a household's zakat and its fidyah, each its own PaymentIntent. With the real SDK against the
 * local recorder (../testing/stripe-recorder.ts): the requests are checked, not Stripe's behaviour.
 */
import { Effect } from "effect";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStripeGateway } from "./stripe";
import { stripeRecorder } from "../testing";

const recorder = stripeRecorder();
const { seen, answers } = recorder;
beforeAll(recorder.start);
afterAll(recorder.stop);
beforeEach(recorder.reset);

const gateway = () =>
  createStripeGateway({
    secretKey: "sk_test_portal",
    returnUrl: "https://portal.example.sg/checkout?return=3ds",
    host: "127.0.0.1",
    port: recorder.port(),
    protocol: "http",
    maxNetworkRetries: 0,
  });

const intent = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  object: "payment_intent",
  amount: 2_000,
  currency: "sgd",
  status: "succeeded",
  last_payment_error: null,
  latest_charge: null,
  next_action: null,
  customer: "cus_Order",
  payment_method: "pm_Once",
  livemode: false,
  ...fields,
});

const customer = { status: 200, body: { id: "cus_Order", object: "customer" } };

/** The answers of one order confirmation: its Customer, the intent updated, then confirmed. */
const orderAnswers = (id: string) => [
  customer,
  { status: 200, body: intent(id, { status: "requires_payment_method" }) },
  { status: 200, body: intent(id) },
];

const order = { key: "5f0d7a2c-1b3e-4c9d-8e6f-a1b2c3d4e5f6" };

describe("Stripe gateway, an order's payments", () => {
  it("confirms both of an order's payments with the one card on one Customer", async () => {
    answers.push(...orderAnswers("pi_Zakat"), ...orderAnswers("pi_Fidyah"));
    const zakat = await Effect.runPromise(gateway().confirm("pi_Zakat", "pm_Once", { order }));
    const fidyah = await Effect.runPromise(gateway().confirm("pi_Fidyah", "pm_Once", { order }));
    expect([zakat.state, fidyah.state]).toEqual(["succeeded", "succeeded"]);
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      "POST /v1/customers",
      "POST /v1/payment_intents/pi_Zakat",
      "POST /v1/payment_intents/pi_Zakat/confirm",
      "POST /v1/customers",
      "POST /v1/payment_intents/pi_Fidyah",
      "POST /v1/payment_intents/pi_Fidyah/confirm",
    ]);
    const [first, , , second] = seen;
    // The same key and the same params: Stripe answers the second with the first's Customer.
    expect(first?.headers["idempotency-key"]).toBe(`customer:order:${order.key}`);
    expect(second?.headers["idempotency-key"]).toBe(first?.headers["idempotency-key"]);
    expect(second?.form.toString()).toBe(first?.form.toString());
    // Nothing of either payment in the Customer's params (they would differ between the two calls).
    expect(first?.form.toString()).not.toContain("pi_");
    for (const at of [1, 4]) expect(seen[at]?.form.get("customer")).toBe("cus_Order");
    for (const at of [2, 5]) {
      expect(seen[at]?.form.get("payment_method")).toBe("pm_Once");
      expect(seen[at]?.form.get("setup_future_usage")).toBe("on_session");
      expect(seen[at]?.form.has("off_session")).toBe(false);
    }
    expect(seen[5]?.headers["idempotency-key"]).toBe("confirm:pi_Fidyah:pm_Once");
  });

  it("keeps an order's card for later (off session) only when it is to be saved", async () => {
    answers.push(...orderAnswers("pi_Zakat"));
    await Effect.runPromise(
      gateway().confirm("pi_Zakat", "pm_Once", { order, setupFutureUsage: true }),
    );
    expect(seen[0]?.headers["idempotency-key"]).toBe(`customer:order:${order.key}`);
    expect(seen[2]?.form.get("setup_future_usage")).toBe("off_session");
  });

  it("pays an order with a saved card on the card's own Customer, making none", async () => {
    answers.push(
      { status: 200, body: intent("pi_Zakat", { customer: "cus_Saved", payment_method: "pm_S" }) },
      { status: 200, body: intent("pi_Zakat", { customer: "cus_Saved", payment_method: "pm_S" }) },
    );
    await Effect.runPromise(gateway().confirm("pi_Zakat", "cus_Saved/pm_S", { order }));
    expect(seen.map((request) => request.path)).toEqual([
      "/v1/payment_intents/pi_Zakat",
      "/v1/payment_intents/pi_Zakat/confirm",
    ]);
    expect(seen[0]?.form.get("customer")).toBe("cus_Saved");
    expect(seen[1]?.form.has("setup_future_usage")).toBe(false);
  });

  it("leaves a donation confirmed alone as it was: no Customer, nothing kept", async () => {
    answers.push({ status: 200, body: intent("pi_Alone", { customer: null }) });
    const payment = await Effect.runPromise(gateway().confirm("pi_Alone", "pm_Once"));
    expect(payment.paymentMethodId).toBeUndefined();
    expect(seen.map((request) => request.path)).toEqual(["/v1/payment_intents/pi_Alone/confirm"]);
    expect(seen[0]?.form.has("setup_future_usage")).toBe(false);
    expect(seen[0]?.form.has("customer")).toBe(false);
  });
});
