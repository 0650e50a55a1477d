import { sgtParts } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import { registerSignIn, nricOf as nric } from "../support/donations";
import { identityOf, type TestIdentity, type Tokens } from "../support/identity";
import { callPortal, startPortal, type RunningPortal, bearer, callerOf } from "../support/portal";
import { payByCard } from "../support/guest-portal";

// Ports 4920-4939 are this file's.
let nextPort = 4920;

const post = callPortal;
const payment = (name: string) => `/svc/payment/api/Donation/${name}`;
const donor = (name: string) => `/svc/donor/api/User/${name}`;

interface Record_ {
  transactionNo: string;
  donationType: string;
  donationAmount: number;
  isIRASInclusion: boolean;
}

/** The account area's calls through the real server: what /profile and /register/tax-deduction send. */
describe.each(testDatabases())("the donor's account area on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let tokenA: string;
  let tokenB: string;
  const call = callerOf(() => portal);

  const pay = async (
    token: string,
    flow: string,
    items: unknown,
    totalCents: number,
    frequency = "one time",
  ) => {
    const created = await call(
      "/svc/payment/v1/donations/create",
      { flow, items, totalCents, ratesVersion: 1, frequency },
      { ...bearer(token), "idempotency-key": crypto.randomUUID() },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const donation = created.body["data"] as {
      id: string;
      clientSecret: string;
      transactionNo: string;
    };
    const confirmed = await payByCard(call, donation, {
      card: { expMonth: 10, expYear: 2097 },
      headers: bearer(token),
    });
    expect((confirmed.body["data"] as { status: string }).status).toBe("succeeded");
    return donation.transactionNo;
  };

  const list = async (token: string, filters: Record<string, unknown> = {}) => {
    const answer = await call(
      payment("getDonorTransactionsThirdparty"),
      { pageNo: 1, pageSize: 100, ...filters },
      bearer(token),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as {
      resultDonationListResponse: Record_[];
      totalRecords: number;
      years: number[];
    };
  };

  let zakatA: string;
  let ilmuA: string;
  let fidyahA: string;
  let wmsB: string;

  beforeAll(async () => {
    identity = await startTestIdentity();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
    });
    tokenA = await identity.sign({ email: "halimah@example.com", name: "Halimah" });
    tokenB = await identity.sign({ email: "ismail@example.com", name: "Ismail" });
    await registerSignIn(portal.base, tokenA, nric("3141592"), "91410001");
    await registerSignIn(portal.base, tokenB, nric("2718281"), "91410002");
    zakatA = await pay(tokenA, "ZAKAT", { harta: 12_345 }, 12_345);
    ilmuA = await pay(tokenA, "ILMU", { ilmu: 5_000 }, 5_000, "monthly");
    fidyahA = await pay(tokenA, "FIDYAH", { fidyah: { days: 1 } }, 400);
    wmsB = await pay(tokenB, "WMS", { wms: 2_000 }, 2_000);
  }, 120_000);

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("lists exactly the caller's own donations, by tax year and by fund", async () => {
    const year = sgtParts(Date.now()).year;
    const a = await list(tokenA);
    expect(a.totalRecords).toBe(3);
    expect(a.resultDonationListResponse.map((r) => r.transactionNo).sort()).toEqual(
      [zakatA, ilmuA, fidyahA].sort(),
    );
    expect(a.years).toEqual([year]);
    expect(
      (await list(tokenA, { fund: "ILMU" })).resultDonationListResponse.map((r) => r.transactionNo),
    ).toEqual([ilmuA]);
    expect((await list(tokenA, { year })).totalRecords).toBe(3);
    expect((await list(tokenA, { year: year - 1 })).totalRecords).toBe(0);
    expect(
      (await list(tokenA, { year, fund: "ZAKAT" })).resultDonationListResponse[0],
    ).toMatchObject({
      transactionNo: zakatA,
      donationAmount: 12_345,
    });
    // Another donor's token gets none of them.
    const b = await list(tokenB);
    expect(b.resultDonationListResponse.map((r) => r.transactionNo)).toEqual([wmsB]);
    expect((await list(tokenB, { fund: "ZAKAT" })).totalRecords).toBe(0);
    // A page past the end still counts them all.
    const paged = await call(
      payment("getDonorTransactionsThirdparty"),
      { pageNo: 2, pageSize: 2 },
      bearer(tokenA),
    );
    expect(paged.body).toMatchObject({ totalRecords: 3 });
    expect((paged.body["resultDonationListResponse"] as unknown[]).length).toBe(1);
    const bad = await call(
      payment("getDonorTransactionsThirdparty"),
      { fund: "CHARITY" },
      bearer(tokenA),
    );
    expect(bad.status).toBe(400);
  });

  it("lists the caller's recurring plans only", async () => {
    const plans = await call(payment("getRecurringPlans"), {}, bearer(tokenA));
    expect(plans.body["data"]).toEqual([
      expect.objectContaining({
        transactionNo: ilmuA,
        flow: "ILMU",
        recurringStatus: "active",
        amountCents: 5_000,
        amountEditable: true,
        frequency: "monthly",
      }),
    ]);
    expect((await call(payment("getRecurringPlans"), {}, bearer(tokenB))).body["data"]).toEqual([]);
    expect((await call(payment("getRecurringPlans"), {})).status).toBe(401);
  });

  it("shows a gift already included under the donor's own number (masked) and registers nothing else over it", async () => {
    const register = (token: string, transactionNo: string, idType: string, idNumber: string) =>
      call(donor("registerTaxDeduction"), { transactionNo, idType, idNumber }, bearer(token));
    const status = (token: string, transactionNo: string) =>
      call(donor("getTaxDeductionStatus"), { transactionNo }, bearer(token));
    const own = nric("3141592");
    // The donor's NRIC is on record: the receipt and the year statement call the gift included.
    expect((await status(tokenA, zakatA)).body["data"]).toMatchObject({
      eligible: true,
      flow: "ZAKAT",
      registered: { idKind: "NRIC", idShown: `*****${own.slice(-4)}` },
    });
    // Someone else's donation looks like a missing one.
    expect((await status(tokenB, zakatA)).status).toBe(404);
    expect((await register(tokenB, zakatA, "NRIC", nric("2718281"))).status).toBe(404);

    const wrongLetter = nric("1111111").slice(0, 8) + (nric("1111111").endsWith("A") ? "B" : "A");
    const invalid = await register(tokenA, zakatA, "NRIC", wrongLetter);
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: "validation.nric.invalid" });
    expect((await register(tokenA, zakatA, "UEN", "12-34")).body).toMatchObject({
      code: "validation.uen.pattern",
    });

    const again = await register(tokenA, zakatA, "NRIC", own.toLowerCase());
    expect(again.status).toBe(200);
    expect(again.body["message"]).toBe("Already registered");
    const other = await register(tokenA, zakatA, "NRIC", nric("2222222"));
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: "taxDeduction.otherId" });
    expect((await register(tokenA, ilmuA, "UEN", "201912345k")).status).toBe(409);
    // Fidyah is not deductible: never included, never registered.
    expect((await status(tokenA, fidyahA)).body["data"]).toMatchObject({
      eligible: false,
      registered: null,
    });
    const fidyah = await register(tokenA, fidyahA, "NRIC", own);
    expect(fidyah.status).toBe(422);
    expect(fidyah.body).toMatchObject({ code: "taxDeduction.notEligible" });

    // The history says what the receipt says.
    const records = (await list(tokenA)).resultDonationListResponse;
    expect(records.find((r) => r.transactionNo === zakatA)?.isIRASInclusion).toBe(true);
    expect(records.find((r) => r.transactionNo === ilmuA)?.isIRASInclusion).toBe(true);
    expect(records.find((r) => r.transactionNo === fidyahA)?.isIRASInclusion).toBe(false);
    const receipt = await post(
      portal.base,
      `/svc/payment/api/Donation/getThirdPartyDonationReceiptData?transactionNo=${zakatA}`,
      {},
      bearer(tokenA),
    );
    expect(receipt.body["data"]).toMatchObject({
      isIRASInclusion: true,
      nirc: `*****${own.slice(-4)}`,
    });
  });

  it("takes an identity number for IRAS only with a gift that qualifies", async () => {
    const create = (flow: string, items: unknown, totalCents: number) =>
      call(
        "/svc/payment/v1/donations/create",
        {
          flow,
          items,
          totalCents,
          ratesVersion: 1,
          frequency: "one time",
          donor: {
            name: "Halimah",
            email: "halimah@example.com",
            anonymous: false,
            taxId: nric("3141592"),
          },
        },
        { ...bearer(tokenA), "idempotency-key": crypto.randomUUID() },
      );
    for (const [flow, items, total] of [
      ["FIDYAH", { fidyah: { days: 1 } }, 400],
      ["KAFFARAH", { kaffarah: { kind: "custom", amount: 500 } }, 500],
    ] as const) {
      const refused = await create(flow, items, total);
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body).toMatchObject({ code: "donation.taxIdNotApplicable" });
    }
    expect((await create("ZAKAT", { harta: 1_000 }, 1_000)).status).toBe(200);
  });
});

