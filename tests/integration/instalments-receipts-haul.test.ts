import { randomBytes } from "node:crypto";
import path from "node:path";
import { addDays, cents, sgtDate, type AssessmentInputs } from "@portal/domain";
import { readOutbox } from "@portal/adapters/mail";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import { nricOf, registerSignIn } from "../support/donations";
import { payByCard } from "../support/guest-portal";
import { bearer, callerOf, guestCookie, startPortal, type RunningPortal } from "../support/portal";

// Ports 9740-9749 are this file's.
let nextPort = 9740;
const CONTROL = randomBytes(24).toString("hex");
const DAY = 24 * 60 * 60 * 1000;
const RECEIPT = "/svc/payment/api/Donation/getThirdPartyDonationReceiptData";
const EMAIL = "farah.instal@example.sg";

/** S$20,000 of savings: zakat S$500.00. */
const inputs: AssessmentInputs = {
  savings: [{ amount: cents(2_000_000), interest: cents(0) }],
  goldKeptGrams: 0,
  goldWornGrams: 0,
  insurance: [],
  shares: [],
  cpfOrdinary: cents(0),
  business: {
    currentAssets: cents(0),
    assetsToAdd: cents(0),
    assetsToRemove: cents(0),
    currentLiabilities: cents(0),
    liabilitiesToAdd: cents(0),
    ownershipSharePercent: 100,
  },
};

interface Plan {
  id: string;
  status: string;
  months: ReadonlyArray<{ amountCents: number }>;
  paidCents: number;
}

interface Tracked {
  hauls: ReadonlyArray<{
    wealth: string;
    haul: { status: string; dueDate: string | null; amount: number };
  }>;
}

/**
 * A plan from the haul tracker's due amount (docs/haul-tracker.md): the server prices the donor's own
 * running haul; and an instalment's receipt says which payment of the plan it is (issue 33, docs/instalments.md):
 * "Instalment k of n" for the first month and each monthly charge, the settling payment at the end,
 * in the receipt's answer and its e-mail; and another donor still cannot read it.
 */
