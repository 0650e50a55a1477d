import { Effect, Layer } from "effect";
import { describe, expect, it } from "vitest";
import {
  ClockFixed,
  PaymentGatewayTest,
  PAYNOW_QR_LIFETIME_MS,
  portError,
  testLayerFor,
  type GatewayPayment,
  type PaymentGatewayShape,
} from "@portal/domain";
import { DonationNotFound, type DonationView, type Payments } from "@portal/adapters/db";
import { confirmDonation, refreshDonation, startPayNow } from "./pay-donation";
import { Caller, type CallerPort } from "./caller";
import { DonationRecords, PaymentRoutes, SavedCards } from "./ports";
import type { Refused } from "./refused";

const waiting = {
  id: "d-1",
  transactionNo: "ZKT-1",
  flow: "ZAKAT",
  status: "requires_payment_method",
  totalCents: 2_500,
  feeCents: 0,
  frequency: "one time",
} as DonationView;

const paid = (payment: GatewayPayment) => ({ ...waiting, status: "succeeded", payment });

/** Donation records over one donation, remembering what the use case recorded. */
const records = (donation: DonationView, seen: Array<unknown>, over: Partial<Payments> = {}) =>
  testLayerFor(
    DonationRecords,
    "DonationRecords",
    ["get", "getToPay", "apply", "latestAttempt", "startAttempt", "failedAttempts"],
    {
      get: (_id, secret) =>
        secret === "secret" ? Promise.resolve(donation) : Promise.reject(new DonationNotFound()),
      getToPay: (_id, secret) =>
        secret === "secret"
          ? Promise.resolve({ donation, failedAttempts: 1 })
          : Promise.reject(new DonationNotFound()),
      failedAttempts: () => Promise.resolve(1),
      latestAttempt: () => Promise.resolve(undefined),
      startAttempt: (...args) => (seen.push(["startAttempt", ...args]), Promise.resolve()),
      apply: (_id, payment) => Promise.resolve(paid(payment) as unknown as DonationView),
      ...over,
    },
  );

const routes = testLayerFor(PaymentRoutes, "PaymentRoutes", ["gatewayName", "threeDsReturnUrl"], {
  gatewayName: () => "sandbox",
  threeDsReturnUrl: () => undefined,
});

const noCards = testLayerFor(SavedCards, "SavedCards", [], {});

const payment = (state: GatewayPayment["state"], nextAction: GatewayPayment["nextAction"] = null) =>
  ({ paymentId: "pay-1", state, nextAction }) as GatewayPayment;

const refusal = (effect: Effect.Effect<unknown, Refused>) => Effect.runPromise(Effect.flip(effect));

const ref = { donationId: "d-1", clientSecret: "secret" };

/** The request's signed-in donor, as the router's caller answers a use case. */
const signedIn = (signedInDonor: CallerPort["signedInDonor"]) =>
  testLayerFor(Caller, "Caller", ["signedInDonor"], { signedInDonor });

