import { randomBytes, randomUUID } from "node:crypto";
import { Effect } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dayNumberOf,
  hijriCalendar,
  isoDateOf,
  lastTenNights,
  tabularHijriOf,
  type Cents,
  type HijriEstimator,
  type HijriMonthStart,
} from "@portal/domain";
import { donors, nightSchedules, NightsRefused, payments, type Sql } from "@portal/adapters/db";
import { nightJobs } from "@portal/adapters/payments";
import { createSandbox, migrateStandins, sqlSandboxStore } from "@portal/standins";
import { testDatabases } from "../support/databases";

const tabular: HijriEstimator = (iso) => tabularHijriOf(dayNumberOf(iso)!);
const ramadan = (start: string): HijriMonthStart => ({ year: 1447, month: 9, start });
const syawal = (start: string): HijriMonthStart => ({ year: 1447, month: 10, start });
const plus = (iso: string, days: number) => isoDateOf(dayNumberOf(iso)! + days);
/** Ramadan 1447 as the council published it: from 19 February 2026, 30 days. */
const published = hijriCalendar([ramadan("2026-02-19"), syawal("2026-03-21")]);
/** 20:00 in Singapore on an evening. */
const eveningOf = (iso: string) => `${iso}T12:00:00Z`;

/**
 * The last ten nights of Ramadan (issue 33) on the portal's records and the sandbox gateway: only a
 * donor's own saved card, only their own schedule seen or stopped, each night charged once however
 * many schedulers run at once, inside its evening, never on an estimate the council has moved.
 */
