import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sql } from "@portal/adapters/db";
import en from "../../src/i18n/locales/en/translation.json";
import ms from "../../src/i18n/locales/ms/translation.json";
import { officerOf, signInOfficer } from "../support/console";
import { readPortalDatabase, testDatabases } from "../support/databases";
import { startPortal, type RunningPortal } from "../support/portal";

// Issue 30, finding 2: nobody without an account may write the append-only audit log, nor grow the
// console's tables without bound. Sign-in starts and callbacks are limited per address (counted in
// the database); a refused anonymous sign-in is a count per address and hour, not an audit row; a
// refused call of a signed-in officer is audited. PORTAL_TRUST_PROXY lets X-Forwarded-For stand for
// several addresses. Ports 8240-8249.

let nextPort = 8240;
const CONTROL = randomBytes(24).toString("hex");
const FLOOD = 120;

/** The rows the attack could add: the audit log, the sign-ins in progress, the refusal counts. */
async function rowCounts(sql: Sql) {
  const count = async (table: string) => {
    const [exists] = await sql.query<{ name: string | null }>("select to_regclass($1) as name", [
      table,
    ]);
    if (!exists?.name) return 0;
    const [row] = await sql.query<{ count: number }>(`select count(*)::int as count from ${table}`);
    return row?.count ?? 0;
  };
  return {
    audit: await count("console_audit"),
    logins: await count("console_login"),
    refusals: await count("console_sign_in_refusal"),
  };
}

