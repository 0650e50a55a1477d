import { randomBytes } from "node:crypto";
import { Effect } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portError, type Cents, type PaymentGatewayShape } from "@portal/domain";
import { guestSessions, payments, recurring, type Sql } from "@portal/adapters/db";
import { paymentJobs } from "@portal/adapters/payments";
import { createSandbox, migrateStandins, sqlSandboxStore } from "@portal/standins";
import { testDatabases, useDatabase } from "../support/databases";
import { donationInput } from "../support/records";

/**
 * Reconciliation when the gateway cannot answer for a while (its service down, or, for the sandbox,
 * its store's database connection cut): a pass that cannot ask is not a pass that found nothing.
 */
describe.each(testDatabases())("reconciliation through a gateway outage on $name", (database) => {
  let sql: Sql;
  useDatabase(database, (opened) => (sql = opened), migrateStandins);

  const key = randomBytes(32);
  let sandbox: ReturnType<typeof createSandbox>;
  let records: ReturnType<typeof payments>;
  let plans: ReturnType<typeof recurring>;
  beforeAll(() => {
    plans = recurring(sql, { now: () => Date.now() });
    records = payments(sql, key, { onSucceeded: plans.onSucceeded });
    sandbox = createSandbox({ challengeUrl: (id) => `/3ds/${id}`, store: sqlSandboxStore(sql) });
  });

  /** The sandbox, except that while `down` its `retrieve` cannot answer, as a gateway that is down. */
  let down = false;
  const gateway = (): PaymentGatewayShape => ({
    ...sandbox.gateway,
    retrieve: (paymentId) =>
      down
        ? Effect.fail(portError("PaymentGateway", "port.unavailable", "connect ECONNREFUSED"))
        : sandbox.gateway.retrieve(paymentId),
  });

  let stop: (() => void) | undefined;
  afterAll(() => stop?.());

  it("puts off nothing while the gateway is down, and the start-up pass records the charge once it is back", async () => {
    // A guest's card payment the gateway charged; the instance was killed before recording it.
    const { session } = await guestSessions(sql).start();
    const { donation } = await records.create(
      donationInput("ZAKAT", "harta", 4_200, { guestSessionId: session.id }),
    );
    const payment = await Effect.runPromise(
      sandbox.gateway.create({
        amount: 4_200 as Cents,
        currency: "SGD",
        idempotencyKey: `${donation.id}:0`,
        description: donation.transactionNo,
        method: "card",
      }),
    );
    await records.startAttempt(donation.id, "sandbox", payment);
    const card = await sandbox.tokenize(
      { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" },
      new Date(),
    );
    if ("error" in card) throw new Error(card.error);
    await Effect.runPromise(sandbox.gateway.confirm(payment.paymentId, card.id));

    // The restarted instance's jobs start while the gateway cannot answer.
    down = true;
    const said: string[] = [];
    const jobs = paymentJobs({
      records,
      recurring: plans,
      gateway: (name) => (name === "sandbox" ? gateway() : undefined),
      log: (line) => said.push(line),
    }).start({ intervalMs: 150, staleAfterSeconds: 60 });
    stop = jobs.stop;
    await jobs.firstPass;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(said.some((line) => line.startsWith("start-up reconciliation"))).toBe(false);
    expect(said.some((line) => line.includes("could not answer"))).toBe(true);
    // Not put off: nothing the gateway said makes it wait for a later check.
    const attempt = () =>
      sql.query<{ status: string; check_count: number; deferred: boolean }>(
        `select status, check_count::int as check_count, next_check_at is not null as deferred
         from payment_attempt where donation_id = $1`,
        [donation.id],
      );
    expect(await attempt()).toEqual([{ status: "initiated", check_count: 0, deferred: false }]);

    // The gateway answers again: the next pass is still the start-up pass (it asks about every open
    // attempt, however young: this one is younger than the periodic passes' 60 s) and records it.
    down = false;
    const until = Date.now() + 15_000;
    while (!said.some((line) => line.startsWith("start-up reconciliation")) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(said.filter((line) => line.startsWith("start-up reconciliation"))).toHaveLength(1);
    expect((await attempt())[0]?.status).toBe("succeeded");
    const [paid] = await sql.query<{ status: string; receipts: number }>(
      `select status, (select count(*)::int from receipt r where r.donation_id = d.id) as receipts
       from donation d where id = $1`,
      [donation.id],
    );
    expect(paid).toEqual({ status: "succeeded", receipts: 1 });
  });
});
