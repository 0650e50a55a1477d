import {
  guestSessions,
  SOCIAL_NRIC_MINUTES,
  socialNrics,
  type GuestSessions,
  type Sql,
} from "@portal/adapters/db";
import { randomBytes } from "node:crypto";
import { TERMS_VERSION } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import { nricOf as nric } from "../support/donations";
import {
  callPortal,
  guestCookie,
  startPortal,
  type Reply,
  type RunningPortal,
} from "../support/portal";

// The NRIC a donor gives before a social sign-up (spec §4, NRIC-only step), held by the server for the
// guest session instead of in the browser (migration 011): sealed, short-lived, used once, and only by
// the session that gave it. The repository on both engines, then the calls through the real server.
// Ports 5100-5109.

let nextPort = 5100;
const serverKey = randomBytes(32);
/** The agreement to the terms given in the NRIC step, held with the NRIC. */
const agreed = { version: TERMS_VERSION, agreedAt: new Date("2026-11-02T01:00:00Z") };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases())("NRIC held for a social sign-up on $name", (database) => {
  let sql: Sql;
  let sessions: GuestSessions;
  const guest = async () => (await sessions.start()).session;

  beforeAll(async () => {
    sql = await database.open();
    sessions = guestSessions(sql);
  });
  afterAll(async () => {
    await sql?.close();
    await database.cleanup();
  });

  it("holds the NRIC sealed, not as plain text, and gives it out once", async () => {
    const held = socialNrics(sql, serverKey);
    const session = await guest();
    const id = nric("9200001");
    await held.hold(session.id, id.toLowerCase(), session.expiresAt, agreed);
    expect(await held.held(session.id)).toBe(true);

    const [row] = await sql.query<{ sealed: Uint8Array }>(
      "select sealed from social_nric where guest_session_id = $1",
      [session.id],
    );
    const stored = Buffer.from(row?.sealed ?? []);
    expect(stored.length).toBeGreaterThan(28);
    for (const form of [id, id.slice(1, 8)]) {
      expect(stored.includes(Buffer.from(form))).toBe(false);
      expect(stored.toString("base64")).not.toContain(Buffer.from(form).toString("base64"));
    }
    expect(stored.toString("hex")).not.toContain(Buffer.from(id).toString("hex"));
    // Another server key cannot open it.
    await expect(socialNrics(sql, randomBytes(32)).take(session.id)).rejects.toThrow();

    await held.hold(session.id, id, session.expiresAt, agreed);
    expect(await held.take(session.id)).toEqual({ nric: id, terms: agreed });
    expect(await held.take(session.id)).toBeUndefined();
    expect(await held.held(session.id)).toBe(false);
    expect(
      await sql.query("select 1 from social_nric where guest_session_id = $1", [session.id]),
    ).toHaveLength(0);
  });

  it("a newer NRIC replaces the one held; forgetting drops it", async () => {
    const held = socialNrics(sql, serverKey);
    const session = await guest();
    await held.hold(session.id, nric("9200002"), session.expiresAt, agreed);
    await held.hold(session.id, nric("9200003"), session.expiresAt, agreed);
    expect(await held.take(session.id)).toEqual({ nric: nric("9200003"), terms: agreed });
    await held.hold(session.id, nric("9200004"), session.expiresAt, agreed);
    await held.forget(session.id);
    expect(await held.held(session.id)).toBe(false);
    expect(await held.take(session.id)).toBeUndefined();
  });

  it("another guest session can neither see nor use it, nor open it when moved there", async () => {
    const held = socialNrics(sql, serverKey);
    const mine = await guest();
    const theirs = await guest();
    await held.hold(mine.id, nric("9200005"), mine.expiresAt, agreed);
    expect(await held.held(theirs.id)).toBe(false);
    expect(await held.take(theirs.id)).toBeUndefined();
    expect(await held.held(mine.id)).toBe(true);
    // The session's id is sealed in: the ciphertext moved to the other session does not open.
    await sql.query("update social_nric set guest_session_id = $2 where guest_session_id = $1", [
      mine.id,
      theirs.id,
    ]);
    await expect(held.take(theirs.id)).rejects.toThrow();
    expect(await held.take(mine.id)).toBeUndefined();
  });

  it(`expires after ${SOCIAL_NRIC_MINUTES} minutes, or with its guest session if that ends first`, async () => {
    const held = socialNrics(sql, serverKey);
    const session = await guest();
    const before = Date.now();
    const expiresAt = await held.hold(session.id, nric("9200006"), session.expiresAt, agreed);
    const minutes = (expiresAt.getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThan(SOCIAL_NRIC_MINUTES - 0.5);
    expect(minutes).toBeLessThanOrEqual(SOCIAL_NRIC_MINUTES + 0.5);
    expect(SOCIAL_NRIC_MINUTES).toBe(15);

    // A guest session that ends in a second takes the hold with it.
    const ending = await guest();
    const soon = new Date(Date.now() + 1_000);
    expect((await held.hold(ending.id, nric("9200007"), soon, agreed)).getTime()).toBe(
      soon.getTime(),
    );
    expect(await held.held(ending.id)).toBe(true);
    await wait(1_300);
    expect(await held.held(ending.id)).toBe(false);
    expect(await held.take(ending.id)).toBeUndefined();
    expect(
      await sql.query("select 1 from social_nric where guest_session_id = $1", [ending.id]),
    ).toHaveLength(0);

    // The sweep deletes expired holds and keeps live ones.
    const swept = await guest();
    await held.hold(swept.id, nric("9200008"), new Date(Date.now() + 500), agreed);
    await wait(800);
    expect(await held.sweep()).toBeGreaterThanOrEqual(1);
    expect(
      await sql.query("select 1 from social_nric where guest_session_id = $1", [swept.id]),
    ).toHaveLength(0);
    expect(await held.take(session.id)).toEqual({ nric: nric("9200006"), terms: agreed });
  });

  describe("through the server", () => {
    let portal: RunningPortal;
    let identity: Awaited<ReturnType<typeof startTestIdentity>>;
    const call = (path: string, body: unknown, headers: Record<string, string>): Promise<Reply> =>
      callPortal(portal.base, path, body, headers);
    const donor = (path: string) => `/svc/donor/api/User/${path}`;
    const signedIn = async (email: string) =>
      `Bearer ${await identity.sign({ email, name: email.split("@")[0] ?? email })}`;
    const hold = (cookie: string, id: string) =>
      call(donor("holdSocialNric"), { nric: id, termsVersion: TERMS_VERSION }, { cookie });
    const isHeld = async (cookie: string) =>
      ((await call(donor("socialNricHeld"), {}, { cookie })).body["data"] as { held: boolean })
        .held;
    /** registerCognitoUser as the page back from the provider calls it: no NRIC, the guest's cookie. */
    const registerHeld = async (cookie: string, email: string) =>
      call(donor("registerCognitoUser"), {}, { cookie, authorization: await signedIn(email) });

    beforeAll(async () => {
      identity = await startTestIdentity();
      portal = await startPortal(nextPort++, undefined, {
        ...(await database.portalEnv()),
        ...identity.env,
      });
    });
    afterAll(async () => {
      await portal?.stop();
      await identity?.stop();
    });

    it("holds an NRIC only for a guest session, checks its form, and never answers with it", async () => {
      const id = nric("9200101");
      const without = await call(donor("holdSocialNric"), { nric: id }, {});
      expect(without).toMatchObject({ status: 401, body: { code: "session.required" } });
      const cookie = await guestCookie(portal.base);
      const invalid = await hold(cookie, "S1234567A");
      expect(invalid).toMatchObject({ status: 400, body: { code: "validation.nric.invalid" } });
      expect(await isHeld(cookie)).toBe(false);
      const held = await hold(cookie, id.toLowerCase());
      expect(held).toMatchObject({ status: 200, body: { status: 1, data: { held: true } } });
      expect(JSON.stringify(held.body)).not.toContain(id);
      expect(await isHeld(cookie)).toBe(true);
      expect(await isHeld(await guestCookie(portal.base))).toBe(false);
      // Not an oracle: an NRIC already registered is held just the same (the registration decides).
      const registered = nric("9200102");
      const owner = await call(
        donor("registerCognitoUser"),
        { uniqueUserId: Buffer.from(registered).toString("base64"), termsVersion: TERMS_VERSION },
        { authorization: await signedIn("owner.9200102@example.sg") },
      );
      expect(owner.body).toMatchObject({ status: 0 });
      const again = await hold(await guestCookie(portal.base), registered);
      expect(again.status).toBe(200);
      expect(again.body["data"]).toMatchObject({ held: true });
    });

    it("registers the social account with the held NRIC once; a second use finds none", async () => {
      const id = nric("9200201");
      const cookie = await guestCookie(portal.base);
      expect((await hold(cookie, id)).status).toBe(200);
      const first = await registerHeld(cookie, "sosial.9200201@example.sg");
      expect(first).toMatchObject({ status: 200, body: { status: 0 } });
      expect(await isHeld(cookie)).toBe(false);
      const second = await registerHeld(cookie, "sosial.9200201b@example.sg");
      expect(second).toMatchObject({ status: 404, body: { status: 1, code: "socialNric.none" } });
      expect(JSON.stringify(second.body)).not.toContain(id);
    });

    it("the registered donor has the held NRIC, masked in what the donor sees", async () => {
      const id = nric("9200301");
      const cookie = await guestCookie(portal.base);
      await hold(cookie, id);
      const authorization = await signedIn("sosial.9200301@example.sg");
      const registered = await call(donor("registerCognitoUser"), {}, { cookie, authorization });
      expect(registered.body).toMatchObject({ status: 0 });
      const details = await call("/svc/main/User/getSignInUserDetails", {}, { authorization });
      expect(details.body).toMatchObject({ status: 1, data: { nric: `*****${id.slice(-4)}` } });
      expect(JSON.stringify(details.body)).not.toContain(id);
    });

    it("another guest session cannot use it, and a sign-in without a guest session finds none", async () => {
      const id = nric("9200401");
      const mine = await guestCookie(portal.base);
      const theirs = await guestCookie(portal.base);
      await hold(mine, id);
      const stolen = await registerHeld(theirs, "other.9200401@example.sg");
      expect(stolen).toMatchObject({ status: 404, body: { code: "socialNric.none" } });
      const bare = await call(
        donor("registerCognitoUser"),
        {},
        { authorization: await signedIn("bare.9200401@example.sg") },
      );
      expect(bare).toMatchObject({ status: 404, body: { code: "socialNric.none" } });
      expect(await isHeld(mine)).toBe(true);
      expect((await registerHeld(mine, "own.9200401@example.sg")).body).toMatchObject({
        status: 0,
      });
    });

    it("an NRIC already registered is refused after the return, and is taken out all the same", async () => {
      const id = nric("9200501");
      const owner = await call(
        donor("registerCognitoUser"),
        { uniqueUserId: Buffer.from(id).toString("base64"), termsVersion: TERMS_VERSION },
        { authorization: await signedIn("first.9200501@example.sg") },
      );
      expect(owner.body).toMatchObject({ status: 0 });
      const cookie = await guestCookie(portal.base);
      await hold(cookie, id);
      const refused = await registerHeld(cookie, "second.9200501@example.sg");
      expect(refused).toMatchObject({
        status: 409,
        body: { status: 1, code: "signup_failed_nric_exists" },
      });
      expect(await isHeld(cookie)).toBe(false);
    });

    it("forgetting drops a held NRIC", async () => {
      const cookie = await guestCookie(portal.base);
      await hold(cookie, nric("9200601"));
      expect((await call(donor("forgetSocialNric"), {}, { cookie })).body).toMatchObject({
        status: 1,
      });
      expect(await isHeld(cookie)).toBe(false);
      expect((await registerHeld(cookie, "late.9200601@example.sg")).status).toBe(404);
    });

    it("holding is limited like the other NRIC checks: ten an hour per guest session", async () => {
      const cookie = await guestCookie(portal.base);
      for (let i = 0; i < 10; i++) {
        expect((await hold(cookie, nric(`92007${String(i).padStart(2, "0")}`))).status).toBe(200);
      }
      const over = await hold(cookie, nric("9200710"));
      expect(over).toMatchObject({ status: 429, body: { code: "rate.limited" } });
      // Another guest session has its own allowance.
      expect((await hold(await guestCookie(portal.base), nric("9200711"))).status).toBe(200);
    });

    it("keeps the NRIC sealed in the portal's own database", async () => {
      const peek = await database.peek();
      const id = nric("9200801");
      const cookie = await guestCookie(portal.base);
      await hold(cookie, id);
      if (!peek) {
        // PGlite is the portal's own process: the repository tests above read its rows.
        expect(await isHeld(cookie)).toBe(true);
        return;
      }
      try {
        const rows = await peek.query<{ sealed: Uint8Array }>("select sealed from social_nric");
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) {
          const stored = Buffer.from(row.sealed);
          expect(stored.includes(Buffer.from(id))).toBe(false);
          expect(stored.toString("base64")).not.toContain(Buffer.from(id).toString("base64"));
        }
      } finally {
        await peek.close();
      }
    });
  });
});