describe.each(testDatabases())("console sign-ins under a flood on $name", (database) => {
  let portal: RunningPortal;
  let env: Record<string, string>;

  /** The database behind the portal (PGlite has one opener: the portal stops while it is read). */
  const counts = () =>
    readPortalDatabase(
      database,
      portal,
      async () => (portal = await startPortal(nextPort++, portal.dataDir, env)),
      rowCounts,
    );

  const from = (address: string) => ({ "x-forwarded-for": address });
  /** `GET /console/sign-in` from `address`: its status, and the state the directory would get back. */
  const start = async (address: string, query = "") => {
    const reply = await fetch(`${portal.base}/console/sign-in${query}`, {
      redirect: "manual",
      headers: from(address),
    });
    const location = reply.headers.get("location");
    return {
      status: reply.status,
      retryAfter: Number(reply.headers.get("retry-after")),
      text: await reply.text(),
      state: location ? new URL(location).searchParams.get("state") : null,
    };
  };
  /** The directory's answer as another browser delivers it: a sign-in cookie of its own. */
  const callback = async (address: string, state: string) => {
    const reply = await fetch(
      `${portal.base}/console/callback?code=x&state=${encodeURIComponent(state)}`,
      {
        redirect: "manual",
        headers: {
          ...from(address),
          cookie: `console_login=${randomBytes(32).toString("base64url")}`,
        },
      },
    );
    return { status: reply.status, text: await reply.text() };
  };

  beforeAll(async () => {
    env = {
      ...(await database.portalEnv()),
      PORTAL_TRUST_PROXY: "true",
      PORTAL_TEST_CONTROL_TOKEN: CONTROL,
      PORTAL_JOBS_INTERVAL_SECONDS: "1",
      // The seeded `viewer` is in no console group here: a known officer without a role.
      PORTAL_STAFF_ROLE_GROUPS: "viewer=console-nobody",
    };
    portal = await startPortal(nextPort++, undefined, env);
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("limits an anonymous flood of sign-ins from one address, and it writes no audit row", async () => {
    const before = await counts();
    const starts: number[] = [];
    const callbacks: number[] = [];
    let limited: Awaited<ReturnType<typeof start>> | undefined;
    for (let pair = 0; pair < FLOOD; pair++) {
      const started = await start("203.0.113.7");
      starts.push(started.status);
      if (started.status === 429) limited ??= started;
      const answered = await callback("203.0.113.7", started.state ?? `forged-${pair}`);
      callbacks.push(answered.status);
    }
    expect(starts.slice(0, 5)).toEqual([302, 302, 302, 302, 302]);
    expect(starts.filter((status) => status === 302).length).toBeLessThanOrEqual(40);
    expect(starts.at(-1)).toBe(429);
    expect(callbacks.at(-1)).toBe(429);
    // Said in both languages (no page named one), with how long to wait.
    expect(limited?.text).toContain(en.console_signin_busy);
    expect(limited?.text).toContain(ms.console_signin_busy);
    expect(limited?.retryAfter).toBeGreaterThan(0);
    expect(limited?.retryAfter).toBeLessThanOrEqual(60);
    // A Malay page's sign-in is refused in Malay.
    const malay = await start("203.0.113.7", "?return=/ms/console/audit");
    expect(malay.status).toBe(429);
    expect(malay.text).toBe(ms.console_signin_busy);

    const after = await counts();
    expect(after.audit - before.audit).toBe(0);
    expect(after.logins - before.logins).toBeLessThanOrEqual(40);
    // One count per address and hour (two if the flood crossed an hour).
    expect(after.refusals - before.refusals).toBeGreaterThanOrEqual(1);
    expect(after.refusals - before.refusals).toBeLessThanOrEqual(2);

    // An admin sees how many were refused from where.
    const admin = await signInOfficer(portal.base, portal.dataDir, "admin");
    const audit = await admin.call("/console/api/audit");
    expect(audit.status).toBe(200);
    const refused = (
      audit.body["data"] as { refusedSignIns: Array<{ address: string; count: number }> }
    ).refusedSignIns.filter((row) => row.address === "203.0.113.7");
    const total = refused.reduce((sum, row) => sum + row.count, 0);
    expect(total).toBeGreaterThanOrEqual(5);
    expect(total).toBeLessThanOrEqual(40);
  }, 400_000);

  it("does not hold another address to the first one's limit", async () => {
    for (let pair = 0; pair < 30; pair++) await start("198.51.100.20");
    expect((await start("198.51.100.20")).status).toBe(429);
    const other = await start("198.51.100.21");
    expect(other.status).toBe(302);
    expect((await callback("198.51.100.21", other.state ?? "")).status).toBe(302);
    // The officers' own address (the socket's here) signs in as before.
    const officer = await signInOfficer(portal.base, portal.dataDir, "officer");
    expect(officer.csrf).toMatch(/^[\w-]{43}$/);
  }, 120_000);

  it("keeps a known officer's refused sign-in and a signed-in officer's refused call in the log", async () => {
    const viewer = officerOf(portal.dataDir, "viewer");
    await expect(signInOfficer(portal.base, portal.dataDir, "viewer")).rejects.toThrow(
      /no console session/,
    );
    const officer = await signInOfficer(portal.base, portal.dataDir, "officer");
    // The role does not allow it: 403, and audited.
    expect((await officer.call("/console/api/audit")).status).toBe(403);
    // No CSRF token: 403, and audited.
    const forged = await officer.call("/console/api/rates", {
      body: { changes: {} },
      headers: { "x-console-csrf": "not-the-token" },
    });
    expect(forged.status).toBe(403);

    const admin = await signInOfficer(portal.base, portal.dataDir, "admin");
    const entries = async (action: string) =>
      (
        (await admin.call(`/console/api/audit?action=${action}`)).body["data"] as {
          entries: Array<{ officerId: string; after: Record<string, unknown> }>;
        }
      ).entries;
    expect(await entries("console.sign_in_refused")).toEqual([
      expect.objectContaining({ officerId: viewer.id, after: { reason: "no_role" } }),
    ]);
    const refusedCalls = await entries("console.refused");
    expect(refusedCalls.map((entry) => entry.after)).toEqual([
      expect.objectContaining({ asked: "rates.draft", reason: "console.csrf" }),
      expect.objectContaining({ asked: "audit.view", reason: "console.forbidden" }),
    ]);
  }, 120_000);

  it("deletes sign-ins in progress once they expire, and the limit's window ends", async () => {
    for (let pair = 0; pair < 5; pair++) expect((await start("192.0.2.30")).status).toBe(302);
    // Eleven minutes on the portal's clock: the console's job (every second here) deletes them.
    const moved = await fetch(`${portal.base}/__test/clock`, {
      method: "POST",
      headers: { authorization: `Bearer ${CONTROL}`, "content-type": "application/json" },
      body: JSON.stringify({ advanceMs: 11 * 60_000 }),
    });
    expect(moved.status).toBe(200);
    // The flooding address's minute is over too: its callbacks are answered again (not 429).
    expect((await callback("203.0.113.7", "long-gone")).status).toBe(302);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await counts()).logins).toBe(0);
  }, 240_000);
});
