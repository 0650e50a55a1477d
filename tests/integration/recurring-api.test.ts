import { chargeDate, sgtDate, TERMS_VERSION } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import {
  guestCookie,
  startPortal,
  type Reply,
  type RunningPortal,
  bearer,
  callerOf,
} from "../support/portal";
import { nricOf as nric } from "../support/donations";

// Ports 4680-4689 are this file's.
let nextPort = 4680;

interface Donation {
  id: string;
  clientSecret: string;
  transactionNo: string;
  status: string;
  card: { brand: string; last4: string } | null;
  receipt: { receiptNo: string; token: string } | null;
}

/**
 * Recurring plans, saved cards and owner checks through the real server: what the checkout page and
 * the account area send.
 */
describe.each(testDatabases())("recurring giving and saved cards on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let tokenA: string;
  let tokenB: string;
  let guest: string;

  const call = callerOf(() => portal);
  const payment = (path: string) => `/svc/payment/api/Donation/${path}`;

  const card = async (number = "4242 4242 4242 4242") =>
    (
      await call("/sandbox/v1/payment_methods", {
        number,
        expMonth: 11,
        expYear: 2098,
        cvc: "123",
      })
    ).body["id"] as string;

  const create = async (
    headers: Record<string, string>,
    frequency = "monthly",
    amount = 5_000,
    flow = "ILMU",
  ): Promise<Reply & { donation: Donation }> => {
    const created = await call(
      "/svc/payment/v1/donations/create",
      {
        flow,
        items: flow === "ILMU" ? { ilmu: amount } : { wms: amount },
        totalCents: amount,
        ratesVersion: 1,
        frequency,
        donor: { name: "Aminah", email: "a@example.com", anonymous: false },
      },
      { ...headers, "idempotency-key": crypto.randomUUID() },
    );
    return { ...created, donation: created.body["data"] as Donation };
  };

  const confirm = async (
    headers: Record<string, string>,
    donation: Donation,
    paymentMethodId: string,
    extra: Record<string, unknown> = {},
  ) =>
    call(
      "/svc/payment/v1/donations/confirm",
      {
        donationId: donation.id,
        clientSecret: donation.clientSecret,
        paymentMethodId,
        ...extra,
      },
      headers,
    );

  /** A paid donation of these headers' owner; its confirmed view. */
  const donate = async (
    headers: Record<string, string>,
    frequency = "monthly",
    extra: Record<string, unknown> = {},
    amount = 5_000,
  ) => {
    const { donation } = await create(headers, frequency, amount);
    const confirmed = await confirm(headers, donation, await card(), extra);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const paid = confirmed.body["data"] as Donation;
    expect(paid.status).toBe("succeeded");
    return paid;
  };

  const savedCards = async (token: string) =>
    (
      (
        await call(
          "/svc/main/User/getUserStripeToken?Guid=x&charityId=135",
          undefined,
          bearer(token),
          "GET",
        )
      ).body["data"] as { userStripeTokens: { result: Array<Record<string, unknown>> } }
    ).userStripeTokens.result;

  beforeAll(async () => {
    identity = await startTestIdentity();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
    });
    tokenA = await identity.sign({ email: "aminah@example.com", name: "Aminah" });
    tokenB = await identity.sign({ email: "badrul@example.com", name: "Badrul" });
    for (const [token, id, mobile] of [
      [tokenA, nric("2345678"), "91230001"],
      [tokenB, nric("8765432"), "91230002"],
    ] as const) {
      const registered = await call(
        "/svc/donor/api/User/registerCognitoUser",
        {
          uniqueUserId: Buffer.from(id).toString("base64"),
          phoneCountryCode: "+65",
          phoneNumber: mobile,
          termsVersion: TERMS_VERSION,
        },
        bearer(token),
      );
      expect(registered.body, JSON.stringify(registered.body)).toMatchObject({ status: 0 });
    }
    guest = await guestCookie(portal.base);
  });

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("starts a monthly plan from a paid donation, with its next date in Singapore terms", async () => {
    const paid = await donate(bearer(tokenA), "monthly");
    const status = await call(
      payment("getDonorTxnRecurrentStatus"),
      { transactionNo: paid.transactionNo },
      bearer(tokenA),
    );
    const today = sgtDate(Date.now());
    expect(status.body["data"]).toEqual({
      transactionNo: paid.transactionNo,
      isRecurring: true,
      recurringStatus: "active",
      frequency: "monthly",
      nextDonationDate: chargeDate(today, "monthly", 1),
    });
    const once = await donate(bearer(tokenA), "one time");
    const single = await call(
      payment("getDonorTxnRecurrentStatus"),
      { transactionNo: once.transactionNo },
      bearer(tokenA),
    );
    expect(single.body["data"]).toMatchObject({ isRecurring: false, recurringStatus: null });
  });

  it("refuses a frequency it does not know", async () => {
    const created = await create(bearer(tokenA), "fortnightly");
    expect(created.status).toBe(400);
  });

  it("keeps a card only when a signed-in donor asks, as a token with brand, last four and expiry", async () => {
    expect(await savedCards(tokenB)).toEqual([]);
    await donate(bearer(tokenB), "one time");
    expect(await savedCards(tokenB)).toEqual([]);
    await donate(bearer(tokenB), "one time", { saveCard: true });
    const cards = await savedCards(tokenB);
    expect(cards).toEqual([
      { id: expect.any(String), brand: "Visa", last4: "4242", expMonth: 11, expYear: 2098 },
    ]);
    // A guest cannot keep a card; the donation is not charged and can still be paid.
    const { donation } = await create({ cookie: guest }, "one time");
    const refused = await confirm({ cookie: guest }, donation, await card(), { saveCard: true });
    expect(refused).toMatchObject({ status: 422, body: { code: "savedCard.signInRequired" } });
    const paid = await confirm({ cookie: guest }, donation, await card());
    expect((paid.body["data"] as Donation).status).toBe("succeeded");
  });

  it("pays with a saved card by its id, for its owner only", async () => {
    const [saved] = await savedCards(tokenB);
    const { donation } = await create(bearer(tokenB), "one time");
    const paid = await confirm(bearer(tokenB), donation, saved!["id"] as string);
    expect(paid.body["data"]).toMatchObject({
      status: "succeeded",
      card: { brand: "Visa", last4: "4242" },
    });
    const other = await create(bearer(tokenA), "one time");
    const stolen = await confirm(bearer(tokenA), other.donation, saved!["id"] as string);
    expect(stolen).toMatchObject({ status: 400, body: { message: "Unknown payment method" } });
    const anonymous = await confirm({}, other.donation, saved!["id"] as string);
    expect(anonymous.status).toBe(400);
  });

  it("holds wakaf gifts and plan changes to the $20,000 maximum (gifts above need prior approval)", async () => {
    for (const flow of ["ILMU", "WMS"]) {
      expect((await create(bearer(tokenB), "one time", 2_000_000, flow)).status).toBe(200);
      expect(await create(bearer(tokenB), "one time", 2_000_001, flow)).toMatchObject({
        status: 422,
        body: { code: "donation.amount" },
      });
    }
    const paid = await donate(bearer(tokenB), "monthly");
    const update = (amountCents: number) =>
      call(
        payment("updateRecurringPlan"),
        { transactionNo: paid.transactionNo, amountCents },
        bearer(tokenB),
      );
    expect((await update(2_000_000)).status).toBe(200);
    expect(await update(2_000_001)).toMatchObject({
      status: 422,
      body: { code: "donation.amount" },
    });
  });

  it("updates a plan's amount within the fund's limits and its card, for the owner only", async () => {
    const paid = await donate(bearer(tokenB), "weekly", { saveCard: true });
    const [newest] = await savedCards(tokenB);
    const update = (body: Record<string, unknown>, token = tokenB) =>
      call(
        payment("updateRecurringPlan"),
        { transactionNo: paid.transactionNo, ...body },
        bearer(token),
      );
    const changed = await update({ amountCents: 7_500 });
    expect(changed.body["data"]).toMatchObject({
      transactionNo: paid.transactionNo,
      recurringStatus: "active",
      frequency: "weekly",
      amountCents: 7_500,
    });
    expect(await update({ amountCents: 499 })).toMatchObject({
      status: 422,
      body: { code: "donation.amount" },
    });
    expect(await update({ amountCents: 15_000_001 })).toMatchObject({
      status: 422,
      body: { code: "donation.amount" },
    });
    expect((await update({})).status).toBe(400);
    const recarded = await update({ savedCardId: newest!["id"] });
    expect(recarded.body["data"]).toMatchObject({ card: { last4: "4242" }, amountCents: 7_500 });
    // Another donor's plan, and another donor's card, answer like missing ones.
    const stranger = await update({ amountCents: 6_000 }, tokenA);
    expect(stranger).toMatchObject({ status: 404, body: { code: "transaction.notFound" } });
    const [cardOfA] = await savedCards(tokenA);
    expect(cardOfA).toBeUndefined();
    const strangersCard = await update({ savedCardId: crypto.randomUUID() });
    expect(strangersCard).toMatchObject({ status: 404, body: { code: "savedCard.notFound" } });
  });

  it("cancels a plan for its owner, never for another donor; afterwards it cannot be changed", async () => {
    const paid = await donate(bearer(tokenA), "quarterly");
    const ask = (path: string, token: string) =>
      call(payment(path), { transactionNo: paid.transactionNo }, bearer(token));
    expect(await ask("cancelRecurringPayment", tokenB)).toMatchObject({ status: 404 });
    expect(await ask("getDonorTxnRecurrentStatus", tokenB)).toMatchObject({ status: 404 });
    expect((await ask("getDonorTxnRecurrentStatus", tokenA)).body["data"]).toMatchObject({
      recurringStatus: "active",
    });
    expect(await ask("cancelRecurringPayment", tokenA)).toMatchObject({
      status: 200,
      body: { data: { recurringStatus: "cancelled" } },
    });
    expect((await ask("cancelRecurringPayment", tokenA)).status).toBe(200);
    expect((await ask("getDonorTxnRecurrentStatus", tokenA)).body["data"]).toMatchObject({
      recurringStatus: "cancelled",
      nextDonationDate: null,
    });
    const change = await call(
      payment("updateRecurringPlan"),
      { transactionNo: paid.transactionNo, amountCents: 6_000 },
      bearer(tokenA),
    );
    expect(change).toMatchObject({ status: 409, body: { code: "recurring.cancelled" } });
  });

  it("gives the receipt token no control of a plan: neither its status nor a cancel", async () => {
    const paid = await donate({ cookie: guest }, "monthly");
    const token = paid.receipt!.token;
    const withToken = (path: string, t: string) =>
      call(payment(path), { transactionNo: paid.transactionNo, token: t });
    // The guest's way is the "manage this gift" link e-mailed to them (manage-link.test.ts).
    for (const path of ["getDonorTxnRecurrentStatus", "cancelRecurringPayment"]) {
      expect(await withToken(path, token)).toMatchObject({
        status: 404,
        body: { code: "transaction.notFound" },
      });
    }
    expect(
      await call(payment("cancelRecurringPayment"), { transactionNo: paid.transactionNo }),
    ).toMatchObject({ status: 401 });
    const once = await donate({ cookie: guest }, "one time");
    expect(
      await call(payment("cancelRecurringPayment"), {
        transactionNo: once.transactionNo,
        token: once.receipt!.token,
      }),
    ).toMatchObject({ status: 404 });
  });

  it("removes a saved card for its owner only", async () => {
    const [saved] = await savedCards(tokenB);
    const remove = (token: string) =>
      call("/svc/main/User/removeUserStripeToken", { id: saved!["id"] }, bearer(token));
    expect(await remove(tokenA)).toMatchObject({
      status: 404,
      body: { code: "savedCard.notFound" },
    });
    expect((await remove(tokenB)).status).toBe(200);
    expect((await savedCards(tokenB)).map((c) => c["id"])).not.toContain(saved!["id"]);
    expect((await remove(tokenB)).status).toBe(404);
  });
});
