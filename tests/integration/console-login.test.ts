import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleOf, signInOfficer, toCallback } from "../support/console";
import { testDatabases } from "../support/databases";
import { startPortal, type RunningPortal } from "../support/portal";

// Security review of the console (issue 18): the directory's answer signs in only the browser that
// started the sign-in (login CSRF), and a refused sign-in is in the audit log. Ports 7700-7709.

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

  it("writes a refused sign-in to the audit log", async () => {
    const admin = await signInOfficer(portal.base, portal.dataDir, "admin");
    const insider = await toCallback(portal.base, portal.dataDir, "officer");
    // Not the browser that started it: refused, and said in the log (with no session made).
    await fetch(insider.callback, { redirect: "manual" });
    const audit = await admin.call("/console/api/audit?action=console.sign_in_refused");
    const entries = (audit.body["data"] as { entries: Array<Record<string, unknown>> }).entries;
    expect(entries.length).toBeGreaterThanOrEqual(1);
    expect(entries[0]).toMatchObject({ action: "console.sign_in_refused" });
  });
});
