/**
 * Stripe cannot run here and has no offline mock, so these tests point the real SDK at a local
 * node:http server that records what the SDK sends and answers with Stripe-shaped JSON: hand-written
 * after Stripe's API reference and trimmed to the fields the adapter reads. They check the requests
 * (path, form body, idempotency keys) and the mapping of the answers; not Stripe's own behaviour.
 */
import { Effect, Exit } from "effect";
import type Stripe from "stripe";
import { cents, PaymentGateway, type GatewayPayment } from "@portal/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createStripeGateway,
  paymentFromIntent,
  paymentStateOf,
  StripeGatewayLive,
} from "./stripe";
import { stripeRecorder } from "../testing";

const recorder = stripeRecorder();
const { seen, answers } = recorder;
beforeAll(recorder.start);
afterAll(recorder.stop);
beforeEach(recorder.reset);

const gateway = (maxNetworkRetries = 0) =>
  createStripeGateway({
    secretKey: "sk_test_portal",
    returnUrl: "https://portal.example.sg/checkout/return",
    host: "127.0.0.1",
    port: recorder.port(),
    protocol: "http",
    maxNetworkRetries,
  });

const intent = (fields: Partial<Stripe.PaymentIntent>) => ({
  id: "pi_3PortalTest",
  object: "payment_intent",
  amount: 27300,
  currency: "sgd",
  status: "requires_payment_method",
  last_payment_error: null,
  latest_charge: null,
  next_action: null,
  livemode: false,
  ...fields,
});

