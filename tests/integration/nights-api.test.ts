import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutbox, type OutboxMail } from "@portal/adapters/mail";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import { nricOf, registerSignIn } from "../support/donations";
import { bearer, callerOf, guestCookie, startPortal, type RunningPortal } from "../support/portal";

// Ports 9660-9669 are this file's.
let nextPort = 9660;
const CONTROL = randomBytes(24).toString("hex");

const nights = (name: string) => `/svc/wakaf/v1/Nights/${name}`;
const NOBODY = "00000000-0000-4000-8000-000000000000";

interface Schedule {
  id: string;
  year: number;
  amountCents: number;
  status: "active" | "stopped";
  nights: Array<{
    night: number;
    on: string;
    chargeOn: string;
    estimated: boolean;
    status: string;
  }>;
}
interface Coming {
  year: number;
  minCents: number;
  maxCents: number;
  nights: Array<{ night: number; on: string; chargeOn: string; estimated: boolean }>;
}

/**
 * The last ten nights' calls through the real server (docs/last-ten-nights.md): only a signed-in donor
 * schedules, on their own saved card, within WMS's limits; another donor or a stranger can neither
 * see nor stop a schedule (not found), a wrong token opens nothing, the manage link's token is
 * e-mailed and never written to the log, and schedules a year are bounded.
 */
