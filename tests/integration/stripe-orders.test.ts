import { randomBytes, randomUUID } from "node:crypto";
import { Context, Effect, Exit } from "effect";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PaymentGateway } from "@portal/domain";
import { guestSessions, payments, recurring, type Sql } from "@portal/adapters/db";
import { createStripeGateway } from "@portal/adapters/payments";
import { stripeRecorder } from "@portal/adapters/testing";
import { confirmDonation } from "../../src/server/app/pay-donation";
import { Caller } from "../../src/server/app/caller";
import { DonationRecords, PaymentRoutes, SavedCards } from "../../src/server/app/ports";
import { testDatabases } from "../support/databases";
import { donationInput } from "../support/records";

/**
 * A household's order (zakat and fidyah, one card: docs/households.md "One payment across funds") paid
 * on Stripe, in-process on both engines: the order's donations as createOrder keeps them, the confirm
 * use case (src/server/app/pay-donation.ts) and the real `stripe` SDK pointed at a local server that
 * records its requests. The portal's HTTP server cannot be pointed at a Stripe stand-in (it has no
 * setting for Stripe's API host), so the use case is run here with the records and gateway the
 * server would give it. Verified: the requests (one Customer for the order's payments under the same
 * key, the card attached, the same `pm_` on both), no saved card unless asked, and that no other
 * donation meets the order's Customer. Not verified: Stripe's own behaviour.
 */