const charge = {
  id: "ch_3PortalTest",
  object: "charge",
  payment_method_details: {
    type: "card",
    card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 },
  },
};

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromiseExit(effect);
const ok = async (effect: Effect.Effect<GatewayPayment, unknown>) => {
  const exit = await run(effect);
  if (Exit.isFailure(exit)) throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`);
  return exit.value;
};
const failureCode = async (effect: Effect.Effect<unknown, { code: string }>) => {
  const exit = await run(effect);
  return Exit.isFailure(exit)
    ? JSON.stringify(exit.cause).match(/"code":"(port\.[a-zA-Z]+)"/)?.[1]
    : "ok";
};

const asIntent = (fields: Partial<Stripe.PaymentIntent>) =>
  intent(fields) as unknown as Stripe.PaymentIntent;

describe("PaymentIntent status to payment state", () => {
  it("maps every status Stripe documents", () => {
    const error = {
      code: "card_declined",
      type: "card_error",
    } as Stripe.PaymentIntent.LastPaymentError;
    const cases: Array<[Partial<Stripe.PaymentIntent>, string]> = [
      [{ status: "requires_payment_method" }, "initiated"],
      [{ status: "requires_payment_method", last_payment_error: error }, "failed"],
      [{ status: "requires_confirmation" }, "initiated"],
      [{ status: "requires_action" }, "pending"],
      [{ status: "processing" }, "pending"],
      [{ status: "requires_capture" }, "pending"],
      [{ status: "succeeded" }, "succeeded"],
      [{ status: "canceled" }, "voided"],
      [{ status: "some_future_status" }, "pending"],
    ];
    for (const [fields, state] of cases) expect(paymentStateOf(asIntent(fields))).toBe(state);
  });

  it("keeps only brand, last four and expiry of the card, and no failure code unless failed", () => {
    const payment = paymentFromIntent(
      asIntent({ status: "succeeded", latest_charge: charge as unknown as Stripe.Charge }),
    );
    expect(payment).toEqual({
      paymentId: "pi_3PortalTest",
      state: "succeeded",
      nextAction: null,
      card: { brand: "Visa", last4: "4242", expMonth: 12, expYear: 2030 },
    });
    const unknownBrand = {
      ...charge,
      payment_method_details: { card: { brand: "eftpos_au", last4: "0001" } },
    };
    expect(
      paymentFromIntent(
        asIntent({ status: "succeeded", latest_charge: unknownBrand as unknown as Stripe.Charge }),
      ).card,
    ).toEqual({ brand: "DefaultCard", last4: "0001" });
    expect(
      paymentFromIntent(asIntent({ status: "succeeded", latest_charge: "ch_unexpanded" })).card,
    ).toBeUndefined();
  });
});

describe("Stripe gateway against recorded answers", () => {
  it("creates a card PaymentIntent: amount in cents, SGD, card only, idempotency key passed through", async () => {
    answers.push({ status: 200, body: intent({}) });
    const payment = await ok(
      gateway().create({
        amount: cents(27300),
        currency: "SGD",
        idempotencyKey: "0b9e8c1e-2f7a-4d0c-9d8e-1a2b3c4d5e6f:0",
        description: "ZK1731234567890123",
        method: "card",
      }),
    );
    expect(payment).toEqual({ paymentId: "pi_3PortalTest", state: "initiated", nextAction: null });
    const [request] = seen;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v1/payment_intents");
    expect(request?.headers["idempotency-key"]).toBe("0b9e8c1e-2f7a-4d0c-9d8e-1a2b3c4d5e6f:0");
    expect(request?.headers.authorization).toBe("Bearer sk_test_portal");
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      amount: "27300",
      currency: "sgd",
      description: "ZK1731234567890123",
      "allowed_payment_method_types[0]": "card",
      "metadata[portal_key]": "0b9e8c1e-2f7a-4d0c-9d8e-1a2b3c4d5e6f:0",
    });
  });

  it("creates and confirms a PayNow PaymentIntent at once and hands back the QR text", async () => {
    answers.push({
      status: 200,
      body: intent({
        status: "requires_action",
        next_action: {
          type: "paynow_display_qr_code",
          paynow_display_qr_code: {
            data: "00020101021226490009SG.PAYNOW...6304ABCD",
            hosted_instructions_url: null,
            image_url_png: "https://qr.stripe.com/test.png",
            image_url_svg: "https://qr.stripe.com/test.svg",
          },
        },
      }),
    });
    const payment = await ok(
      gateway().create({
        amount: cents(500),
        currency: "SGD",
        idempotencyKey: "k-paynow",
        description: "WK1",
        method: "paynow",
      }),
    );
    expect(payment.state).toBe("pending");
    expect(payment.nextAction).toEqual({
      kind: "qr",
      payload: "00020101021226490009SG.PAYNOW...6304ABCD",
    });
    const form = seen[0]?.form;
    expect(form?.get("confirm")).toBe("true");
    expect(form?.get("payment_method_data[type]")).toBe("paynow");
    expect(form?.get("allowed_payment_method_types[0]")).toBe("paynow");
    expect(form?.get("amount")).toBe("500");
  });

  it("confirms with the browser's payment method, the return URL and the charge expanded", async () => {
    answers.push({
      status: 200,
      body: intent({ status: "succeeded", latest_charge: charge as never }),
    });
    const payment = await ok(gateway().confirm("pi_3PortalTest", "pm_card_visa"));
    expect(payment).toMatchObject({ state: "succeeded", card: { brand: "Visa", last4: "4242" } });
    const [request] = seen;
    expect(request?.path).toBe("/v1/payment_intents/pi_3PortalTest/confirm");
    expect(request?.headers["idempotency-key"]).toBe("confirm:pi_3PortalTest:pm_card_visa");
    expect(request?.form.get("payment_method")).toBe("pm_card_visa");
    expect(request?.form.get("return_url")).toBe("https://portal.example.sg/checkout/return");
    expect(request?.form.get("expand[0]")).toBe("latest_charge");
  });

  it("answers a 3-D Secure challenge as pending with the bank's page", async () => {
    answers.push({
      status: 200,
      body: intent({
        status: "requires_action",
        next_action: {
          type: "redirect_to_url",
          redirect_to_url: {
            url: "https://hooks.stripe.com/3d_secure_2/hosted?x=1",
            return_url: "r",
          },
        },
      }),
    });
    const payment = await ok(gateway().confirm("pi_3PortalTest", "pm_card_threeDSecure2Required"));
    expect(payment).toEqual({
      paymentId: "pi_3PortalTest",
      state: "pending",
      nextAction: { kind: "redirect", payload: "https://hooks.stripe.com/3d_secure_2/hosted?x=1" },
    });
  });

  it("turns a decline (402 card_error) into a failed payment with the decline code, not a gateway failure", async () => {
    const lastError = {
      type: "card_error",
      code: "card_declined",
      decline_code: "insufficient_funds",
    };
    answers.push({
      status: 402,
      body: {
        error: {
          ...lastError,
          message: "Your card has insufficient funds.",
          payment_intent: intent({
            status: "requires_payment_method",
            last_payment_error: lastError as never,
          }),
        },
      },
    });
    const payment = await ok(
      gateway().confirm("pi_3PortalTest", "pm_card_visa_chargeDeclinedInsufficientFunds"),
    );
    expect(payment).toEqual({
      paymentId: "pi_3PortalTest",
      state: "failed",
      nextAction: null,
      failureCode: "insufficient_funds",
    });
  });

  it("answers a confirm that lost a race with the PaymentIntent as it stands", async () => {
    answers.push({
      status: 400,
      body: {
        error: {
          type: "invalid_request_error",
          code: "payment_intent_unexpected_state",
          message: "This PaymentIntent's status is succeeded.",
          payment_intent: intent({ status: "succeeded" }),
        },
      },
    });
    expect((await ok(gateway().confirm("pi_3PortalTest", "pm_other"))).state).toBe("succeeded");
  });

  it("reads a PaymentIntent with its charge expanded", async () => {
    answers.push({ status: 200, body: intent({ status: "processing" }) });
    expect((await ok(gateway().retrieve("pi_3PortalTest"))).state).toBe("pending");
    expect(seen[0]?.method).toBe("GET");
    expect(seen[0]?.path).toBe("/v1/payment_intents/pi_3PortalTest");
    expect(seen[0]?.form.get("expand[0]")).toBe("latest_charge");
  });

  it("reports gateway failures as port errors with stable codes", async () => {
    answers.push({
      status: 404,
      body: {
        error: {
          type: "invalid_request_error",
          code: "resource_missing",
          message: "No such payment_intent",
        },
      },
    });
    expect(await failureCode(gateway().retrieve("pi_missing"))).toBe("port.notFound");
    answers.push({
      status: 401,
      body: { error: { type: "invalid_request_error", message: "Invalid API Key" } },
    });
    expect(await failureCode(gateway().retrieve("pi_3PortalTest"))).toBe("port.rejected");
    answers.push({
      status: 500,
      body: { error: { type: "api_error", message: "Something went wrong" } },
    });
    expect(await failureCode(gateway().retrieve("pi_3PortalTest"))).toBe("port.unavailable");
  });

  it("retries a failed create with the same idempotency key, so Stripe makes one PaymentIntent", async () => {
    answers.push({ status: 500, body: { error: { type: "api_error", message: "try again" } } });
    answers.push({ status: 200, body: intent({}) });
    const payment = await ok(
      gateway(1).create({
        amount: cents(100),
        currency: "SGD",
        idempotencyKey: "same-key",
        description: "ZK2",
        method: "card",
      }),
    );
    expect(payment.state).toBe("initiated");
    expect(seen.map((s) => s.headers["idempotency-key"])).toEqual(["same-key", "same-key"]);
  });

  it("serves the domain's PaymentGateway port as a layer", async () => {
    answers.push({ status: 200, body: intent({ status: "succeeded" }) });
    const program = Effect.gen(function* () {
      const gateway = yield* PaymentGateway;
      return yield* gateway.retrieve("pi_3PortalTest");
    });
    const layer = StripeGatewayLive({
      secretKey: "sk_test_portal",
      returnUrl: "https://portal.example.sg/checkout/return",
      host: "127.0.0.1",
      port: recorder.port(),
      protocol: "http",
      maxNetworkRetries: 0,
    });
    expect((await ok(Effect.provide(program, layer))).state).toBe("succeeded");
  });
});
