import { randomBytes } from "node:crypto";
import path from "node:path";
import { addDays, cents, sgtDate, type AssessmentInputs } from "@portal/domain";
import { decodeResponse } from "@portal/adapters/responses";
import { readOutbox } from "@portal/adapters/mail";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import { nricOf, registerSignIn } from "../support/donations";
import { payByCard } from "../support/guest-portal";
import { bearer, callerOf, guestCookie, startPortal, type RunningPortal } from "../support/portal";

// Ports 9700-9709 are this file's.
let nextPort = 9700;
const CONTROL = randomBytes(24).toString("hex");
const DAY = 24 * 60 * 60 * 1000;

const path_ = (call: string) => `/svc/donor/api/Instalment/${call}`;

/** S$20,000 of savings: zakat S$500.00 (2.5%), above any nisab of these years. */
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
  amountCents: number;
  haulOn: string;
  months: ReadonlyArray<{ index: number; date: string; amountCents: number; status: string }>;
  paidCents: number;
  remainingCents: number;
  settlement: { kind: string; amountCents: number } | null;
  transactionNo: string | null;
}

/**
 * Instalment plans through the real server (issue 33, docs/instalments.md). The attacks come first:
 * nobody without a sign-in, another donor's plan neither visible nor stoppable, a bad manage token
 * stops nothing, the amounts are the server's, creation is bounded. Then a plan's months are charged
 * by the recurring scheduler on the portal's clock, stopped by the manage link, and settled at the end.
 */
