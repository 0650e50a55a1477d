import { createHash, randomBytes } from "node:crypto";
import { Effect } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cents, FlowType } from "@portal/domain";
import {
  guestSessions,
  payments,
  recurring,
  renewalIdempotencyKey,
  type Sql,
} from "@portal/adapters/db";
import { paymentJobs } from "@portal/adapters/payments";
import { createSandbox, migrateStandins, sqlSandboxStore } from "@portal/standins";
import { testDatabases } from "../support/databases";
import { donationInput } from "../support/records";

/**
 * The scheduler and reconciliation in-process, on a clock the test drives: plans are charged once per
 * period however many schedulers race, never after a cancel, declines follow the retry rule, and a
 * renewal cut short by a crash is completed once.
 */
describe.each(testDatabases())("recurring scheduler on $name", (database) => {
  let sqlA: Sql;
  let sqlB: Sql;
  let now = Date.parse("2025-01-31T03:00:00Z"); // 11:00 on 31 January in Singapore
  const key = randomBytes(32);

  /** One portal instance: its own records, sandbox client and jobs, on its own connection. */
  const instance = (sql: Sql) => {
    const plans = recurring(sql, { now: () => now });
    const records = payments(sql, key, { onSucceeded: plans.onSucceeded });
    const sandbox = createSandbox({
      challengeUrl: (id) => `/3ds/${id}`,
      store: sqlSandboxStore(sql),
    });
    const jobs = paymentJobs({
      records,
      recurring: plans,
      gateway: (name) => (name === "sandbox" ? sandbox.gateway : undefined),
    });
    return { plans, records, sandbox, jobs, sql };
  };
  let a: ReturnType<typeof instance>;
  let b: ReturnType<typeof instance>;

  beforeAll(async () => {
    sqlA = await database.open();
    await migrateStandins(sqlA);
    // PostgreSQL: a second pool, as a second instance would have; PGlite has one opener per database.
    sqlB = database.name === "PGlite" ? sqlA : await database.open();
    a = instance(sqlA);
    b = instance(sqlB);
  });

  afterAll(async () => {
    await sqlA?.close();
    if (sqlB !== sqlA) await sqlB?.close();
    await database.cleanup();
  });

  const card = async (number = "4242424242424242") => {
    const made = await a.sandbox.tokenize(
      { number, expMonth: 12, expYear: 2099, cvc: "123" },
      new Date(now),
    );
    if ("error" in made) throw new Error(made.error);
    return made.id;
  };

  /**
   * A guest's donation with its card payment opened at the gateway, as the confirm handler opens it
   * (the card not yet charged): what a donor who leaves checkout here leaves behind.
   */
  const openAttempt = async (
    frequency: string,
    flow: FlowType = "ILMU",
    amount = 5_000,
    setupFutureUsage = false,
  ) => {
    const { session } = await guestSessions(sqlA).start();
    const { donation } = await a.records.create(
      donationInput(flow, flow === "ILMU" ? "ilmu" : "harta", amount, {
        request: { frequency, amount },
        frequency,
        guestSessionId: session.id,
      }),
    );
    const payment = await Effect.runPromise(
      a.sandbox.gateway.create({
        amount: amount as Cents,
        currency: "SGD",
        idempotencyKey: `${donation.id}:0`,
        description: donation.transactionNo,
        method: "card",
        ...(setupFutureUsage ? { setupFutureUsage } : {}),
      }),
    );
    await a.records.startAttempt(donation.id, "sandbox", payment);
    return { donation, payment };
  };

  /** A guest's first payment (as the confirm handler makes it); its donation, plan id and receipt. */
  const payFirst = async (frequency: string, flow: FlowType = "ILMU", amount = 5_000) => {
    const { donation, payment } = await openAttempt(frequency, flow, amount, true);
    const confirmed = await Effect.runPromise(
      a.sandbox.gateway.confirm(payment.paymentId, await card()),
    );
    const view = await a.records.apply(donation.id, confirmed);
    expect(view.status).toBe("succeeded");
    const [plan] = await sqlA.query<{ id: string; next: string; anchor: string }>(
      "select id, next_charge_on::text as next, anchor_on::text as anchor from recurring_plan where first_donation_id = $1",
      [donation.id],
    );
    return { donation: view, plan };
  };

  const renewals = async (planId: string) =>
    sqlA.query<{ period: number; status: string; donation_status: string }>(
      `select c.period, c.status, d.status as donation_status from recurring_charge c
       join donation d on d.id = c.donation_id where c.plan_id = $1 order by c.period`,
      [planId],
    );
  const gatewayCharges = async (planId: string) =>
    sqlA.query<{ idempotency_key: string; state: string }>(
      "select idempotency_key, state from sandbox_payment where idempotency_key like $1 order by idempotency_key",
      [`recurring:${planId}:%`],
    );
  const at = (iso: string) => (now = Date.parse(iso));
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** The "manage this gift" link a paid charge's e-mail carries (the server issues it as it pays). */
  const manageLink = async (donationId: string) => {
    const link = await sqlA.transaction((tx) => a.plans.issueManageLink(tx, donationId));
    if (!link) throw new Error("no manage link");
    return link;
  };

  it("starts a plan with its first payment, due on the Singapore calendar, month ends kept", async () => {
    at("2025-01-31T03:00:00Z");
    const { plan } = await payFirst("monthly");
    expect(plan).toMatchObject({ anchor: "2025-01-31", next: "2025-02-28" });
    // 23:30 UTC on 31 January is already 1 February in Singapore.
    at("2025-01-31T23:30:00Z");
    const late = await payFirst("monthly");
    expect(late.plan).toMatchObject({ anchor: "2025-02-01", next: "2025-03-01" });
    const once = await payFirst("one time");
    expect(once.plan).toBeUndefined();
  });

  it("charges a due plan exactly once per period while two schedulers race", async () => {
    at("2025-03-10T03:00:00Z");
    const plans = await Promise.all([1, 2, 3, 4].map(() => payFirst("weekly")));
    for (const day of ["2025-03-16", "2025-03-17", "2025-03-17", "2025-03-24", "2025-04-08"]) {
      at(`${day}T02:00:00Z`);
      await Promise.all([
        a.jobs.chargeDuePlans(),
        b.jobs.chargeDuePlans(),
        a.jobs.chargeDuePlans(),
      ]);
    }
    for (const { plan } of plans) {
      const charged = await renewals(plan!.id);
      // Weekly from 10 March: 17 March (period 1), 24 March (2), and on 8 April the period it is in
      // (4); the 31 March one was never run (missed periods are not charged in arrears).
      expect(charged.map((row) => [row.period, row.status, row.donation_status])).toEqual([
        [1, "succeeded", "succeeded"],
        [2, "succeeded", "succeeded"],
        [4, "succeeded", "succeeded"],
      ]);
      expect(await gatewayCharges(plan!.id)).toEqual(
        [1, 2, 4].map((period) => ({
          idempotency_key: renewalIdempotencyKey(plan!.id, period),
          state: "succeeded",
        })),
      );
    }
    const [next] = await sqlA.query<{ next: string }>(
      "select next_charge_on::text as next from recurring_plan where id = $1",
      [plans[0]!.plan!.id],
    );
    expect(next?.next).toBe("2025-04-14");
  });

  it("gives every renewal its own receipt number, without gaps", async () => {
    const rows = await sqlA.query<{ serial: number }>(
      "select serial from receipt where series = 'WK' order by serial",
    );
    expect(rows.map((row) => Number(row.serial))).toEqual(rows.map((_, i) => i + 1));
  });

  it("never charges a cancelled plan again", async () => {
    at("2025-05-01T03:00:00Z");
    const { donation, plan } = await payFirst("daily");
    at("2025-05-02T03:00:00Z");
    await a.jobs.chargeDuePlans();
    expect(await renewals(plan!.id)).toHaveLength(1);
    const link = await manageLink(donation.id);
    // The receipt token opens the receipt only; the manage link's token stops the plan.
    expect(
      await a.plans.cancelByManageToken(donation.receipt!.token, donation.transactionNo),
    ).toBeUndefined();
    expect(await a.plans.cancelByManageToken("wrong", donation.transactionNo)).toBeUndefined();
    expect(await a.plans.cancelByManageToken(link.token, donation.transactionNo)).toBe("cancelled");
    expect(await a.plans.cancelByManageToken(link.token, donation.transactionNo)).toBe(
      "alreadyCancelled",
    );
    for (const day of ["2025-05-03", "2025-05-10", "2025-06-01"]) {
      at(`${day}T03:00:00Z`);
      await Promise.all([a.jobs.chargeDuePlans(), b.jobs.chargeDuePlans()]);
    }
    expect(await renewals(plan!.id)).toHaveLength(1);
    expect(await gatewayCharges(plan!.id)).toHaveLength(1);
    const [audit] = await sqlA.query<{ actor: string }>(
      "select actor from audit_log where action = 'recurring.cancel' and entity_id = $1",
      [plan!.id],
    );
    expect(audit?.actor).toBe("manage-link");
  });

  it("records a declined renewal, charges the next period as usual, and suspends after three", async () => {
    at("2025-06-01T03:00:00Z");
    const { plan } = await payFirst("daily");
    // The card on file starts to be declined (as when a card is reported lost).
    await sqlA.query("update recurring_plan set card_token = $2 where id = $1", [
      plan!.id,
      await card("4000000000000002"),
    ]);
    for (const day of ["2025-06-02", "2025-06-02", "2025-06-03", "2025-06-04", "2025-06-05"]) {
      at(`${day}T03:00:00Z`);
      await Promise.all([a.jobs.chargeDuePlans(), b.jobs.chargeDuePlans()]);
    }
    const charged = await renewals(plan!.id);
    expect(charged.map((row) => [row.period, row.status, row.donation_status])).toEqual([
      [1, "failed", "initiated"],
      [2, "failed", "initiated"],
      [3, "failed", "initiated"],
    ]);
    const [state] = await sqlA.query<{ status: string; next: string | null; declines: number }>(
      "select status, next_charge_on::text as next, consecutive_declines as declines from recurring_plan where id = $1",
      [plan!.id],
    );
    expect(state).toEqual({ status: "suspended", next: null, declines: 3 });
    const [failure] = await sqlA.query<{ failure_code: string }>(
      `select a.failure_code from payment_attempt a join recurring_charge c on c.donation_id = a.donation_id
       where c.plan_id = $1 and c.period = 1`,
      [plan!.id],
    );
    expect(failure?.failure_code).toBe("card_declined");
  });

  it("completes, once, a renewal whose charger died after the claim or after the charge", async () => {
    at("2025-07-01T03:00:00Z");
    const first = await payFirst("daily");
    const second = await payFirst("daily");
    at("2025-07-02T03:00:00Z");
    // Died after claiming: nothing at the gateway yet.
    const claimed = await a.plans.claim(first.plan!.id);
    expect(claimed?.period).toBe(1);
    expect(await b.plans.claim(first.plan!.id)).toBeUndefined();
    // Died after the gateway charged, before the portal recorded it.
    const charged = await a.plans.claim(second.plan!.id);
    const payment = await Effect.runPromise(
      a.sandbox.gateway.create({
        amount: charged!.amountCents as Cents,
        currency: "SGD",
        idempotencyKey: renewalIdempotencyKey(charged!.planId, charged!.period),
        description: charged!.transactionNo,
        method: "card",
        offSession: true,
      }),
    );
    await a.records.startAttempt(charged!.donationId, "sandbox", payment);
    await Effect.runPromise(a.sandbox.gateway.confirm(payment.paymentId, charged!.cardToken));
    // The next start-up: both instances reconcile at once.
    await Promise.all([a.jobs.reconcile(0), b.jobs.reconcile(0)]);
    await Promise.all([a.jobs.reconcile(0), b.jobs.chargeDuePlans()]);
    for (const { plan } of [first, second]) {
      expect(
        (await renewals(plan!.id)).map((row) => [row.period, row.status, row.donation_status]),
      ).toEqual([[1, "succeeded", "succeeded"]]);
      expect(await gatewayCharges(plan!.id)).toEqual([
        { idempotency_key: renewalIdempotencyKey(plan!.id, 1), state: "succeeded" },
      ]);
    }
  });

  it("records, once, a first payment the gateway charged when the portal died before recording it", async () => {
    at("2025-09-01T03:00:00Z");
    const { donation, payment } = await openAttempt("monthly", "ILMU", 2_500);
    await Effect.runPromise(a.sandbox.gateway.confirm(payment.paymentId, await card()));
    // Killed here. At the next start-up, two instances reconcile together, then once more.
    expect((await Promise.all([a.jobs.reconcile(0), b.jobs.reconcile(0)])).some((n) => n > 0)).toBe(
      true,
    );
    await a.jobs.reconcile(0);
    const rows = await sqlA.query<{ status: string; receipts: number; plans: number }>(
      `select d.status, (select count(*)::int from receipt r where r.donation_id = d.id) as receipts,
              (select count(*)::int from recurring_plan p where p.first_donation_id = d.id) as plans
       from donation d where d.id = $1`,
      [donation.id],
    );
    expect(rows).toEqual([{ status: "succeeded", receipts: 1, plans: 1 }]);
  });

  it("finds a charge the portal never recorded behind more than 500 checkouts abandoned before it", async () => {
    // Peak night: thousands of donors open a card payment and leave. Those attempts stay open (the
    // gateway has nothing to say about them) and must not hide a later one the gateway did charge.
    at("2025-09-02T03:00:00Z");
    for (let i = 0; i < 510; i++) await openAttempt("one time", "ILMU", 1_000);
    const charged = await openAttempt("one time", "ILMU", 3_300);
    await Effect.runPromise(a.sandbox.gateway.confirm(charged.payment.paymentId, await card()));
    // Killed before recording it; the next periodic pass (attempts older than a second) must find it.
    await pause(1_100);
    await a.jobs.reconcile(1);
    const [row] = await sqlA.query<{ status: string }>(
      "select status from donation where id = $1",
      [charged.donation.id],
    );
    expect(row).toEqual({ status: "succeeded" });
  }, 120_000);

  it("asks at once about a put-off attempt that a donor's retry charged before the portal died", async () => {
    at("2025-09-03T03:00:00Z");
    const { donation, payment } = await openAttempt("one time", "ILMU", 4_400);
    // A start-up pass finds it not yet paid and puts it off; then the donor's retry opens the same
    // gateway payment again (the same idempotency key) and the card is charged, and the portal dies.
    await a.jobs.reconcile(0);
    await a.records.startAttempt(donation.id, "sandbox", payment);
    await Effect.runPromise(a.sandbox.gateway.confirm(payment.paymentId, await card()));
    await pause(1_100);
    await a.jobs.reconcile(1);
    const [row] = await sqlA.query<{ status: string }>(
      "select status from donation where id = $1",
      [donation.id],
    );
    expect(row).toEqual({ status: "succeeded" });
  });

  it("does not charge a claim whose plan was cancelled before the charge", async () => {
    at("2025-08-01T03:00:00Z");
    const { donation, plan } = await payFirst("daily");
    at("2025-08-02T03:00:00Z");
    const claim = await a.plans.claim(plan!.id);
    expect(claim).toBeDefined();
    const link = await manageLink(donation.id);
    await a.plans.cancelByManageToken(link.token, donation.transactionNo);
    expect(await a.jobs.chargeClaim(claim!)).toBe("skipped");
    expect(await gatewayCharges(plan!.id)).toEqual([
      { idempotency_key: renewalIdempotencyKey(plan!.id, 1), state: "initiated" },
    ]);
    expect((await renewals(plan!.id)).map((row) => row.status)).toEqual(["failed"]);
  });
  it("keeps a monthly gift's manage link for 100 days, for its own plan only", async () => {
    at("2025-09-01T03:00:00Z");
    const { donation, plan } = await payFirst("monthly");
    const other = await payFirst("monthly");
    const link = await manageLink(donation.id);
    expect(link).toMatchObject({ transactionNo: donation.transactionNo, frequency: "monthly" });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await sqlA.query<{ plan_id: string; hash: string }>(
      "select plan_id, encode(token_hash, 'hex') as hash from recurring_manage_token where plan_id = $1",
      [plan!.id],
    );
    // Only the hash is kept.
    expect(stored?.hash).toBe(createHash("sha256").update(link.token).digest("hex"));
    expect(
      await a.plans.statusByManageToken(link.token, other.donation.transactionNo),
    ).toBeUndefined();
    now = Date.parse("2025-09-01T03:00:00Z") + 100 * 24 * 60 * 60 * 1000 - 60_000;
    expect(await a.plans.statusByManageToken(link.token, donation.transactionNo)).toMatchObject({
      recurringStatus: "active",
    });
    now += 120_000;
    expect(await a.plans.statusByManageToken(link.token, donation.transactionNo)).toBeUndefined();
    expect(await a.plans.cancelByManageToken(link.token, donation.transactionNo)).toBeUndefined();
  });
});