describe.each(testDatabases())("instalment receipts on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let tokenA: string;
  let tokenB: string;
  let tokenC: string;
  let guest: string;
  let assessment: string;
  const call = callerOf(() => portal);
  let today = "";

  const moveClock = async (advanceMs: number) => {
    const moved = await fetch(`${portal.base}/__test/clock`, {
      method: "POST",
      headers: { authorization: `Bearer ${CONTROL}`, "content-type": "application/json" },
      body: JSON.stringify({ advanceMs }),
    });
    expect(moved.status).toBe(200);
    const offset = (await moved.json()) as { data: { offsetMs: number } };
    today = sgtDate(Date.now() + offset.data.offsetMs);
  };
  const instal = (call_: string, body: Record<string, unknown>) =>
    call(`/svc/donor/api/Instalment/${call_}`, body, bearer(tokenA));
  const list = async (token: string) =>
    (await call("/svc/donor/api/Instalment/listInstalmentPlans", {}, bearer(token))).body[
      "data"
    ] as Plan[];
  const planOf = async (id: string) =>
    ((await instal("listInstalmentPlans", {})).body["data"] as Plan[]).find((p) => p.id === id)!;
  const start = async (haulDays: number) => {
    const started = await instal("startInstalmentPlan", {
      assessmentId: assessment,
      haulOn: addDays(today as never, haulDays),
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return started.body["data"] as Plan;
  };
  const pay = async (planId: string, part: "first" | "settle", amount: number) => {
    const created = await call(
      "/svc/payment/v1/donations/create",
      {
        flow: "ZAKAT",
        items: { harta: amount },
        totalCents: amount,
        ratesVersion: 1,
        donor: { name: "Farah", email: EMAIL, anonymous: false },
        instalment: { planId, part },
      },
      { ...bearer(tokenA), "idempotency-key": crypto.randomUUID() },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const donation = created.body["data"] as { id: string; clientSecret: string };
    const paid = await payByCard(call, donation, { headers: bearer(tokenA) });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    return paid.body["data"] as { transactionNo: string; receipt: { token: string } };
  };
  const mails = () => readOutbox(path.join(portal.dataDir, "outbox"), { to: EMAIL });
  /** The receipt mail of a transaction, once it is in the outbox. */
  const mailOf = async (transactionNo: string) => {
    await expect
      .poll(async () => (await mails()).some((m) => m.meta?.["transactionNo"] === transactionNo), {
        timeout: 20_000,
      })
      .toBe(true);
    return (await mails()).find((m) => m.meta?.["transactionNo"] === transactionNo)!;
  };
  const ownReceipt = (transactionNo: string, headers: Record<string, string>) =>
    call(`${RECEIPT}?transactionNo=${encodeURIComponent(transactionNo)}`, {}, headers);

  beforeAll(async () => {
    identity = await startTestIdentity();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
      PORTAL_TEST_CONTROL_TOKEN: CONTROL,
      PORTAL_JOBS_INTERVAL_SECONDS: "1",
    });
    tokenA = await identity.sign({ email: EMAIL, name: "Farah" });
    tokenB = await identity.sign({ email: "ghani.instal@example.sg", name: "Ghani" });
    await registerSignIn(portal.base, tokenA, nricOf("4820311"), "93350011");
    await registerSignIn(portal.base, tokenB, nricOf("5930312"), "93350012");
    tokenC = await identity.sign({ email: "hana.instal@example.sg", name: "Hana" });
    await registerSignIn(portal.base, tokenC, nricOf("6930313"), "93350013");
    guest = await guestCookie(portal.base);
    await moveClock(0);
    const saved = await call(
      "/svc/donor/api/Assessment/saveAssessment",
      { inputs },
      bearer(tokenA),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    assessment = (saved.body["data"] as { id: string }).id;
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("starts a plan from the donor's own running haul, priced by the server; never another's, never a forged amount", async () => {
    const startFromHaul = (token: string, body: Record<string, unknown>) =>
      call("/svc/donor/api/Instalment/startInstalmentPlan", body, bearer(token));
    // S$20,000 of savings since 30 days ago: a running haul, zakat S$500.00 due in 325 days.
    const saved = await call(
      "/svc/donor/api/User/saveHaulEntry",
      {
        wealth: "savings",
        kind: "balance",
        date: addDays(today as never, -30),
        balanceCents: 2_000_000,
      },
      bearer(tokenC),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const tracker = (await call("/svc/donor/api/User/getHaulTracker", {}, bearer(tokenC))).body[
      "data"
    ] as Tracked;
    const haul = tracker.hauls.find((h) => h.wealth === "savings")!.haul;
    expect(haul).toMatchObject({ status: "running", amount: 50_000 });
    // Nobody without a sign-in; another donor has no such haul (their own lines are read, not C's).
    for (const headers of [{}, { cookie: guest }]) {
      const reply = await call(
        "/svc/donor/api/Instalment/startInstalmentPlan",
        { wealth: "savings", amountCents: 50_000 },
        headers,
      );
      expect(reply.status).toBe(401);
    }
    expect(await startFromHaul(tokenB, { wealth: "savings", amountCents: 50_000 })).toMatchObject({
      status: 422,
      body: { code: "instalment.haulNone" },
    });
    expect(await startFromHaul(tokenC, { wealth: "shares", amountCents: 50_000 })).toMatchObject({
      status: 422,
      body: { code: "instalment.haulNone" },
    });
    // A forged amount (or a page behind the tracker) is refused; so is a figure that is no number.
    for (const amountCents of [1, 49_999, 50_001, 5_000_000]) {
      expect(await startFromHaul(tokenC, { wealth: "savings", amountCents })).toMatchObject({
        status: 422,
        body: { code: "instalment.haulAmount" },
      });
    }
    for (const body of [
      { wealth: "savings", amountCents: "50000" },
      { wealth: "gold", amountCents: 50_000 },
      { wealth: "savings" },
    ]) {
      expect((await startFromHaul(tokenC, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await list(tokenB)).toEqual([]);
    expect(await list(tokenC)).toEqual([]);
    // The server's own figure: the plan is the haul's zakat, ending on its due date.
    const started = await startFromHaul(tokenC, {
      wealth: "savings",
      amountCents: 50_000,
      haulOn: addDays(today as never, 3),
      lang: "ms",
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const plan = started.body["data"] as Plan & { haulOn: string; amountCents: number };
    expect(plan).toMatchObject({ amountCents: 50_000, haulOn: haul.dueDate, status: "pending" });
    expect(plan.months.reduce((sum, m) => sum + m.amountCents, 0)).toBe(50_000);
    expect(plan.months.length).toBeGreaterThanOrEqual(10);
    expect((await list(tokenB)).length).toBe(0);
    await call("/svc/donor/api/Instalment/stopInstalmentPlan", { id: plan.id }, bearer(tokenC));
  });

  it("says k of n on the first month's and a monthly charge's receipt and e-mail; a stranger reads neither", async () => {
    const plan = await start(100);
    const n = plan.months.length;
    expect(n).toBe(4);
    const first = await pay(plan.id, "first", plan.months[0]!.amountCents);
    const byOwner = await ownReceipt(first.transactionNo, bearer(tokenA));
    expect(byOwner.status, JSON.stringify(byOwner.body)).toBe(200);
    expect(byOwner.body["data"]).toMatchObject({
      attributes: { instalment: { kind: "month", k: 1, n } },
    });
    const byToken = await call(RECEIPT, { token: first.receipt.token });
    expect(byToken.body["data"]).toMatchObject({ attributes: { instalment: { k: 1, n } } });
    const firstMail = await mailOf(first.transactionNo);
    expect(firstMail.text).toContain(`Instalment 1 of ${n}.`);
    expect(firstMail.meta?.["instalment"]).toBe(`1/${n}`);

    // A stranger: another donor by transaction number, a guest, the right token under another number.
    expect((await ownReceipt(first.transactionNo, bearer(tokenB))).status).toBe(404);
    expect((await ownReceipt(first.transactionNo, { cookie: guest })).status).toBe(401);
    const mismatched = await call(`${RECEIPT}?transactionNo=ZKT-0000000000-000000`, {
      token: first.receipt.token,
    });
    expect(mismatched.status).toBe(404);
    expect(JSON.stringify(mismatched.body)).not.toContain("instalment");

    // The second month, charged by the scheduler: its receipt says 2 of n.
    await moveClock(31 * DAY);
    await expect
      .poll(async () => (await planOf(plan.id)).paidCents, { timeout: 20_000 })
      .toBe(plan.months[0]!.amountCents + plan.months[1]!.amountCents);
    await expect
      .poll(async () => (await mails()).some((m) => m.meta?.["instalment"] === `2/${n}`), {
        timeout: 20_000,
      })
      .toBe(true);
    const second = (await mails()).find((m) => m.meta?.["instalment"] === `2/${n}`)!;
    expect(second.text).toContain(`Instalment 2 of ${n}.`);
    const secondNo = second.meta!["transactionNo"]!;
    const secondReceipt = await ownReceipt(secondNo, bearer(tokenA));
    expect(secondReceipt.body["data"]).toMatchObject({
      hartaAmount: plan.months[1]!.amountCents,
      attributes: { instalment: { kind: "month", k: 2, n } },
    });
    expect((await ownReceipt(secondNo, bearer(tokenB))).status).toBe(404);
    await instal("stopInstalmentPlan", { id: plan.id });
  }, 90_000);

  it("names the settling payment on its receipt and e-mail, in English and Malay", async () => {
    const plan = await start(40);
    expect(plan.months).toHaveLength(2);
    await pay(plan.id, "first", plan.months[0]!.amountCents);
    // The second month was never charged (months are not charged late): the rest is offered.
    await moveClock(70 * DAY);
    const settled = await pay(plan.id, "settle", plan.months[1]!.amountCents);
    const receipt = await ownReceipt(settled.transactionNo, bearer(tokenA));
    expect(receipt.body["data"]).toMatchObject({ attributes: { instalment: { kind: "settle" } } });
    const mail = await mailOf(settled.transactionNo);
    expect(mail.text).toContain("Zakat instalment plan: settling payment.");
    expect(mail.text).toContain("Pelan ansuran zakat: bayaran baki.");
    expect(mail.meta?.["instalment"]).toBe("settle");
    expect((await ownReceipt(settled.transactionNo, bearer(tokenB))).status).toBe(404);
  }, 90_000);
});