describe("confirmDonation", () => {
  it("makes one gateway payment per round, keyed by donation and round, and applies its outcome", async () => {
    const seen: Array<unknown> = [];
    const gateway: Partial<PaymentGatewayShape> = {
      cardBrand: () => Effect.succeed("Visa"),
      create: (input) => (seen.push(["create", input]), Effect.succeed(payment("initiated"))),
      confirm: (id, method) => (
        seen.push(["confirm", id, method]),
        Effect.succeed(payment("succeeded"))
      ),
    };
    const layer = Layer.mergeAll(
      records(waiting, seen),
      routes,
      noCards,
      PaymentGatewayTest(gateway),
      signedIn(() => Promise.reject(new Error("nobody asked who is signed in"))),
    );
    const result = await Effect.runPromise(
      Effect.provide(
        confirmDonation({ ...ref, paymentMethodId: "pm_card_visa", wallet: "apple_pay" }),
        layer,
      ),
    );
    expect(result).toMatchObject({ status: "succeeded" });
    expect(seen).toEqual([
      [
        "create",
        expect.objectContaining({ idempotencyKey: "d-1:1", amount: 2_500, description: "ZKT-1" }),
      ],
      ["startAttempt", "d-1", "sandbox", payment("initiated"), "apple_pay"],
      ["confirm", "pay-1", "pm_card_visa"],
    ]);
  });

  it("confirms an order's donation with its order's key, and a donation alone with none", async () => {
    const confirmed: Array<unknown> = [];
    const gateway: Partial<PaymentGatewayShape> = {
      cardBrand: () => Effect.succeed("Visa"),
      create: () => Effect.succeed(payment("initiated")),
      confirm: (_id, _method, options) => (
        confirmed.push(options),
        Effect.succeed(payment("succeeded"))
      ),
    };
    const run = (orderId?: string) =>
      Effect.runPromise(
        Effect.provide(
          confirmDonation({ ...ref, paymentMethodId: "pm_card_visa" }),
          Layer.mergeAll(
            records(waiting, [], {
              getToPay: async () => ({
                donation: waiting,
                failedAttempts: 0,
                ...(orderId === undefined ? {} : { orderId }),
              }),
            }),
            routes,
            noCards,
            PaymentGatewayTest(gateway),
            signedIn(async () => undefined),
          ),
        ),
      );
    const result = await run("0b6c3f4e-5d1a-4b7e-9a2f-3c8d1e6f7a90");
    await run();
    expect(confirmed).toEqual([
      { setupFutureUsage: false, order: { key: "0b6c3f4e-5d1a-4b7e-9a2f-3c8d1e6f7a90" } },
      { setupFutureUsage: false },
    ]);
    // The key stays on the server: nothing of it in the answer.
    expect(JSON.stringify(result)).not.toContain("0b6c3f4e");
  });

  it("charges a covered card fee with the gift (issue 33): the gateway's amount is both", async () => {
    const seen: Array<unknown> = [];
    const gateway: Partial<PaymentGatewayShape> = {
      create: (input) => (seen.push(["create", input]), Effect.succeed(payment("initiated"))),
      confirm: () => Effect.succeed(payment("succeeded")),
      cardBrand: () => Effect.succeed("Visa"),
    };
    const layer = Layer.mergeAll(
      records({ ...waiting, feeCents: 137 }, seen),
      routes,
      noCards,
      PaymentGatewayTest(gateway),
      signedIn(async () => undefined),
    );
    await Effect.runPromise(
      Effect.provide(confirmDonation({ ...ref, paymentMethodId: "pm_card_visa" }), layer),
    );
    expect(seen[0]).toEqual(["create", expect.objectContaining({ amount: 2_637 })]);
  });

  it("answers a wrong secret like a missing donation, and a silent gateway as 503", async () => {
    const layer = (gateway: Partial<PaymentGatewayShape>) =>
      Layer.mergeAll(
        records(waiting, []),
        routes,
        noCards,
        PaymentGatewayTest(gateway),
        signedIn(async () => undefined),
      );
    const confirm = (clientSecret: string) =>
      confirmDonation({ ...ref, clientSecret, paymentMethodId: "pm_x" });
    expect(await refusal(Effect.provide(confirm("wrong"), layer({})))).toMatchObject({
      code: "donation.unknown",
      message: "No such donation",
    });
    const down = {
      cardBrand: () => Effect.succeed("Visa"),
      create: () => Effect.fail(portError("PaymentGateway", "port.unavailable", "down")),
    };
    expect(await refusal(Effect.provide(confirm("secret"), layer(down)))).toMatchObject({
      code: "gateway.unavailable",
    });
  });

  it("refuses a card of another brand than Visa, Mastercard and American Express before any charge", async () => {
    for (const brand of ["JCB", "UnionPay", "DinersClub", "DefaultCard"]) {
      const seen: Array<unknown> = [];
      const layer = Layer.mergeAll(
        records(waiting, seen),
        routes,
        noCards,
        PaymentGatewayTest({ cardBrand: () => Effect.succeed(brand) }),
        signedIn(async () => undefined),
      );
      const pay = confirmDonation({ ...ref, paymentMethodId: "pm_jcb" });
      expect(await refusal(Effect.provide(pay, layer)), brand).toMatchObject({
        code: "checkout.card.accepted",
      });
      // Nothing created at the gateway, no attempt recorded.
      expect(seen).toEqual([]);
    }
  });

  it("lets only the donation's signed-in donor keep the card", async () => {
    const cards = testLayerFor(SavedCards, "SavedCards", ["markSaveCard"], {
      markSaveCard: (_donation, donor) => Promise.resolve(donor === "owner"),
    });
    const layer = Layer.mergeAll(
      records(waiting, []),
      routes,
      cards,
      PaymentGatewayTest({}),
      signedIn(async () => ({ id: "stranger" })),
    );
    const keep = confirmDonation({ ...ref, paymentMethodId: "pm_x", saveCard: true });
    expect(await refusal(Effect.provide(keep, layer))).toMatchObject({
      code: "savedCard.signInRequired",
    });
  });
});

