import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleOf, signInOfficer, toCallback } from "../support/console";
import { testDatabases } from "../support/databases";
import { startPortal, type RunningPortal } from "../support/portal";

// Security review of the console (issue 18): the directory's answer signs in only the browser that
// started the sign-in (login CSRF); a refused anonymous sign-in is counted per address (issue 30).
// Ports 7700-7709.

let nextPort = 7700;

describe.each(testDatabases())("the console's sign-in on $name", (database) => {
  let portal: RunningPortal;

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, await database.portalEnv());
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("refuses an insider's callback link opened in a colleague's browser (login CSRF)", async () => {
    // The insider signs in at the directory but sends the callback to a colleague instead.
    const insider = await toCallback(portal.base, portal.dataDir, "officer");
    const colleague = await fetch(insider.callback, { redirect: "manual" });
    expect(colleague.status).toBe(302);
    expect(colleague.headers.get("location")).toMatch(/signin=expired/);
    expect(colleague.headers.getSetCookie().join("\n")).not.toMatch(/console_session=/);
    // The link is spent: the insider's own browser cannot use it afterwards either.
    const own = await insider.hop(insider.callback);
    expect(own.headers.getSetCookie().join("\n")).not.toMatch(/console_session=[\w-]{43}/);
  });

  it("sets the sign-in cookie HttpOnly and SameSite=Lax, and clears it at the callback", async () => {
    const started = await fetch(`${portal.base}/console/sign-in`, { redirect: "manual" });
    expect(started.headers.getSetCookie().join("\n")).toMatch(
      /^console_login=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=600/,
    );
    const officer = await signInOfficer(portal.base, portal.dataDir, "viewer");
    expect(officer.setCookie).toMatch(/console_login=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    expect((await consoleOf(portal.base, officer.cookie)).csrf).toBe(officer.csrf);
  });

  it("counts a refused anonymous sign-in per address, and writes no audit row for it", async () => {
    const admin = await signInOfficer(portal.base, portal.dataDir, "admin");
    const read = async () =>
      (await admin.call("/console/api/audit")).body["data"] as {
        entries: Array<Record<string, unknown>>;
        refusedSignIns: Array<{ address: string; count: number; lastReason: string }>;
      };
    // Every refused sign-in of this portal comes from here (the test's address).
    const refusedFromHere = (data: Awaited<ReturnType<typeof read>>) =>
      data.refusedSignIns.reduce((sum, row) => sum + row.count, 0);
    const before = await read();
    const insider = await toCallback(portal.base, portal.dataDir, "officer");
    // Not the browser that started it: refused, with no session made. No officer is known, so it is
    // a count for the caller's address (anyone could send it), not a line of the audit log.
    await fetch(insider.callback, { redirect: "manual" });
    const after = await read();
    expect(refusedFromHere(after)).toBe(refusedFromHere(before) + 1);
    expect(after.refusedSignIns[0]).toMatchObject({ lastReason: "another_browser" });
    expect(after.entries.filter((entry) => entry.action === "console.sign_in_refused")).toEqual(
      before.entries.filter((entry) => entry.action === "console.sign_in_refused"),
    );
  });
});
