import { addDays, HAUL_ENTRY_LIMIT, sgtDate } from "@portal/domain";
import { decodeResponse } from "@portal/adapters/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import { Donor, nricOf, registerSignIn } from "../support/donations";
import { bearer, callerOf, guestCookie, startPortal, type RunningPortal } from "../support/portal";

// Ports 9430-9449 are this file's.
let nextPort = 9430;

const trackerPath = "/svc/donor/api/User/getHaulTracker";
const savePath = "/svc/donor/api/User/saveHaulEntry";
const deletePath = "/svc/donor/api/User/deleteHaulEntry";

type Tracker = ReturnType<typeof decodeResponse<"getHaulTracker">>["data"];

/**
 * The haul tracker's calls through the real server (docs/haul-tracker.md): a donor's lines are theirs
 * alone. A guest, a stranger's token, a signed-in person who is no donor and another donor get
 * nothing and change nothing; the lines per donor are capped; dates and cents are checked here again.
 */
describe.each(testDatabases())("haul tracker on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  const call = callerOf(() => portal);
  let a: Record<string, string>;
  let b: Record<string, string>;
  const today = sgtDate(Date.now());

  const trackerOf = async (headers: Record<string, string>): Promise<Tracker> => {
    const reply = await call(trackerPath, {}, headers);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return decodeResponse("getHaulTracker", reply.body).data;
  };

  beforeAll(async () => {
    identity = await startTestIdentity();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
    });
    const tokenA = await identity.sign({ email: "aminah.haul@example.sg", name: "Aminah" });
    const tokenB = await identity.sign({ email: "badrul.haul@example.sg", name: "Badrul" });
    await registerSignIn(portal.base, tokenA, nricOf("4820511"), "93340001");
    await registerSignIn(portal.base, tokenB, nricOf("5930622"), "93340002");
    a = bearer(tokenA);
    b = bearer(tokenB);
  });

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("answers a guest, a forged token and a sign-in that is no donor with nothing", async () => {
    const guest = { cookie: await guestCookie(portal.base) };
    const forged = bearer(await identity.sign({ email: "x@example.sg", audience: "another" }));
    const notDonor = bearer(await identity.sign({ email: "nobody.haul@example.sg" }));
    const line = { wealth: "savings", kind: "balance", date: today, balanceCents: 1_500_000 };
    for (const headers of [{}, guest, forged, notDonor]) {
      for (const [path, body] of [
        [trackerPath, {}],
        [savePath, line],
        [deletePath, { id: "00000000-0000-4000-8000-000000000000" }],
      ] as const) {
        const reply = await call(path, body, headers);
        expect([401, 404], `${path} ${JSON.stringify(reply.body)}`).toContain(reply.status);
        expect(JSON.stringify(reply.body)).not.toContain("entries");
      }
    }
    // Nothing was written for anyone: donor A's tracker is still empty.
    expect((await trackerOf(a)).entries).toEqual([]);
  });

  it("never shows or changes one donor's lines for another (answered as not found)", async () => {
    const saved = await call(
      savePath,
      { wealth: "savings", kind: "balance", date: addDays(today, -30), balanceCents: 1_500_000 },
      a,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const mine = decodeResponse("saveHaulEntry", saved.body).data.entries;
    expect(mine).toHaveLength(1);
    const id = mine[0]!.id;

    expect((await trackerOf(b)).entries).toEqual([]);
    const edit = await call(
      savePath,
      { id, wealth: "savings", kind: "balance", date: today, balanceCents: 1 },
      b,
    );
    expect(edit).toMatchObject({ status: 404, body: { code: "haul.notFound" } });
    const gone = await call(deletePath, { id }, b);
    expect(gone).toMatchObject({ status: 404, body: { code: "haul.notFound" } });
    // Unknown and malformed ids answer the same way.
    for (const other of ["00000000-0000-4000-8000-000000000000", "x'; delete from haul_entry"]) {
      expect((await call(deletePath, { id: other }, a)).status).toBe(404);
    }
    expect((await trackerOf(a)).entries).toEqual([
      {
        id,
        wealth: "savings",
        kind: "balance",
        date: addDays(today, -30),
        balance: 1_500_000,
      },
    ]);
    // A's own edit and delete work.
    const changed = await call(
      savePath,
      {
        id,
        wealth: "savings",
        kind: "balance",
        date: addDays(today, -20),
        balanceCents: 1_600_000,
      },
      a,
    );
    expect(changed.status).toBe(200);
    expect((await trackerOf(a)).entries[0]).toMatchObject({ id, balance: 1_600_000 });
    expect((await call(deletePath, { id }, a)).status).toBe(200);
    expect((await trackerOf(a)).entries).toEqual([]);
  });

  it("refuses bad dates and amounts with a code, and writes nothing for them", async () => {
    const refused: ReadonlyArray<readonly [Record<string, unknown>, number, string | undefined]> = [
      [{ date: "2026-02-30", balanceCents: 100 }, 400, "haul.dateInvalid"],
      [{ date: "31/12/2025", balanceCents: 100 }, 400, "haul.dateInvalid"],
      [{ date: "1999-12-31", balanceCents: 100 }, 400, "haul.dateTooEarly"],
      [{ date: addDays(today, 1), balanceCents: 100 }, 400, "haul.dateInFuture"],
      [{ date: today, balanceCents: -1 }, 400, "haul.balanceInvalid"],
      [{ date: today, balanceCents: 10.5 }, 400, "haul.balanceInvalid"],
      [{ date: today, balanceCents: 1e12 }, 400, "haul.balanceInvalid"],
      [{ date: today }, 400, "haul.balanceInvalid"],
      [{ date: today, balanceCents: "100" }, 400, undefined],
      [{ date: today, kind: "payment", balanceCents: 100 }, 400, "haul.balanceNotForPayment"],
      [{ date: today, wealth: "medisave", balanceCents: 100 }, 400, undefined],
      [{ date: today, kind: "gift", balanceCents: 100 }, 400, undefined],
    ];
    for (const [fields, status, code] of refused) {
      const reply = await call(savePath, { wealth: "shares", kind: "balance", ...fields }, b);
      expect(reply.status, JSON.stringify(fields)).toBe(status);
      if (code) expect(reply.body).toMatchObject({ code });
    }
    expect((await trackerOf(b)).entries).toEqual([]);
  });

  it("caps the lines per donor, even when they arrive together", async () => {
    const over = 8;
    const replies = [];
    // In parallel batches: the cap holds under races (the donor's row is locked while counting).
    for (let i = 0; i < HAUL_ENTRY_LIMIT + over; i += 40) {
      const batch = Array.from({ length: Math.min(40, HAUL_ENTRY_LIMIT + over - i) }, (_, j) =>
        call(
          savePath,
          {
            wealth: "cpf",
            kind: "balance",
            date: addDays(today, -((i + j) % 3000)),
            balanceCents: 100 * (i + j),
          },
          b,
        ),
      );
      replies.push(...(await Promise.all(batch)));
    }
    expect(replies.filter((r) => r.status === 200)).toHaveLength(HAUL_ENTRY_LIMIT);
    const refusals = replies.filter((r) => r.status !== 200);
    expect(refusals).toHaveLength(over);
    for (const r of refusals)
      expect(r).toMatchObject({ status: 409, body: { code: "haul.limit" } });
    expect((await trackerOf(b)).entries).toHaveLength(HAUL_ENTRY_LIMIT);
    // Another donor is not held by B's cap.
    const other = await call(
      savePath,
      { wealth: "cpf", kind: "balance", date: today, balanceCents: 100 },
      a,
    );
    expect(other.status).toBe(200);
    expect((await call(deletePath, { id: (await trackerOf(a)).entries[0]!.id }, a)).status).toBe(
      200,
    );
  });

  it("finds the haul, its break and the due date; counts from the last zakat harta payment here", async () => {
    const save = (fields: Record<string, unknown>) =>
      call(savePath, { wealth: "savings", kind: "balance", ...fields }, a);
    await save({ date: addDays(today, -200), balanceCents: 1_500_000 });
    let tracker = await trackerOf(a);
    const savings = () => tracker.hauls.find((h) => h.wealth === "savings")!.haul;
    expect(savings()).toMatchObject({
      status: "running",
      start: addDays(today, -200),
      dueDate: addDays(today, 155),
    });
    // A fall below the nisab breaks it; reaching it again starts a new haul: the due date moves.
    await save({ date: addDays(today, -100), balanceCents: 300_000 });
    await save({ date: addDays(today, -50), balanceCents: 1_400_000 });
    tracker = await trackerOf(a);
    expect(savings()).toMatchObject({
      status: "running",
      start: addDays(today, -50),
      dueDate: addDays(today, 305),
      breaks: [{ date: addDays(today, -100), balance: 300_000, since: addDays(today, -200) }],
      lowest: { balance: 1_400_000 },
      amount: 35_000,
    });
    expect(savings().steps.map((s) => s.code)).toEqual([
      "haul.broken",
      "haul.startedAtNisab",
      "haul.lowest",
      "haul.dueDate",
      "haul.amountExpected",
    ]);
    // A recorded payment on this wealth restarts the count from its date.
    await call(savePath, { wealth: "savings", kind: "payment", date: addDays(today, -10) }, a);
    tracker = await trackerOf(a);
    expect(tracker.hauls[0]).toMatchObject({
      lastPayment: { date: addDays(today, -10), source: "recorded" },
      haul: { start: addDays(today, -10), startReason: "lastPayment" },
    });
    expect(savings().dueDate).toBe(addDays(today, 345));

    // A donor's zakat harta paid through the portal today is the start of a wealth without a
    // recorded payment.
    const fresh = await identity.sign({ email: "chandra.haul@example.sg", name: "Chandra" });
    await registerSignIn(portal.base, fresh, nricOf("4820733"), "93340003");
    const c = bearer(fresh);
    const payer = new Donor(portal.base, c);
    await payer.donate({ flow: "ZAKAT", items: { harta: 25_000 }, totalCents: 25_000 });
    await call(
      savePath,
      { wealth: "shares", kind: "balance", date: addDays(today, -60), balanceCents: 2_000_000 },
      c,
    );
    const shares = (await trackerOf(c)).hauls[0]!;
    expect(shares).toMatchObject({
      wealth: "shares",
      lastPayment: { date: today, source: "portal" },
      haul: { start: today, dueDate: addDays(today, 355), status: "running" },
    });
  });
});
