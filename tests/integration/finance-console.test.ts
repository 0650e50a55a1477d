import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOfficer, type ConsoleOfficer } from "../support/console";
import { testDatabases } from "../support/databases";
import { Donor, nricOf, type Paid } from "../support/donations";
import { startPortal, type RunningPortal } from "../support/portal";

// Issue 19 through the console's own calls: a day reconciled and signed off by an approver (audited),
// the IRAS file for the finance role only (audited, by POST with the CSRF token), exports streamed.
// Ports 7400-7419.

let nextPort = 7400;
const sgToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

describe.each(testDatabases())("the finance section on $name", (database) => {
  let portal: RunningPortal;
  const as: Record<string, ConsoleOfficer> = {};
  let zakat: Paid;
  let fidyah: Paid;
  const nric = nricOf("7654321");

  const download = (officer: ConsoleOfficer, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${portal.base}/console/api/finance/iras`, {
      method: "POST",
      headers: {
        cookie: officer.cookie,
        "content-type": "application/json",
        origin: portal.base,
        "x-console-csrf": officer.csrf,
        ...headers,
      },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, await database.portalEnv());
    for (const role of ["viewer", "officer", "approver", "finance"]) {
      as[role] = await signInOfficer(portal.base, portal.dataDir, role);
    }
    zakat = await (
      await new Donor(portal.base).start()
    ).donate({
      flow: "ZAKAT",
      items: { harta: 25_000 },
      totalCents: 25_000,
      enrol: {
        kind: "individual",
        name: "Aminah Rahman",
        email: "aminah@example.sg",
        countryCode: "+65",
        mobile: "91230000",
        nric,
        address: {
          blockNumber: "10",
          streetName: "Jalan Bukit Merah",
          postalCode: "150010",
          country: "Singapore",
        },
      },
    });
    fidyah = await (
      await new Donor(portal.base).start()
    ).donate({
      flow: "FIDYAH",
      items: { fidyah: { days: 3 } },
      totalCents: 1_200,
    });
  }, 240_000);

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("reconciles today's real payments with no difference, and only an approver signs it off", async () => {
    const day = sgToday();
    const view = await as["finance"]!.call(`/console/api/finance/day?day=${day}`);
    expect(view.status).toBe(200);
    expect(view.body["data"]).toMatchObject({ day, matched: 2, differences: [], signOff: null });
    expect((await as["viewer"]!.call(`/console/api/finance/day?day=${day}`)).status).toBe(403);

    const byFinance = await as["finance"]!.call("/console/api/finance/sign-off", { body: { day } });
    expect(byFinance.status).toBe(403);
    const noCsrf = await as["approver"]!.call("/console/api/finance/sign-off", {
      body: { day },
      headers: { "x-console-csrf": "forged" },
    });
    expect(noCsrf.status).toBe(403);
    const signed = await as["approver"]!.call("/console/api/finance/sign-off", { body: { day } });
    expect(signed.status).toBe(200);
    const again = await as["approver"]!.call("/console/api/finance/sign-off", { body: { day } });
    expect(again.body["code"]).toBe("finance.signed_off");
    const audit = await as["finance"]!.call(`/console/api/audit?action=finance.signOff`);
    const entries = (
      audit.body["data"] as { entries: Array<{ entityId: string; officerId: string }> }
    ).entries;
    expect(entries.map((e) => e.entityId)).toEqual([day]);
  });

  it("refuses to sign off a day with a difference", async () => {
    const peek = await database.peek();
    if (!peek) return; // PGlite: one process per database; the records test plants differences there.
    try {
      await peek.query(
        `insert into sandbox_payment (id, idempotency_key, amount_cents, state, created_at, updated_at)
         values ('pi_planted', 'planted', 999, 'succeeded', '2026-01-15T03:00:00Z', '2026-01-15T03:00:00Z')`,
      );
    } finally {
      await peek.close();
    }
    const view = await as["approver"]!.call("/console/api/finance/day?day=2026-01-15");
    expect(view.body["data"]).toMatchObject({
      differences: [{ kind: "chargedNotPaidHere", ref: "pi_planted", gatewayAmount: 999 }],
    });
    const refused = await as["approver"]!.call("/console/api/finance/sign-off", {
      body: { day: "2026-01-15" },
    });
    expect([refused.status, refused.body["code"]]).toEqual([409, "finance.differences"]);
  });

  it("gives the IRAS file to the finance role only, by POST, audited; no address opens it", async () => {
    const year = Number(sgToday().slice(0, 4));
    for (const role of ["viewer", "officer", "approver"]) {
      expect((await download(as[role]!, { year })).status).toBe(403);
    }
    expect((await download(as["finance"]!, { year }, { "x-console-csrf": "" })).status).toBe(403);
    const guessed = await fetch(`${portal.base}/console/api/finance/iras?year=${year}`);
    expect(guessed.status).toBe(401);
    const response = await download(as["finance"]!, { year });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="iras-donations-${year}.csv"`,
    );
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines.slice(1)).toEqual([
      `O,NRIC,${nric},Aminah Rahman,${sgToday()},${zakat.receiptNo},ZAKAT,1x,250.00`,
    ]);
    expect(lines.join("\n")).not.toContain(fidyah.receiptNo);
    const audit = await as["finance"]!.call(`/console/api/audit?action=iras.records`);
    const entries = (audit.body["data"] as { entries: Array<{ entityId: string }> }).entries;
    expect(entries.map((e) => e.entityId)).toEqual([String(year)]);
    const unfiled = await as["finance"]!.call(`/console/api/finance/iras?year=${year}`);
    expect(unfiled.body["data"]).toEqual({ year, unfiled: [] });
  });

  it("streams the export to the finance role, and the dashboard counts the day", async () => {
    const day = sgToday();
    const url = `/console/api/finance/export?from=${day}&to=${day}&format=csv`;
    expect(
      (await fetch(`${portal.base}${url}`, { headers: { cookie: as["officer"]!.cookie } })).status,
    ).toBe(403);
    const csv = await (
      await fetch(`${portal.base}${url}`, { headers: { cookie: as["finance"]!.cookie } })
    ).text();
    expect(csv.trimEnd().split("\r\n")).toHaveLength(3);
    expect(csv).toContain(`${zakat.transactionNo},${zakat.receiptNo},${day}`);
    const dashboard = await as["approver"]!.call(
      `/console/api/finance/dashboard?from=${day}&to=${day}`,
    );
    expect(dashboard.body["data"]).toMatchObject({
      collections: { total: { count: 2, amount: 26_200 } },
      donors: 2,
    });
    const bad = await as["finance"]!.call(
      `/console/api/finance/dashboard?from=${day}&to=2000-01-01`,
    );
    expect(bad.status).toBe(400);
  });
});