describe.each(testDatabases())("instalment plans on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let tokenA: string;
  let tokenB: string;
  let tokenC: string;
  let guest: string;
  let assessmentA: string;
  let assessmentC: string;
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

  const saveAssessment = async (token: string) => {
    const saved = await call("/svc/donor/api/Assessment/saveAssessment", { inputs }, bearer(token));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return (saved.body["data"] as { id: string; total: number }).id;
  };
  const start = (token: string, body: Record<string, unknown>) =>
    call(path_("startInstalmentPlan"), body, bearer(token));
  const list = async (token: string) => {
    const reply = await call(path_("listInstalmentPlans"), {}, bearer(token));
    expect(reply.status).toBe(200);
    decodeResponse("listInstalmentPlans", reply.body);
    return reply.body["data"] as Plan[];
  };
  const planOf = async (token: string, id: string) =>
    (await list(token)).find((plan) => plan.id === id) as Plan;

  /** A checkout payment of a plan, as the checkout page sends it. */
  const checkout = (
    headers: Record<string, string>,
    planId: string,
    part: "first" | "settle",
    amount: number,
    extra: Record<string, unknown> = {},
  ) =>
    call(
      "/svc/payment/v1/donations/create",
      {
        flow: "ZAKAT",
        items: { harta: amount },
        totalCents: amount,
        ratesVersion: 1,
        donor: { name: "Aminah", email: "aminah.instal@example.sg", anonymous: false },
        instalment: { planId, part },
        ...extra,
      },
      { ...headers, "idempotency-key": crypto.randomUUID() },
    );
  const pay = async (token: string, planId: string, part: "first" | "settle", amount: number) => {
    const created = await checkout(bearer(token), planId, part, amount);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const donation = created.body["data"] as { id: string; clientSecret: string };
    const confirmed = await payByCard(call, donation, { headers: bearer(token) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((confirmed.body["data"] as { status: string }).status).toBe("succeeded");
    return confirmed.body["data"] as { transactionNo: string };
  };

  beforeAll(async () => {
    identity = await startTestIdentity();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
      PORTAL_TEST_CONTROL_TOKEN: CONTROL,
      PORTAL_JOBS_INTERVAL_SECONDS: "1",
    });
    tokenA = await identity.sign({ email: "aminah.instal@example.sg", name: "Aminah" });
    tokenB = await identity.sign({ email: "badrul.instal@example.sg", name: "Badrul" });
    tokenC = await identity.sign({ email: "chandra.instal@example.sg", name: "Chandra" });
    await registerSignIn(portal.base, tokenA, nricOf("4820301"), "93350001");
    await registerSignIn(portal.base, tokenB, nricOf("5930302"), "93350002");
    await registerSignIn(portal.base, tokenC, nricOf("6930303"), "93350003");
    guest = await guestCookie(portal.base);
    await moveClock(0);
    assessmentA = await saveAssessment(tokenA);
    assessmentC = await saveAssessment(tokenC);
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("answers nobody without a sign-in: no token, a guest session, a forged token", async () => {
    for (const headers of [{}, { cookie: guest }, bearer(`${tokenA.slice(0, -4)}AAAA`)]) {
      for (const [name, body] of [
        ["listInstalmentPlans", {}],
        ["startInstalmentPlan", { assessmentId: assessmentA, haulOn: addDays(today as never, 90) }],
        ["stopInstalmentPlan", { id: crypto.randomUUID() }],
      ] as const) {
        const reply = await call(path_(name), body, headers);
        expect(reply.status, `${name} ${JSON.stringify(headers)}`).toBe(401);
      }
    }
  });

  it("never shows or stops another donor's plan, nor starts one from their assessment", async () => {
    const started = await start(tokenA, {
      assessmentId: assessmentA,
      haulOn: addDays(today as never, 90),
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const plan = started.body["data"] as Plan;
    expect(await list(tokenB)).toEqual([]);
    const stolen = await call(path_("stopInstalmentPlan"), { id: plan.id }, bearer(tokenB));
    expect(stolen).toMatchObject({ status: 404, body: { code: "instalment.notFound" } });
    for (const id of ["not-a-uuid", crypto.randomUUID()]) {
      const missing = await call(path_("stopInstalmentPlan"), { id }, bearer(tokenB));
      expect(missing).toMatchObject({ status: 404, body: { code: "instalment.notFound" } });
    }
    const fromTheirs = await start(tokenB, {
      assessmentId: assessmentA,
      haulOn: addDays(today as never, 90),
    });
    expect(fromTheirs).toMatchObject({
      status: 404,
      body: { code: "instalment.assessmentNotFound" },
    });
    // Paying another donor's plan, or as a guest: no such plan.
    const first = plan.months[0]!.amountCents;
    for (const headers of [bearer(tokenB), { cookie: guest }]) {
      const paid = await checkout(headers, plan.id, "first", first);
      expect(paid, JSON.stringify(headers)).toMatchObject({
        status: 404,
        body: { code: "instalment.notFound" },
      });
    }
    expect((await planOf(tokenA, plan.id)).status).toBe("pending");
    // A bad manage token stops nothing.
    const bad = await call("/svc/payment/api/Donation/cancelRecurringPayment", {
      transactionNo: "ZKT-0000000000-000000",
      token: randomBytes(32).toString("base64url"),
    });
    expect(bad.status).toBe(404);
    await call(path_("stopInstalmentPlan"), { id: plan.id }, bearer(tokenA));
  });

  it("checks the haul date and the amounts on the server", async () => {
    for (const haulOn of [
      today,
      addDays(today as never, -3),
      addDays(today as never, 356),
      "2026-02-30",
      "soon",
    ]) {
      const reply = await start(tokenA, { assessmentId: assessmentA, haulOn });
      expect(reply, haulOn).toMatchObject({ status: 400, body: { code: "instalment.haulDate" } });
    }
    for (const body of [{}, { assessmentId: 5, haulOn: today }, { assessmentId: assessmentA }]) {
      const reply = await start(tokenA, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    const started = await start(tokenA, {
      assessmentId: assessmentA,
      haulOn: addDays(today as never, 60),
    });
    const plan = started.body["data"] as Plan;
    expect(plan.amountCents).toBe(50_000);
    expect(plan.months.reduce((sum, month) => sum + month.amountCents, 0)).toBe(50_000);
    const first = plan.months[0]!.amountCents;
    const wrong = await checkout(bearer(tokenA), plan.id, "first", first - 1);
    expect(wrong).toMatchObject({ status: 422, body: { code: "instalment.amount" } });
    const withFitrah = await call(
      "/svc/payment/v1/donations/create",
      {
        flow: "ZAKAT",
        items: { harta: first - 100, fitrah: { normal: 1, premium: 0 } },
        totalCents: first,
        ratesVersion: 1,
        instalment: { planId: plan.id, part: "first" },
      },
      { ...bearer(tokenA), "idempotency-key": crypto.randomUUID() },
    );
    expect(withFitrah.status).toBeGreaterThanOrEqual(400);
    expect(withFitrah.status).toBeLessThan(500);
    const weekly = await checkout(bearer(tokenA), plan.id, "first", first, { frequency: "weekly" });
    expect(weekly).toMatchObject({ status: 422, body: { code: "donation.recurringNotAllowed" } });
    const early = await checkout(bearer(tokenA), plan.id, "settle", 100);
    expect(early).toMatchObject({ status: 409, body: { code: "instalment.nothingToSettle" } });
    await call(path_("stopInstalmentPlan"), { id: plan.id }, bearer(tokenA));
  });

  it("bounds what a donor can start: three at once, twelve a year", async () => {
    const haulOn = addDays(today as never, 90);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const reply = await start(tokenC, { assessmentId: assessmentC, haulOn });
      expect(reply.status).toBe(200);
      ids.push((reply.body["data"] as Plan).id);
    }
    expect(await start(tokenC, { assessmentId: assessmentC, haulOn })).toMatchObject({
      status: 409,
      body: { code: "instalment.limit" },
    });
    // Plans started at once never pass the cap.
    for (const id of ids) await call(path_("stopInstalmentPlan"), { id }, bearer(tokenC));
    const raced = await Promise.all(
      Array.from({ length: 6 }, () => start(tokenC, { assessmentId: assessmentC, haulOn })),
    );
    expect(raced.filter((reply) => reply.status === 200)).toHaveLength(3);
    for (const plan of await list(tokenC))
      await call(path_("stopInstalmentPlan"), { id: plan.id }, bearer(tokenC));
    for (let made = 6; made < 12; made++) {
      const reply = await start(tokenC, { assessmentId: assessmentC, haulOn });
      expect(reply.status).toBe(200);
      await call(
        path_("stopInstalmentPlan"),
        { id: (reply.body["data"] as Plan).id },
        bearer(tokenC),
      );
    }
    expect(await start(tokenC, { assessmentId: assessmentC, haulOn })).toMatchObject({
      status: 409,
      body: { code: "instalment.limit" },
    });
  });

  it("charges the months on the recurring plan and stops by the manage link", async () => {
    const started = await start(tokenA, {
      assessmentId: assessmentA,
      haulOn: addDays(today as never, 100),
    });
    const plan = started.body["data"] as Plan;
    expect(plan.months).toHaveLength(4);
    const [m0, m1] = plan.months.map((month) => month.amountCents);
    const first = await pay(tokenA, plan.id, "first", m0!);
    // Paid once: a second first payment is refused (the plan has started).
    expect(await checkout(bearer(tokenA), plan.id, "first", m0!)).toMatchObject({
      status: 409,
      body: { code: "instalment.started" },
    });
    let seen = await planOf(tokenA, plan.id);
    expect(seen).toMatchObject({ status: "active", paidCents: m0, remainingCents: 50_000 - m0! });
    expect(seen.transactionNo).toBe(first.transactionNo);
    // Its receipt e-mail carries the manage link of the monthly plan that charges the months.
    const outbox = path.join(portal.dataDir, "outbox");
    await expect
      .poll(async () => (await readOutbox(outbox, { to: "aminah.instal@example.sg" })).length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    const mail = (await readOutbox(outbox, { to: "aminah.instal@example.sg" })).at(-1);
    const link = /https?:\/\/\S+\/manage-gift#(\S+)/.exec(mail?.text ?? "");
    expect(link, mail?.text).not.toBeNull();
    const fragment = new URLSearchParams(link![1]);
    // The second month comes due: the scheduler charges the schedule's amount, once.
    await moveClock(31 * DAY);
    await expect
      .poll(async () => (await planOf(tokenA, plan.id)).paidCents, { timeout: 20_000 })
      .toBe(m0! + m1!);
    seen = await planOf(tokenA, plan.id);
    expect(seen.months.map((month) => month.status)).toEqual([
      "paid",
      "paid",
      "upcoming",
      "upcoming",
    ]);
    const history = await call(
      "/svc/payment/api/Donation/getDonorTransactions",
      {},
      bearer(tokenA),
    );
    expect(JSON.stringify(history.body)).toContain(first.transactionNo);
    // Stopped by the manage link: the plan stops and nothing more is charged.
    const stopped = await call("/svc/payment/api/Donation/cancelRecurringPayment", {
      transactionNo: fragment.get("no"),
      token: fragment.get("key"),
    });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect((await planOf(tokenA, plan.id)).status).toBe("stopped");
    await moveClock(31 * DAY);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await planOf(tokenA, plan.id)).paidCents).toBe(m0! + m1!);
    // A stopped plan is offered nothing at its end.
    const outbox2 = await readOutbox(outbox, {
      to: "aminah.instal@example.sg",
      kind: "instalment-offer",
    });
    expect(outbox2).toHaveLength(0);
  }, 90_000);

  it("offers the difference at the end, never charges it, and takes it when the donor pays", async () => {
    const started = await start(tokenA, {
      assessmentId: assessmentA,
      haulOn: addDays(today as never, 40),
      lang: "ms",
    });
    const plan = started.body["data"] as Plan;
    expect(plan.months).toHaveLength(2);
    const [m0, m1] = plan.months.map((month) => month.amountCents);
    await pay(tokenA, plan.id, "first", m0!);
    // The scheduler was down past the second month and the haul date: the month is not charged late.
    await moveClock(70 * DAY);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const ended = await planOf(tokenA, plan.id);
    expect(ended).toMatchObject({
      status: "ended",
      paidCents: m0,
      remainingCents: m1,
      settlement: { kind: "offer", amountCents: m1 },
    });
    // The offer is e-mailed once, in the plan's language, with the account page's link.
    const offers = () =>
      readOutbox(path.join(portal.dataDir, "outbox"), {
        to: "aminah.instal@example.sg",
        kind: "instalment-offer",
      });
    await expect.poll(async () => (await offers()).length, { timeout: 15_000 }).toBe(1);
    const offer = (await offers())[0]!;
    expect(offer.subject).toBe(`Pelan zakat anda: baki $${(m1! / 100).toFixed(2)} untuk dibayar`);
    expect(offer.text).toContain("/ms/profile#account-instalments");
    expect(await checkout(bearer(tokenB), plan.id, "settle", m1!)).toMatchObject({ status: 404 });
    expect(await checkout(bearer(tokenA), plan.id, "settle", m1! + 1)).toMatchObject({
      status: 422,
      body: { code: "instalment.amount" },
    });
    await pay(tokenA, plan.id, "settle", m1!);
    expect(await planOf(tokenA, plan.id)).toMatchObject({
      paidCents: 50_000,
      remainingCents: 0,
      settlement: { kind: "settled", amountCents: 0 },
    });
  }, 90_000);
});
