import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAVED_MEMBERS_MAX } from "@portal/domain";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import { nricOf, registerSignIn } from "../support/donations";
import { bearer, callerOf, guestCookie, startPortal, type RunningPortal } from "../support/portal";

// Ports 9600-9609 are this file's.
let nextPort = 9600;

const path = (name: string) => `/svc/donor/api/User/${name}`;

/**
 * The people a signed-in donor keeps for household payments (docs/households.md), through the real
 * server: only the donor reads and changes their own; a stranger, a guest, another donor get nothing
 * and learn nothing; the list is capped; a bad name or relation is a clear 422, nothing kept.
 */
describe.each(testDatabases())("household members on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let tokenA: string;
  let tokenB: string;
  let unregistered: string;
  const call = callerOf(() => portal);

  const list = async (token: string) => {
    const reply = await call(path("getHouseholdMembers"), {}, bearer(token));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body["data"] as Array<{ id: string; name: string; relation: string }>;
  };
  const save = (token: string, body: Record<string, unknown>) =>
    call(path("saveHouseholdMember"), body, bearer(token));

  beforeAll(async () => {
    identity = await startTestIdentity();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
    });
    tokenA = await identity.sign({ email: "aminah.household@example.sg", name: "Aminah" });
    tokenB = await identity.sign({ email: "badrul.household@example.sg", name: "Badrul" });
    unregistered = await identity.sign({ email: "nobody.household@example.sg", name: "Nobody" });
    await registerSignIn(portal.base, tokenA, nricOf("6120341"), "91240001");
    await registerSignIn(portal.base, tokenB, nricOf("6120342"), "91240002");
  }, 120_000);

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("keeps, lists in order, changes and forgets the donor's own people, names tidied", async () => {
    const first = await save(tokenA, { name: "  Siti   Aminah ", relation: "spouse" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const siti = first.body["data"] as { id: string; name: string; relation: string };
    expect(siti).toMatchObject({ name: "Siti Aminah", relation: "spouse" });
    const second = await save(tokenA, { name: "Nur 'Ain", relation: "child" });
    const ain = second.body["data"] as { id: string };
    expect((await list(tokenA)).map((m) => m.name)).toEqual(["Siti Aminah", "Nur 'Ain"]);

    const changed = await save(tokenA, {
      id: siti.id,
      name: "Siti Aminah binte Osman",
      relation: "spouse",
    });
    expect(changed.body["data"]).toEqual({
      id: siti.id,
      name: "Siti Aminah binte Osman",
      relation: "spouse",
    });
    const removed = await call(path("removeHouseholdMember"), { id: ain.id }, bearer(tokenA));
    expect(removed.status).toBe(200);
    expect(await list(tokenA)).toEqual([changed.body["data"]]);
  });

  it("shows another donor's people to nobody else, and changes or removes them for nobody", async () => {
    const kept = await save(tokenA, { name: "Ahmad bin Ali", relation: "parent" });
    const ahmad = kept.body["data"] as { id: string };
    expect((await list(tokenB)).map((m) => m.id)).not.toContain(ahmad.id);

    const taken = await save(tokenB, { id: ahmad.id, name: "Renamed", relation: "other" });
    const gone = await call(path("removeHouseholdMember"), { id: ahmad.id }, bearer(tokenB));
    const missing = await call(
      path("removeHouseholdMember"),
      { id: "00000000-0000-4000-8000-000000000000" },
      bearer(tokenB),
    );
    // Another donor's person answers exactly as one that does not exist.
    for (const reply of [taken, gone, missing]) {
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ status: 0, code: "household.member.notFound" });
    }
    expect(gone.body).toEqual(missing.body);
    expect((await list(tokenA)).find((m) => m.id === ahmad.id)).toMatchObject({
      name: "Ahmad bin Ali",
      relation: "parent",
    });
  });

  it("answers a stranger, a guest and an unregistered sign-in with nothing", async () => {
    const cookie = await guestCookie(portal.base);
    for (const headers of [{}, { cookie }, bearer("not-a-token")]) {
      for (const [name, body] of [
        ["getHouseholdMembers", {}],
        ["saveHouseholdMember", { name: "Siti Aminah", relation: "spouse" }],
        ["removeHouseholdMember", { id: "00000000-0000-4000-8000-000000000000" }],
      ] as const) {
        const reply = await call(path(name), body, headers);
        expect(reply.status, `${name} ${JSON.stringify(headers)}`).toBe(401);
        expect(JSON.stringify(reply.body)).not.toContain("Siti");
      }
    }
    // Signed in, but no donor registered for the sign-in: nothing kept for it either.
    const reply = await save(unregistered, { name: "Siti Aminah", relation: "spouse" });
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ code: "donor.notRegistered" });
  });

  it("refuses a name the receipt cannot print or an unknown relation, keeping nothing", async () => {
    const before = (await list(tokenB)).length;
    for (const [body, code] of [
      [{ name: "A", relation: "child" }, "household.member.name"],
      [{ name: "<b>Ali</b>", relation: "child" }, "household.member.name"],
      [{ name: "Ali 2", relation: "child" }, "household.member.name"],
      [{ name: "A".repeat(67), relation: "child" }, "household.member.name"],
      [{ name: "Ali", relation: "cousin" }, "household.member.relation"],
    ] as const) {
      const reply = await save(tokenB, body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(reply.body).toMatchObject({ status: 0, code });
    }
    for (const body of [
      {},
      { name: 7, relation: "child" },
      { name: "Ali", relation: "child", id: 5 },
      { name: "x".repeat(201), relation: "child" },
    ]) {
      const reply = await save(tokenB, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    const odd = await save(tokenB, { id: "not-a-uuid", name: "Ali", relation: "child" });
    expect(odd.status).toBe(404);
    expect(await list(tokenB)).toHaveLength(before);
  });

  it(`keeps at most ${SAVED_MEMBERS_MAX} people per donor, saying so, even asked at once`, async () => {
    const token = await identity.sign({ email: "cap.household@example.sg", name: "Cap" });
    await registerSignIn(portal.base, token, nricOf("6120343"), "91240003");
    const replies = await Promise.all(
      Array.from({ length: SAVED_MEMBERS_MAX + 5 }, (_, n) =>
        save(token, {
          name: `Person ${"abcdefghijklmnopqrstuvwxyzabcdefghij"[n]}`,
          relation: "other",
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(SAVED_MEMBERS_MAX);
    const refused = replies.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(5);
    for (const reply of refused) {
      expect(reply.status).toBe(422);
      expect(reply.body).toMatchObject({ code: "household.members.full" });
    }
    expect(await list(token)).toHaveLength(SAVED_MEMBERS_MAX);
    // Another donor's list is not counted against it.
    expect((await save(tokenB, { name: "Still Room", relation: "sibling" })).status).toBe(200);
  });
});
