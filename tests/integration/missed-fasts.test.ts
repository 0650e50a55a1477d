import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MISSED_FASTS_MAX } from "@portal/domain";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import { Donor, nricOf, registerSignIn } from "../support/donations";
import { bearer, callerOf, guestCookie, startPortal, type RunningPortal } from "../support/portal";

// Ports 9620-9629 are this file's.
let nextPort = 9620;

const path = (name: string) => `/svc/donor/api/User/${name}`;
const NOBODY = "00000000-0000-4000-8000-000000000000";

interface Entry {
  id: string;
  hijriYear: number;
  reason: string;
  days: number;
  paidTransactionNo: string | null;
}

/**
 * The donor's log of missed fasts (docs/missed-fasts.md) through the real server: only the donor reads
 * and changes their own; a stranger, a guest, another donor get nothing; the log is capped; bad input
 * is a clear 422, nothing kept; the fidyah owed is the unpaid days at the current rate; days are
 * marked paid only by the donor's own succeeded fidyah payment for exactly those days.
 */
describe.each(testDatabases())("missed fasts on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let tokenA: string;
  let tokenB: string;
  const call = callerOf(() => portal);

  const log = async (token: string) => {
    const reply = await call(path("getMissedFasts"), {}, bearer(token));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body["data"] as {
      entries: Entry[];
      fidyahPerDayCents: number;
      owedDays: number;
      owedCents: number;
    };
  };
  const save = (token: string, body: Record<string, unknown>) =>
    call(path("saveMissedFast"), body, bearer(token));
  const saved = async (token: string, body: Record<string, unknown>) => {
    const reply = await save(token, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body["data"] as Entry;
  };
  /** A fidyah payment of `days` by the signed-in donor, as checkout makes it. */
  const payFidyah = (token: string, days: number) =>
    new Donor(portal.base, bearer(token)).donate({
      flow: "FIDYAH",
      items: { fidyah: { days, types: ["haid"] } },
      totalCents: days * 400,
    });

  beforeAll(async () => {
    identity = await startTestIdentity();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
    });
    tokenA = await identity.sign({ email: "aminah.fasts@example.sg", name: "Aminah" });
    tokenB = await identity.sign({ email: "badrul.fasts@example.sg", name: "Badrul" });
    await registerSignIn(portal.base, tokenA, nricOf("6130341"), "91250001");
    await registerSignIn(portal.base, tokenB, nricOf("6130342"), "91250002");
  }, 120_000);

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("logs, changes and removes the donor's own entries; owes the unpaid days at $4 a day", async () => {
    const travel = await saved(tokenA, { hijriYear: 1445, reason: "travel", days: 4 });
    await saved(tokenA, { hijriYear: 1446, reason: "pregnancy", days: 10 });
    const mine = await log(tokenA);
    expect(mine.entries.map((e) => [e.hijriYear, e.reason, e.days, e.paidTransactionNo])).toEqual([
      [1446, "pregnancy", 10, null],
      [1445, "travel", 4, null],
    ]);
    expect(mine).toMatchObject({ fidyahPerDayCents: 400, owedDays: 14, owedCents: 5_600 });
    const changed = await saved(tokenA, {
      id: travel.id,
      hijriYear: 1445,
      reason: "illness",
      days: 5,
    });
    expect(changed).toMatchObject({ id: travel.id, reason: "illness", days: 5 });
    expect((await log(tokenA)).owedCents).toBe(6_000);
    const removed = await call(path("removeMissedFast"), { id: travel.id }, bearer(tokenA));
    expect(removed.status).toBe(200);
    expect(await log(tokenA)).toMatchObject({ owedDays: 10, owedCents: 4_000 });
  });

  it("shows another donor's entries to nobody else, and changes, removes or pays them for nobody", async () => {
    const theirs = await saved(tokenA, { hijriYear: 1440, reason: "old-age", days: 30 });
    expect((await log(tokenB)).entries.map((e) => e.id)).not.toContain(theirs.id);
    const replies = [
      await save(tokenB, { id: theirs.id, hijriYear: 1440, reason: "other", days: 1 }),
      await call(path("removeMissedFast"), { id: theirs.id }, bearer(tokenB)),
      await call(path("recordMissedFastsPaid"), { ids: [theirs.id] }, bearer(tokenB)),
    ];
    const missing = await call(path("removeMissedFast"), { id: NOBODY }, bearer(tokenB));
    for (const reply of [...replies, missing]) {
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ status: 0, code: "missedFast.notFound" });
    }
    expect(replies[1]!.body).toEqual(missing.body);
    // B's own fidyah payment of the same days does not pay A's entry either.
    await payFidyah(tokenB, 30);
    const tried = await call(path("recordMissedFastsPaid"), { ids: [theirs.id] }, bearer(tokenA));
    expect(tried.status).toBe(409);
    expect((await log(tokenA)).entries.find((e) => e.id === theirs.id)).toMatchObject({
      days: 30,
      paidTransactionNo: null,
    });
    await call(path("removeMissedFast"), { id: theirs.id }, bearer(tokenA));
  });

  it("answers a stranger, a guest and a bad token with nothing", async () => {
    const cookie = await guestCookie(portal.base);
    for (const headers of [{}, { cookie }, bearer("not-a-token")]) {
      for (const [name, body] of [
        ["getMissedFasts", {}],
        ["saveMissedFast", { hijriYear: 1446, reason: "travel", days: 3 }],
        ["removeMissedFast", { id: NOBODY }],
        ["recordMissedFastsPaid", { ids: [NOBODY] }],
      ] as const) {
        const reply = await call(path(name), body, headers);
        expect(reply.status, `${name} ${JSON.stringify(headers)}`).toBe(401);
      }
    }
  });

  it("refuses bad input with the field named, keeping nothing", async () => {
    const before = (await log(tokenB)).entries.length;
    for (const [body, code] of [
      [{ hijriYear: 2025, reason: "travel", days: 3 }, "missedFast.year"],
      [{ hijriYear: 1379, reason: "travel", days: 3 }, "missedFast.year"],
      [{ hijriYear: 1446, reason: "haid", days: 3 }, "missedFast.reason"],
      [{ hijriYear: 1446, reason: "travel", days: 0 }, "missedFast.days"],
      [{ hijriYear: 1446, reason: "travel", days: 31 }, "missedFast.days"],
    ] as const) {
      const reply = await save(tokenB, body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(reply.body).toMatchObject({ status: 0, code });
    }
    for (const body of [
      {},
      { hijriYear: "1446", reason: "travel", days: 3 },
      { hijriYear: 1446, reason: "travel", days: 2.5 },
      { hijriYear: 1446, reason: 3, days: 3 },
    ]) {
      expect((await save(tokenB, body)).status, JSON.stringify(body)).toBe(400);
    }
    for (const ids of [
      [],
      ["not-a-uuid"],
      Array.from({ length: MISSED_FASTS_MAX + 1 }, () => NOBODY),
    ]) {
      const reply = await call(path("recordMissedFastsPaid"), { ids }, bearer(tokenB));
      expect([400, 404], JSON.stringify(reply.body)).toContain(reply.status);
    }
    expect((await log(tokenB)).entries).toHaveLength(before);
  });

  it("marks days paid only by the donor's own fidyah payment for exactly those days, once", async () => {
    const token = await identity.sign({ email: "paying.fasts@example.sg", name: "Paying" });
    await registerSignIn(portal.base, token, nricOf("6130343"), "91250003");
    const a = await saved(token, { hijriYear: 1446, reason: "illness", days: 5 });
    const b = await saved(token, { hijriYear: 1445, reason: "old-age", days: 2 });
    const ids = [a.id, b.id];
    // Not paid yet: refused, nothing marked.
    const early = await call(path("recordMissedFastsPaid"), { ids }, bearer(token));
    expect(early).toMatchObject({ status: 409, body: { code: "missedFast.unpaid" } });
    // A payment for other days does not pay them.
    await payFidyah(token, 6);
    expect((await call(path("recordMissedFastsPaid"), { ids }, bearer(token))).status).toBe(409);
    const paid = await payFidyah(token, 7);
    const recorded = await call(path("recordMissedFastsPaid"), { ids }, bearer(token));
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(recorded.body["data"]).toEqual({ transactionNo: paid.transactionNo });
    const after = await log(token);
    expect(after.entries.map((e) => e.paidTransactionNo)).toEqual([
      paid.transactionNo,
      paid.transactionNo,
    ]);
    expect(after).toMatchObject({ owedDays: 0, owedCents: 0 });
    // Paid entries are not paid again nor changed; the same payment does not pay new entries.
    expect((await call(path("recordMissedFastsPaid"), { ids }, bearer(token))).status).toBe(404);
    const edited = await save(token, { id: a.id, hijriYear: 1446, reason: "illness", days: 6 });
    expect(edited).toMatchObject({ status: 409, body: { code: "missedFast.paid" } });
    const c = await saved(token, { hijriYear: 1444, reason: "other", days: 7 });
    const again = await call(path("recordMissedFastsPaid"), { ids: [c.id] }, bearer(token));
    expect(again.status).toBe(409);
  });

  it(`keeps at most ${MISSED_FASTS_MAX} entries per donor, saying so, even asked at once`, async () => {
    const token = await identity.sign({ email: "cap.fasts@example.sg", name: "Cap" });
    await registerSignIn(portal.base, token, nricOf("6130344"), "91250004");
    const replies = await Promise.all(
      Array.from({ length: MISSED_FASTS_MAX + 4 }, (_, n) =>
        save(token, { hijriYear: 1400 + (n % 40), reason: "travel", days: 1 }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(MISSED_FASTS_MAX);
    const refused = replies.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(4);
    for (const reply of refused) {
      expect(reply).toMatchObject({ status: 422, body: { code: "missedFast.full" } });
    }
    expect((await log(token)).entries).toHaveLength(MISSED_FASTS_MAX);
    expect((await save(tokenB, { hijriYear: 1446, reason: "other", days: 2 })).status).toBe(200);
  });
});