describe.each(testDatabases())("the last ten nights' calls on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let tokenA: string;
  let tokenB: string;
  let cardA: string;
  let cardB: string;
  let coming: Coming;
  const call = callerOf(() => portal);

  const sandboxCard = async () =>
    (
      await call("/sandbox/v1/payment_methods", {
        number: "4242 4242 4242 4242",
        expMonth: 11,
        expYear: 2098,
        cvc: "123",
      })
    ).body["id"] as string;

  /** A paid WMS gift with "keep this card": the donor's saved card's id. */
  const savedCard = async (token: string, email: string) => {
    const created = await call(
      "/svc/payment/v1/donations/create",
      {
        flow: "WMS",
        items: { wms: 2_000 },
        totalCents: 2_000,
        ratesVersion: 1,
        donor: { name: "Aminah", email, anonymous: false },
      },
      { ...bearer(token), "idempotency-key": crypto.randomUUID() },
    );
    const donation = created.body["data"] as { id: string; clientSecret: string };
    const confirmed = await call(
      "/svc/payment/v1/donations/confirm",
      {
        donationId: donation.id,
        clientSecret: donation.clientSecret,
        paymentMethodId: await sandboxCard(),
        saveCard: true,
      },
      bearer(token),
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const cards = await call(
      "/svc/main/User/getUserStripeToken?Guid=x&charityId=136",
      undefined,
      bearer(token),
      "GET",
    );
    const data = cards.body["data"] as { userStripeTokens: { result: Array<{ id: string }> } };
    return data.userStripeTokens.result[0]!.id;
  };

  const mine = async (token: string) => {
    const reply = await call(nights("getLastTenNights"), {}, bearer(token));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body["data"] as { coming: Coming | null; schedules: Schedule[] };
  };
  const schedule = (token: string, body: Record<string, unknown>) =>
    call(nights("scheduleLastTenNights"), body, bearer(token));
  const body = (savedCardId: string, extra: Record<string, unknown> = {}) => ({
    year: coming.year,
    amountCents: 2_500,
    savedCardId,
    lang: "en",
    ...extra,
  });
  const mails = (to: string): Promise<OutboxMail[]> =>
    readOutbox(path.join(portal.dataDir, "outbox"), { to, kind: "nights" });
  const linkIn = (mail: OutboxMail | undefined) => {
    const found = /https?:\/\/\S+\/manage-nights#key=\S+/.exec(mail?.text ?? "");
    expect(found, mail?.text).not.toBeNull();
    const url = new URL(found![0]);
    return { url, token: new URLSearchParams(url.hash.slice(1)).get("key") ?? "" };
  };

  beforeAll(async () => {
    identity = await startTestIdentity();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
      PORTAL_TEST_CONTROL_TOKEN: CONTROL,
    });
    tokenA = await identity.sign({ email: "aminah.nights@example.sg", name: "Aminah" });
    tokenB = await identity.sign({ email: "badrul.nights@example.sg", name: "Badrul" });
    await registerSignIn(portal.base, tokenA, nricOf("6130351"), "91260001");
    await registerSignIn(portal.base, tokenB, nricOf("6130352"), "91260002");
    cardA = await savedCard(tokenA, "aminah.nights@example.sg");
    cardB = await savedCard(tokenB, "badrul.nights@example.sg");
    const first = await mine(tokenA);
    expect(first.schedules).toEqual([]);
    coming = first.coming!;
    expect(coming.nights.length).toBeGreaterThanOrEqual(1);
    expect(coming).toMatchObject({ minCents: 1_000, maxCents: 2_000_000 });
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("refuses a stranger, another donor's card and amounts outside WMS's limits; nothing is written", async () => {
    const guest = await guestCookie(portal.base);
    for (const name of ["getLastTenNights", "scheduleLastTenNights", "stopLastTenNights"]) {
      expect((await call(nights(name), body(cardA), { cookie: guest })).status).toBe(401);
    }
    expect(await schedule(tokenA, body(cardB))).toMatchObject({
      status: 404,
      body: { code: "savedCard.notFound" },
    });
    expect((await schedule(tokenA, body(NOBODY))).status).toBe(404);
    for (const amountCents of [999, 2_000_001, 0, -2_500]) {
      expect(await schedule(tokenA, body(cardA, { amountCents }))).toMatchObject({
        status: 422,
        body: { code: "donation.amount" },
      });
    }
    for (const bad of [{ amountCents: 25.5 }, { amountCents: "2500" }, { lang: "fr" }]) {
      expect((await schedule(tokenA, body(cardA, bad))).status).toBe(400);
    }
    // Only the coming Ramadan: a year far ahead (or past) would let schedules pile up unbounded.
    for (const year of [coming.year + 1, coming.year + 30, coming.year - 1]) {
      expect(await schedule(tokenA, body(cardA, { year }))).toMatchObject({
        status: 422,
        body: { code: "nights.year" },
      });
    }
    expect((await mine(tokenA)).schedules).toEqual([]);
    expect(await mails("aminah.nights@example.sg")).toEqual([]);
  });

  it("schedules on the donor's own card, e-mails the manage link and shows it to no one else", async () => {
    const made = await schedule(tokenA, body(cardA));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const scheduled = made.body["data"] as Schedule;
    expect(scheduled).toMatchObject({ year: coming.year, amountCents: 2_500, status: "active" });
    expect(scheduled.nights.map((n) => n.night)).toEqual(coming.nights.map((n) => n.night));
    expect(JSON.stringify(made.body)).not.toMatch(/token/i);
    await expect
      .poll(async () => (await mails("aminah.nights@example.sg")).length, { timeout: 10_000 })
      .toBe(1);
    const [mail] = await mails("aminah.nights@example.sg");
    const link = linkIn(mail);
    expect(link.url.host.startsWith("wakaf.")).toBe(true);

    // Another donor sees nothing of it and cannot stop it: as if it did not exist.
    expect((await mine(tokenB)).schedules).toEqual([]);
    for (const id of [scheduled.id, NOBODY, "not-a-uuid"]) {
      expect(await call(nights("stopLastTenNights"), { id }, bearer(tokenB))).toMatchObject({
        status: 404,
        body: { code: "nights.notFound" },
      });
    }
    // A wrong token, another's, or none opens nothing.
    for (const token of [
      "x",
      // The last character changed (a 32-byte token's can be "A", so "A" alone could be the token).
      link.token.slice(0, -1) + (link.token.endsWith("A") ? "B" : "A"),
      randomBytes(32).toString("base64url"),
    ]) {
      for (const name of ["getNightsByLink", "stopNightsByLink"]) {
        expect(await call(nights(name), { token })).toMatchObject({
          status: 404,
          body: { code: "nights.notFound" },
        });
      }
    }
    expect((await call(nights("getNightsByLink"), {})).status).toBe(400);
    expect((await mine(tokenA)).schedules.map((s) => s.status)).toEqual(["active"]);

    // The link's holder sees and stops it; the token is never written to the server's log.
    const seen = await call(nights("getNightsByLink"), { token: link.token });
    expect(seen.body["data"]).toMatchObject({ id: scheduled.id, status: "active" });
    const stopped = await call(nights("stopNightsByLink"), { token: link.token });
    expect(stopped.body["data"]).toMatchObject({ id: scheduled.id, status: "stopped" });
    const after = stopped.body["data"] as Schedule;
    expect(after.nights.every((n) => n.status === "stopped")).toBe(true);
    expect((await call(nights("stopNightsByLink"), { token: link.token })).status).toBe(200);
    expect(portal.output()).not.toContain(link.token);
  });

  it("keeps one active schedule a year, at most five made, and stops the owner's own", async () => {
    const made = async () => {
      const reply = await schedule(tokenB, body(cardB, { amountCents: 1_000 }));
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body["data"] as Schedule;
    };
    let current = await made();
    expect(await schedule(tokenB, body(cardB))).toMatchObject({
      status: 409,
      body: { code: "nights.already" },
    });
    for (let i = 1; i < 5; i++) {
      const stopped = await call(nights("stopLastTenNights"), { id: current.id }, bearer(tokenB));
      expect(stopped.status).toBe(200);
      expect((stopped.body["data"] as Schedule[]).find((s) => s.id === current.id)?.status).toBe(
        "stopped",
      );
      current = await made();
    }
    await call(nights("stopLastTenNights"), { id: current.id }, bearer(tokenB));
    expect(await schedule(tokenB, body(cardB))).toMatchObject({
      status: 409,
      body: { code: "nights.tooMany" },
    });
    expect((await mine(tokenB)).schedules).toHaveLength(5);
    // A's schedule is still A's alone.
    expect((await mine(tokenA)).schedules).toHaveLength(1);
  });
});