describe.each(testDatabases())("an order's payments on Stripe on $name", (database) => {
  const stripeApi = stripeRecorder();
  const { seen, answers } = stripeApi;
  let sql: Sql;
  let records: ReturnType<typeof payments>;
  let context: Context.Context<
    DonationRecords | SavedCards | PaymentRoutes | PaymentGateway | Caller
  >;

  beforeAll(async () => {
    await stripeApi.start();
    sql = await database.open();
    const plans = recurring(sql, { now: () => Date.now() });
    records = payments(sql, randomBytes(32), { onSucceeded: plans.onSucceeded });
    const gateway = createStripeGateway({
      secretKey: "sk_test_portal",
      returnUrl: "https://portal.example.sg/checkout?return=3ds",
      host: "127.0.0.1",
      port: stripeApi.port(),
      protocol: "http",
      maxNetworkRetries: 0,
    });
    context = Context.make(DonationRecords, records).pipe(
      Context.add(SavedCards, plans),
      Context.add(PaymentRoutes, {
        gatewayName: () => "stripe",
        threeDsReturnUrl: () => undefined,
      }),
      Context.add(PaymentGateway, gateway),
      Context.add(Caller, { signedInDonor: async () => undefined } as never),
    );
  });
  afterAll(async () => {
    await stripeApi.stop();
    await sql?.close();
    await database.cleanup();
  });
  beforeEach(stripeApi.reset);

  const card = { id: "pm_Once", object: "payment_method", card: { brand: "visa" } };
  const intent = (id: string, fields: Record<string, unknown> = {}) => ({
    id,
    object: "payment_intent",
    amount: 2_500,
    currency: "sgd",
    status: "requires_payment_method",
    last_payment_error: null,
    latest_charge: null,
    next_action: null,
    customer: null,
    payment_method: null,
    livemode: false,
    ...fields,
  });
  const paid = (id: string, customer: string | null) =>
    intent(id, {
      status: "succeeded",
      customer,
      payment_method: "pm_Once",
      latest_charge: {
        id: `ch_${id}`,
        object: "charge",
        amount_refunded: 0,
        payment_method_details: {
          type: "card",
          card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 },
        },
      },
    });
  const answer = (...bodies: Array<unknown>) => {
    for (const body of bodies) answers.push({ status: 200, body });
  };
  const confirm = (donationId: string, clientSecret: string) =>
    Effect.runPromiseExit(
      Effect.provide(
        confirmDonation({ donationId, clientSecret, paymentMethodId: "pm_Once" }),
        context,
      ),
    );
  const requests = () => seen.map((request) => `${request.method} ${request.path}`);

  /** An order's two donations, kept as createOrder keeps them (`<key>:<fund>`, one transaction). */
  const makeOrder = async (
    key: string,
    funds: ReadonlyArray<"ZAKAT" | "FIDYAH"> = ["ZAKAT", "FIDYAH"],
  ) => {
    const { session } = await guestSessions(sql).start();
    const request = { order: key, owner: { guestSessionId: session.id } };
    return records.createOrder(
      funds.map((fund) =>
        fund === "ZAKAT"
          ? donationInput("ZAKAT", "fitrah", 2_500, {
              idempotencyKey: `${key}:ZAKAT`,
              request,
              guestSessionId: session.id,
            })
          : donationInput("FIDYAH", "fidyah", 1_200, {
              idempotencyKey: `${key}:FIDYAH`,
              request,
              guestSessionId: session.id,
            }),
      ),
    );
  };

  it("confirms an order's zakat and fidyah with the one card on the order's one Customer", async () => {
    const key = randomUUID();
    const [zakat, fidyah] = await makeOrder(key);
    const rows = await sql.query<{ order_id: string }>(
      "select order_id from donation where id = any($1::uuid[]) order by flow",
      [[zakat!.donation.id, fidyah!.donation.id]],
    );
    const orderId = rows[0]?.order_id;
    // One id for the order's two donations.
    expect(rows[1]?.order_id).toBe(orderId);
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    for (const [part, pi] of [
      [zakat!, "pi_Zakat"],
      [fidyah!, "pi_Fidyah"],
    ] as const) {
      answer(card, intent(pi), { id: "cus_Order", object: "customer" }, intent(pi));
      answer(paid(pi, "cus_Order"));
      const exit = await confirm(part.donation.id, part.clientSecret);
      expect(Exit.isSuccess(exit) && exit.value.status).toBe("succeeded");
    }
    const customers = seen.filter((request) => request.path === "/v1/customers");
    expect(customers).toHaveLength(2);
    // The same key (the order's own id, not the browser's Idempotency-Key) and the same params.
    expect(customers.map((request) => request.headers["idempotency-key"])).toEqual([
      `customer:order:${orderId}`,
      `customer:order:${orderId}`,
    ]);
    expect(customers[1]?.form.toString()).toBe(customers[0]?.form.toString());
    expect(
      JSON.stringify(seen.map((request) => [request.headers, request.path, `${request.form}`])),
    ).not.toContain(key);
    for (const pi of ["pi_Zakat", "pi_Fidyah"]) {
      const update = seen.find((request) => request.path === `/v1/payment_intents/${pi}`);
      expect(update?.form.get("customer")).toBe("cus_Order");
      const confirmed = seen.find(
        (request) => request.path === `/v1/payment_intents/${pi}/confirm`,
      );
      expect(confirmed?.form.get("payment_method")).toBe("pm_Once");
      expect(confirmed?.form.get("setup_future_usage")).toBe("on_session");
    }
    // Not asked to keep the card: nothing in anyone's saved cards, though the intent names a Customer.
    expect(
      await sql.query("select id from saved_card where gateway_token like 'cus_Order/%'"),
    ).toEqual([]);
  });

  it("lets no other donation meet an order's Customer: not one keyed after the order, not a stranger", async () => {
    const key = randomUUID();
    // A zakat-only order; the attack: a fidyah donation made alone under the key its fidyah part
    // would have had (`<order's Idempotency-Key>:FIDYAH`), to be taken for one of the order's.
    const [zakat] = await makeOrder(key, ["ZAKAT"]);
    const { session } = await guestSessions(sql).start();
    const alone = await records.create(
      donationInput("FIDYAH", "fidyah", 400, {
        idempotencyKey: `${key}:FIDYAH`,
        guestSessionId: session.id,
      }),
    );
    answer(card, intent("pi_Alone"), paid("pi_Alone", null));
    const exit = await confirm(alone.donation.id, alone.clientSecret);
    expect(Exit.isSuccess(exit) && exit.value.status).toBe("succeeded");
    expect(requests()).toEqual([
      "GET /v1/payment_methods/pm_Once",
      "POST /v1/payment_intents",
      "POST /v1/payment_intents/pi_Alone/confirm",
    ]);
    expect(seen[2]?.form.has("customer")).toBe(false);
    expect(seen[2]?.form.has("setup_future_usage")).toBe(false);

    // Someone else's order's donation without its secret is no donation at all: Stripe is not asked.
    stripeApi.reset();
    const stranger = await confirm(zakat!.donation.id, `${zakat!.donation.id}_secret_guess`);
    expect(Exit.isFailure(stranger) && JSON.stringify(stranger.cause)).toContain(
      "donation.unknown",
    );
    expect(seen).toEqual([]);
  });
});