/** The sign-in e-mail changes only with the code sent to the new address; the donor record follows. */
describe("changing the sign-in e-mail with the embedded identity provider", () => {
  let portal: RunningPortal;
  let identity: TestIdentity;
  const cognito: TestIdentity["cognito"] = (target, body) => identity.cognito(target, body);
  const outbox = (to: string, kind: string) => identity.codeFor(to, kind);
  const signIn = (email: string) => identity.trySignIn(email);
  const tokens = (answer: { body: Record<string, unknown> }) =>
    answer.body["AuthenticationResult"] as Tokens;
  const signUp = (email: string, id: string) => identity.signUp(email, id, { name: "Zainab" });

  beforeAll(async () => {
    portal = await startPortal(nextPort++);
    identity = await identityOf(portal);
  }, 120_000);
  afterAll(async () => {
    await portal?.stop();
  });

  it("sends a code to the new address and applies the change only with it", async () => {
    const old = await signUp("zainab@example.com", nric("4040404"));
    const registered = await post(
      portal.base,
      donor("getDonorCognitoStatus"),
      {},
      bearer(old.IdToken),
    );
    expect(registered.status).toBe(200);
    await signUp("taken@example.com", nric("5050505"));

    const taken = await cognito("UpdateUserAttributes", {
      AccessToken: old.AccessToken,
      UserAttributes: [{ Name: "email", Value: "taken@example.com" }],
    });
    expect(taken.body["__type"]).toBe("AliasExistsException");

    const asked = await cognito("UpdateUserAttributes", {
      AccessToken: old.AccessToken,
      UserAttributes: [{ Name: "email", Value: "Zainab.New@example.com" }],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body["CodeDeliveryDetailsList"]).toEqual([
      expect.objectContaining({ AttributeName: "email", DeliveryMedium: "EMAIL" }),
    ]);
    const code = await outbox("zainab.new@example.com", "email-code");
    expect(code).toMatch(/^\d{6}$/);
    // Nothing changed yet: the old address still signs in, and the record refuses the new one.
    expect((await signIn("zainab@example.com")).status).toBe(200);
    const early = await post(
      portal.base,
      donor("updateDonorEmailCognitoProfile"),
      { email: "zainab.new@example.com" },
      bearer(old.IdToken),
    );
    expect(early.body).toMatchObject({ code: "email.unverified" });

    const wrong = await cognito("VerifyUserAttribute", {
      AccessToken: old.AccessToken,
      AttributeName: "email",
      Code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.body["__type"]).toBe("CodeMismatchException");
    const verified = await cognito("VerifyUserAttribute", {
      AccessToken: old.AccessToken,
      AttributeName: "email",
      Code: code,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);

    expect((await signIn("zainab@example.com")).status).toBe(400);
    const fresh = tokens(await signIn("zainab.new@example.com"));
    const updated = await post(
      portal.base,
      donor("updateDonorEmailCognitoProfile"),
      { email: "zainab.new@example.com" },
      bearer(fresh.IdToken),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const details = await post(
      portal.base,
      "/svc/main/User/getSignInUserDetails",
      {},
      bearer(fresh.IdToken),
    );
    expect(details.body["data"]).toMatchObject({ email: "zainab.new@example.com", name: "Zainab" });
  });
});
