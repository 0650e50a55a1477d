/**
 * Saved cards and refunds of the Stripe gateway, with the real SDK against a local server that records
 * its requests (see ../testing/stripe-recorder.ts): the requests are checked, not Stripe's behaviour.
 */
import { Effect } from "effect";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStripeGateway, parseSavedCardToken, savedCardToken } from "./stripe";
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

const intent = (fields: Record<string, unknown> = {}) => ({
  id: "pi_Cards",
  object: "payment_intent",
  amount: 2_000,
  currency: "sgd",
  status: "succeeded",
  last_payment_error: null,
  latest_charge: null,
  next_action: null,
  customer: "cus_Saved",
  payment_method: "pm_Saved",
  livemode: false,
  ...fields,
});

describe("saved-card tokens", () => {
  it("name the Customer and the PaymentMethod, and nothing else reads as one", () => {
    expect(parseSavedCardToken(savedCardToken("cus_A1", "pm_B2"))).toEqual({
      customer: "cus_A1",
      paymentMethod: "pm_B2",
    });
    for (const other of ["pm_B2", "cus_A1", "cus_A1/pm_B2/x", "cus_A1/tok_B2", ""]) {
      expect(parseSavedCardToken(other)).toBeUndefined();
    }
  });
});

describe("Stripe gateway with saved cards", () => {
  it("pays on session with a saved card on its own Customer, keeping nothing new", async () => {
    answers.push({ status: 200, body: intent() }, { status: 200, body: intent() });
    const payment = await Effect.runPromise(gateway().confirm("pi_Cards", "cus_Saved/pm_Saved"));
    expect(payment).toMatchObject({ state: "succeeded", paymentMethodId: "cus_Saved/pm_Saved" });
    expect(seen.map((request) => request.path)).toEqual([
      "/v1/payment_intents/pi_Cards",
      "/v1/payment_intents/pi_Cards/confirm",
    ]);
    expect(seen[0]?.form.get("customer")).toBe("cus_Saved");
    expect(seen[1]?.form.get("payment_method")).toBe("pm_Saved");
    expect(seen[1]?.form.get("return_url")).toBe("https://portal.example.sg/checkout?return=3ds");
    expect(seen[1]?.form.has("setup_future_usage")).toBe(false);
    expect(seen[1]?.headers["idempotency-key"]).toBe("confirm:pi_Cards:pm_Saved");
  });

  it("makes no Customer for a card that is not kept", async () => {
    answers.push({ status: 200, body: intent({ customer: null, payment_method: "pm_Once" }) });
    const payment = await Effect.runPromise(gateway().confirm("pi_Cards", "pm_Once"));
    expect(payment.paymentMethodId).toBeUndefined();
    expect(seen.map((request) => request.path)).toEqual(["/v1/payment_intents/pi_Cards/confirm"]);
  });
});

describe("Stripe refunds", () => {
  it("refunds the whole intent with the given key and answers it refunded", async () => {
    answers.push(
      { status: 200, body: { id: "re_1", object: "refund", status: "succeeded" } },
      { status: 200, body: intent() },
    );
    const payment = await Effect.runPromise(gateway().refund("pi_Cards", "refund:pi_Cards"));
    expect(payment).toMatchObject({ paymentId: "pi_Cards", state: "refunded", nextAction: null });
    expect(seen[0]?.path).toBe("/v1/refunds");
    expect(seen[0]?.form.get("payment_intent")).toBe("pi_Cards");
    expect(seen[0]?.headers["idempotency-key"]).toBe("refund:pi_Cards");
  });

  it("takes a payment refunded already (from the dashboard) as refunded", async () => {
    answers.push(
      {
        status: 400,
        body: { error: { type: "invalid_request_error", code: "charge_already_refunded" } },
      },
      { status: 200, body: intent() },
    );
    const payment = await Effect.runPromise(gateway().refund("pi_Cards", "refund:pi_Cards"));
    expect(payment.state).toBe("refunded");
  });

  it("reports any other refusal as the gateway's error, so the refund stays due", async () => {
    answers.push({
      status: 400,
      body: { error: { type: "invalid_request_error", code: "amount_too_large" } },
    });
    const exit = await Effect.runPromiseExit(gateway().refund("pi_Cards", "refund:pi_Cards"));
    expect(exit._tag).toBe("Failure");
  });
});