describe("startPayNow", () => {
  it("keeps a QR on the portal's clock: the same while valid, a new round once it and its grace passed", async () => {
    const issued = Date.UTC(2026, 2, 1, 4, 0, 0);
    const pending = {
      gatewayRef: "qr-1",
      status: "pending",
      method: "paynow" as const,
      expiresAt: new Date(issued + PAYNOW_QR_LIFETIME_MS),
    };
    const qr = payment("pending", { kind: "qr", payload: "000201" });
    const run = (now: number, seen: Array<unknown>) =>
      Effect.runPromise(
        Effect.provide(
          startPayNow(ref),
          Layer.mergeAll(
            records(waiting, seen, {
              latestAttempt: () => Promise.resolve(pending),
              apply: (_id, given) => (seen.push(["apply", given.state]), Promise.resolve(waiting)),
            }),
            routes,
            ClockFixed(now),
            PaymentGatewayTest({
              create: (input) => (seen.push(["create", input.idempotencyKey]), Effect.succeed(qr)),
            }),
          ),
        ),
      );
    const within: Array<unknown> = [];
    await run(issued + PAYNOW_QR_LIFETIME_MS + 29_000, within);
    expect(within).toEqual([]);
    const after: Array<unknown> = [];
    await run(issued + PAYNOW_QR_LIFETIME_MS + 31_000, after);
    const renewedAt = issued + PAYNOW_QR_LIFETIME_MS + 31_000;
    expect(after).toEqual([
      ["apply", "failed"],
      ["create", "d-1:paynow:1"],
      [
        "startAttempt",
        "d-1",
        "sandbox",
        qr,
        "paynow",
        { payload: "000201", expiresAt: new Date(renewedAt + PAYNOW_QR_LIFETIME_MS) },
      ],
      ["apply", "pending"],
    ]);
  });

  it("refuses a recurring gift: PayNow pays once", async () => {
    const monthly = { ...waiting, frequency: "monthly" } as DonationView;
    const layer = Layer.mergeAll(
      records(monthly, []),
      routes,
      ClockFixed(0),
      PaymentGatewayTest({}),
    );
    expect(await refusal(Effect.provide(startPayNow(ref), layer))).toMatchObject({
      code: "paynow.recurring",
    });
  });
});

describe("refreshDonation", () => {
  it("asks the gateway only for a card waiting on 3-D Secure", async () => {
    const card = {
      gatewayRef: "pay-1",
      status: "requires_action",
      method: "card" as const,
      expiresAt: null,
    };
    const challenged = { ...waiting, status: "requires_action" } as DonationView;
    const layer = Layer.mergeAll(
      records(challenged, [], { latestAttempt: () => Promise.resolve(card) }),
      PaymentGatewayTest({ retrieve: () => Effect.succeed(payment("succeeded")) }),
    );
    expect(await Effect.runPromise(Effect.provide(refreshDonation(ref), layer))).toMatchObject({
      status: "succeeded",
    });
    // PayNow is settled by the gateway's report: an unsupplied gateway would die if asked.
    const qr = { ...card, method: "paynow" as const };
    const ours = Layer.mergeAll(
      records(challenged, [], { latestAttempt: () => Promise.resolve(qr) }),
      PaymentGatewayTest({}),
    );
    expect(await Effect.runPromise(Effect.provide(refreshDonation(ref), ours))).toBe(challenged);
  });
});