describe.each(testDatabases())("last ten nights on $name", (database) => {
  let sqlA: Sql;
  let sqlB: Sql;
  let now = Date.parse("2026-03-01T03:00:00Z");
  const key = randomBytes(32);

  const instance = (sql: Sql) => {
    const nights = nightSchedules(sql, { now: () => now, estimate: tabular });
    const records = payments(sql, key);
    const sandbox = createSandbox({
      challengeUrl: (id) => `/3ds/${id}`,
      store: sqlSandboxStore(sql),
    });
    const jobs = nightJobs({
      records,
      nights,
      gateway: (name) => (name === "sandbox" ? sandbox.gateway : undefined),
      now: () => now,
    });
    return { nights, records, sandbox, jobs };
  };
  let a: ReturnType<typeof instance>;
  let b: ReturnType<typeof instance>;

  beforeAll(async () => {
    sqlA = await database.open();
    await migrateStandins(sqlA);
    sqlB = database.name === "PGlite" ? sqlA : await database.open();
    a = instance(sqlA);
    b = instance(sqlB);
  });

  afterAll(async () => {
    await sqlA?.close();
    if (sqlB !== sqlA) await sqlB?.close();
    await database.cleanup();
  });

  const at = (iso: string) => (now = Date.parse(iso));

  /** A signed-in donor with one saved card (as a paid gift with "keep this card" leaves it). */
  const donor = async (number = "4242424242424242") => {
    const id = randomUUID();
    await sqlA.query(
      "insert into donor (id, kind, name, email) values ($1, 'individual', $2, $3)",
      [id, "Aminah", `${id}@example.com`],
    );
    const made = await a.sandbox.tokenize(
      { number, expMonth: 12, expYear: 2099, cvc: "123" },
      new Date(now),
    );
    if ("error" in made) throw new Error(made.error);
    const cardId = randomUUID();
    await sqlA.query(
      `insert into saved_card (id, donor_id, gateway, gateway_token, brand, last4, exp_month, exp_year)
       values ($1, $2, 'sandbox', $3, 'visa', $4, 12, 2099)`,
      [cardId, id, made.id, number.slice(-4)],
    );
    return { id, cardId };
  };

  const input = (cardId: string, amountCents = 2_000) => ({
    year: 1447,
    flow: "WMS" as const,
    amountCents,
    savedCardId: cardId,
    ratesVersion: 1,
    lang: "en" as const,
  });

  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof NightsRefused) return error.key;
      throw error;
    }
    return undefined;
  };

  const charges = async (scheduleId: string) =>
    sqlA.query<{ idempotency_key: string; state: string }>(
      "select idempotency_key, state from sandbox_payment where idempotency_key like $1 order by idempotency_key",
      [`nights:${scheduleId}:%`],
    );
  const nightStatus = async (scheduleId: string) =>
    (await a.nights.mine((await owner(scheduleId)) ?? "")).find((s) => s.id === scheduleId)?.nights;
  const owner = async (scheduleId: string) =>
    (
      await sqlA.query<{ donor_id: string }>("select donor_id from night_schedule where id = $1", [
        scheduleId,
      ])
    )[0]?.donor_id;

  it("schedules the ten nights on the donor's own saved card, with their evenings", async () => {
    at("2026-03-01T03:00:00Z");
    const aminah = await donor();
    const { schedule, token } = await a.nights.schedule(aminah.id, input(aminah.cardId), published);
    expect(token.length).toBeGreaterThan(30);
    expect(schedule).toMatchObject({ year: 1447, amountCents: 2_000, status: "active" });
    expect(schedule.nights.map((n) => n.night)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(schedule.nights[0]).toMatchObject({ on: "2026-03-11", chargeOn: "2026-03-10" });
    expect(schedule.nights[9]).toMatchObject({ on: "2026-03-20", chargeOn: "2026-03-19" });
    expect(await a.nights.mine(aminah.id)).toEqual([schedule]);
    expect(await a.nights.byManageToken(token)).toEqual(schedule);
    // A second schedule for the same Ramadan is refused; nothing more is written.
    expect(await refusal(a.nights.schedule(aminah.id, input(aminah.cardId), published))).toBe(
      "nights.already",
    );
    expect(await a.nights.mine(aminah.id)).toHaveLength(1);
  });

  it("has nine nights in a Ramadan the council published with 29 days", async () => {
    at("2026-03-01T03:00:00Z");
    const short = hijriCalendar([ramadan("2026-02-19"), syawal("2026-03-20")]);
    const d = await donor();
    const { schedule } = await a.nights.schedule(d.id, input(d.cardId), short);
    expect(schedule.nights.map((n) => n.night)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29]);
  });

  it("refuses another donor's card, a bad amount and an unknown card, writing nothing", async () => {
    at("2026-03-01T03:00:00Z");
    const stranger = await donor();
    const victim = await donor("5555555555554444");
    expect(await refusal(a.nights.schedule(stranger.id, input(victim.cardId), published))).toBe(
      "savedCard.notFound",
    );
    expect(await refusal(a.nights.schedule(stranger.id, input("not-a-card"), published))).toBe(
      "savedCard.notFound",
    );
    expect(
      await refusal(a.nights.schedule(stranger.id, input(stranger.cardId, 999), published)),
    ).toBe("donation.amount");
    expect(
      await refusal(
        a.nights.schedule(stranger.id, input(stranger.cardId, 20.5 as number), published),
      ),
    ).toBe("donation.amount");
    // Zakat is not given a night at a time.
    expect(
      await refusal(
        a.nights.schedule(stranger.id, { ...input(stranger.cardId), flow: "ZAKAT" }, published),
      ),
    ).toBe("nights.flow");
    expect(await a.nights.mine(stranger.id)).toEqual([]);
  });

  it("lets no stranger see or stop another donor's schedule", async () => {
    at("2026-03-01T03:00:00Z");
    const aminah = await donor();
    const stranger = await donor();
    const { schedule } = await a.nights.schedule(aminah.id, input(aminah.cardId), published);
    expect(await a.nights.mine(stranger.id)).toEqual([]);
    expect(await a.nights.stopOwn(stranger.id, schedule.id)).toBeUndefined();
    expect(await a.nights.stopByManageToken(randomBytes(32).toString("base64url"))).toBeUndefined();
    expect(await a.nights.byManageToken(schedule.id)).toBeUndefined();
    expect((await a.nights.mine(aminah.id))[0]?.status).toBe("active");
    // Her own stop works, once.
    expect(await a.nights.stopOwn(aminah.id, schedule.id)).toBe("stopped");
    expect(await a.nights.stopOwn(aminah.id, schedule.id)).toBe("alreadyStopped");
  });

  it("bounds how many schedules a donor can make in a year", async () => {
    at("2026-03-01T03:00:00Z");
    const d = await donor();
    for (let i = 0; i < 5; i += 1) {
      const { schedule } = await a.nights.schedule(d.id, input(d.cardId), published);
      await a.nights.stopOwn(d.id, schedule.id);
    }
    expect(await refusal(a.nights.schedule(d.id, input(d.cardId), published))).toBe(
      "nights.tooMany",
    );
    expect(await a.nights.mine(d.id)).toHaveLength(5);
  });

  it("charges each night once on its evening, however many schedulers run at once", async () => {
    at("2026-03-01T03:00:00Z");
    const d = await donor();
    const { schedule } = await a.nights.schedule(d.id, input(d.cardId), published);
    // 18:00 in Singapore on 10 March: the 21st night's window has not opened.
    at("2026-03-10T10:00:00Z");
    await Promise.all([a.jobs.chargeNights(published), b.jobs.chargeNights(published)]);
    expect(await charges(schedule.id)).toEqual([]);
    // 20:00: two instances and a repeat run charge the 21st night once.
    at(eveningOf("2026-03-10"));
    await Promise.all([
      a.jobs.chargeNights(published),
      b.jobs.chargeNights(published),
      a.jobs.chargeNights(published),
    ]);
    await a.jobs.chargeNights(published);
    const [made] = await sqlA.query<{ count: number }>(
      "select count(*)::int as count from donation where inputs -> 'night' ->> 'scheduleId' = $1",
      [schedule.id],
    );
    expect(made?.count).toBe(1);
    expect(await charges(schedule.id)).toEqual([
      { idempotency_key: `nights:${schedule.id}:21`, state: "succeeded" },
    ]);
    const paid = await sqlA.query<{ status: string; total_cents: string; flow: string }>(
      `select d.status, d.total_cents, d.flow from night_schedule_night n join donation d on d.id = n.donation_id
       where n.schedule_id = $1`,
      [schedule.id],
    );
    expect(paid).toEqual([{ status: "succeeded", total_cents: expect.anything(), flow: "WMS" }]);
    expect(Number(paid[0]?.total_cents)).toBe(2_000);
    expect((await nightStatus(schedule.id))?.[0]).toMatchObject({ night: 21, status: "succeeded" });
  });

  it("stops from the manage link: no later night is charged", async () => {
    at("2026-03-01T03:00:00Z");
    const d = await donor();
    const { schedule, token } = await a.nights.schedule(d.id, input(d.cardId), published);
    expect(await a.nights.stopByManageToken(token)).toBe("stopped");
    expect((await a.nights.byManageToken(token))?.status).toBe("stopped");
    at(eveningOf("2026-03-11"));
    await a.jobs.chargeNights(published);
    expect(await charges(schedule.id)).toEqual([]);
    expect((await nightStatus(schedule.id))?.every((n) => n.status === "stopped")).toBe(true);
  });

  it("never charges on an estimate the council has moved: the night moves to its new evening", async () => {
    // Scheduled before anything was published: the tabular estimate.
    const estimated = lastTenNights(hijriCalendar([]), 1447, tabular);
    const first = estimated[0]!;
    at(`${plus(first.chargeOn, -10)}T03:00:00Z`);
    const d = await donor();
    const { schedule } = await a.nights.schedule(d.id, input(d.cardId), hijriCalendar([]));
    expect(schedule.nights[0]).toMatchObject({ night: 21, on: first.on, estimated: true });
    // The council then publishes Ramadan a day later than the estimate.
    const later = hijriCalendar([ramadan(plus(first.on, -19))]);
    at(eveningOf(first.chargeOn));
    await Promise.all([a.jobs.chargeNights(later), b.jobs.chargeNights(later)]);
    expect(await charges(schedule.id)).toEqual([]);
    expect((await nightStatus(schedule.id))?.[0]).toMatchObject({
      night: 21,
      on: plus(first.on, 1),
      chargeOn: plus(first.chargeOn, 1),
      estimated: false,
      status: "scheduled",
    });
    // Its new evening: charged once.
    at(eveningOf(plus(first.chargeOn, 1)));
    await a.jobs.chargeNights(later);
    expect((await charges(schedule.id)).map((c) => c.idempotency_key)).toEqual([
      `nights:${schedule.id}:21`,
    ]);
  });

  it("lets the 30th night wait for Syawal, and drops it in a 29-day Ramadan", async () => {
    at("2026-03-01T03:00:00Z");
    const onlyRamadan = hijriCalendar([ramadan("2026-02-19")]);
    const d = await donor();
    const { schedule } = await a.nights.schedule(d.id, input(d.cardId), onlyRamadan);
    const thirtieth = schedule.nights.find((n) => n.night === 30)!;
    expect(thirtieth.estimated).toBe(true);
    at(eveningOf(thirtieth.chargeOn));
    await a.jobs.chargeNights(onlyRamadan);
    expect((await charges(schedule.id)).some((c) => c.idempotency_key.endsWith(":30"))).toBe(false);
    expect((await nightStatus(schedule.id))?.find((n) => n.night === 30)?.status).toBe("scheduled");
    const short = hijriCalendar([ramadan("2026-02-19"), syawal("2026-03-20")]);
    await a.jobs.chargeNights(short);
    expect((await nightStatus(schedule.id))?.find((n) => n.night === 30)?.status).toBe("dropped");
    expect((await charges(schedule.id)).some((c) => c.idempotency_key.endsWith(":30"))).toBe(false);
  });

  it("does not charge a night whose window passed while the server was down", async () => {
    at("2026-03-01T03:00:00Z");
    const d = await donor();
    const { schedule } = await a.nights.schedule(d.id, input(d.cardId), published);
    // 06:00 in Singapore on 11 March: the 21st night's window closed at 05:00.
    at("2026-03-10T22:00:00Z");
    await a.jobs.chargeNights(published);
    expect(await charges(schedule.id)).toEqual([]);
    expect((await nightStatus(schedule.id))?.[0]).toMatchObject({ night: 21, status: "missed" });
  });

  /** A crash between the claim and the settling: the night is left `claimed`, as a killed server leaves it. */
  const claimedAt21 = async () => {
    at("2026-03-01T03:00:00Z");
    const d = await donor();
    const { schedule } = await a.nights.schedule(d.id, input(d.cardId), published);
    at(eveningOf("2026-03-10"));
    const claim = await a.nights.claimNight(schedule.id, 21, published);
    expect(claim).toBeDefined();
    return { d, schedule, claim: claim! };
  };
  const donationOf = async (donationId: string) =>
    (
      await sqlA.query<{
        status: string;
        gift_email: string | null;
        donor_details: { name?: string; email?: string } | null;
      }>("select status, gift_email, donor_details from donation where id = $1", [donationId])
    )[0];

  it("carries the donor's particulars on the night's donation, as a renewal does", async () => {
    const { d, claim } = await claimedAt21();
    const donation = await donationOf(claim.donationId);
    expect(donation?.gift_email).toBe(`${d.id}@example.com`);
    expect(donation?.donor_details).toMatchObject({ name: "Aminah", email: `${d.id}@example.com` });
    // Left claimed (a crash): the next start-up's resume settles it.
    expect(await a.jobs.resumeNights(0)).toEqual(["succeeded"]);
  });

  it("resumes a claim whose charger died before the gateway: charged once, under its key", async () => {
    const { schedule, claim } = await claimedAt21();
    // Nothing picks it up as due again: the next pass charges nothing.
    await a.jobs.chargeNights(published);
    expect(await charges(schedule.id)).toEqual([]);
    // The resume (two instances at start-up, then a repeat) charges it once.
    const outcomes = await Promise.all([a.jobs.resumeNights(0), b.jobs.resumeNights(0)]);
    expect(outcomes.flat()).toEqual(["succeeded"]);
    await a.jobs.resumeNights(0);
    await a.jobs.chargeNights(published);
    expect(await charges(schedule.id)).toEqual([
      { idempotency_key: `nights:${schedule.id}:21`, state: "succeeded" },
    ]);
    expect((await donationOf(claim.donationId))?.status).toBe("succeeded");
    expect((await nightStatus(schedule.id))?.[0]).toMatchObject({ night: 21, status: "succeeded" });
  });

  it("resumes a claim charged at the gateway but never recorded: recorded, not charged again", async () => {
    const { schedule, claim } = await claimedAt21();
    // The dead charger got as far as the gateway's charge: the money was taken, nothing recorded.
    const gateway = a.sandbox.gateway;
    const created = await Effect.runPromise(
      gateway.create({
        amount: claim.amountCents as Cents,
        currency: "SGD",
        idempotencyKey: `nights:${schedule.id}:21`,
        description: claim.transactionNo,
        method: "card",
        offSession: true,
      }),
    );
    await a.records.startAttempt(claim.donationId, "sandbox", created);
    await Effect.runPromise(
      gateway.confirm(created.paymentId, claim.cardToken, { offSession: true }),
    );
    expect((await donationOf(claim.donationId))?.status).toBe("initiated");
    expect(await a.jobs.resumeNights(0)).toEqual(["succeeded"]);
    expect(await charges(schedule.id)).toEqual([
      { idempotency_key: `nights:${schedule.id}:21`, state: "succeeded" },
    ]);
    expect((await donationOf(claim.donationId))?.status).toBe("succeeded");
    expect((await nightStatus(schedule.id))?.[0]?.status).toBe("succeeded");
    expect(await a.jobs.resumeNights(0)).toEqual([]);
  });

  it("does not charge a resumed claim whose window has closed, or whose schedule was stopped", async () => {
    const late = await claimedAt21();
    at("2026-03-10T22:00:00Z");
    const stopped = await claimedAt21();
    await a.nights.stopOwn(stopped.d.id, stopped.schedule.id);
    at("2026-03-10T22:00:00Z");
    const outcomes = await a.jobs.resumeNights(0);
    expect(outcomes.sort()).toEqual(["missed", "stopped"]);
    for (const { schedule } of [late, stopped]) {
      expect((await charges(schedule.id)).filter((c) => c.state === "succeeded")).toEqual([]);
    }
    expect((await nightStatus(late.schedule.id))?.[0]?.status).toBe("missed");
    expect((await nightStatus(stopped.schedule.id))?.[0]?.status).toBe("stopped");
  });

  it("stops a closed account's schedules: no night is charged after it", async () => {
    at("2026-03-01T03:00:00Z");
    const d = await donor();
    const { schedule, token } = await a.nights.schedule(d.id, input(d.cardId), published);
    await donors(sqlA, key).close(d.id);
    expect((await a.nights.mine(d.id))[0]?.status).toBe("stopped");
    expect(await a.nights.byManageToken(token)).toBeUndefined();
    at(eveningOf("2026-03-10"));
    await a.jobs.chargeNights(published);
    expect(await charges(schedule.id)).toEqual([]);
  });
});
