import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOfficer, type ConsoleOfficer } from "../support/console";
import { testDatabases } from "../support/databases";
import { startPortal, type RunningPortal } from "../support/portal";

// Issue 33: the council's Hijri calendar. Officers publish the month starts MUIS announces, drafted by
// one officer and approved by another, as rates are. The attacks first: no session, a role that may not
// draft, a drafter approving their own draft, a cross-site request, a month that does not fit; then a
// draft published by a second officer reaches the portal's public read. Every act is audited.
// Ports 7580-7589.

let nextPort = 7580;

interface Month {
  year: number;
  month: number;
  start: string;
}

const syawal = { year: 1447, month: 10, start: "2026-03-21" };

describe.each(testDatabases())("the console's Hijri calendar on $name", (database) => {
  let portal: RunningPortal;
  const as: Record<string, ConsoleOfficer> = {};
  const published = async (): Promise<Month[]> => {
    const response = await fetch(`${portal.base}/svc/main/v1/Home/hijriCalendar`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/public/);
    return ((await response.json()) as { data: { months: Month[] } }).data.months;
  };
  const calendarAudit = async () => {
    const reply = await as["admin"]!.call("/console/api/audit?action=calendar");
    return (reply.body["data"] as { entries: Array<Record<string, unknown>> }).entries;
  };
  const drafts = async () =>
    (
      (await as["viewer"]!.call("/console/api/calendar")).body["data"] as {
        drafts: Array<{ id: number; status: string }>;
      }
    ).drafts;

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, await database.portalEnv());
    for (const role of ["viewer", "officer", "approver", "finance", "admin"]) {
      as[role] = await signInOfficer(portal.base, portal.dataDir, role);
    }
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("serves the seeded calendar: Ramadan 1447 began on 19 February 2026 in Singapore", async () => {
    expect(await published()).toEqual([{ year: 1447, month: 9, start: "2026-02-19" }]);
  });

  it("refuses a caller with no console session, reading or writing, and writes nothing", async () => {
    expect((await fetch(`${portal.base}/console/api/calendar`)).status).toBe(401);
    for (const path of ["/console/api/calendar", "/console/api/calendar/1?do=approve"]) {
      const write = await fetch(`${portal.base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: portal.base },
        body: JSON.stringify(syawal),
      });
      expect(write.status, path).toBe(401);
    }
    expect(await drafts()).toEqual([]);
  });

  it("refuses a viewer and a finance officer a draft, and an officer an approval", async () => {
    for (const role of ["viewer", "finance"]) {
      const reply = await as[role]!.call("/console/api/calendar", { body: syawal });
      expect(reply.status, role).toBe(403);
      expect(reply.body["code"]).toBe("console.forbidden");
    }
    expect(await drafts()).toEqual([]);
    const draft = await as["approver"]!.call("/console/api/calendar", { body: syawal });
    expect(draft.status).toBe(201);
    const id = (draft.body["data"] as { id: number }).id;
    const approval = await as["officer"]!.call(`/console/api/calendar/${id}?do=approve`, {
      body: {},
    });
    expect(approval.status).toBe(403);
    // The refusal is a line of the audit log, with what was asked.
    const refused = (await as["admin"]!.call("/console/api/audit?action=console.refused")).body[
      "data"
    ] as { entries: Array<{ after: { asked: string } }> };
    expect(refused.entries.map((entry) => entry.after.asked)).toContain("calendar.approve");
    expect(
      (await as["officer"]!.call(`/console/api/calendar/${id}?do=withdraw`, { body: {} })).status,
    ).toBe(200);
  });

  it("the drafter cannot approve their own draft, and a cross-site request changes nothing", async () => {
    const draft = await as["approver"]!.call("/console/api/calendar", { body: syawal });
    const id = (draft.body["data"] as { id: number }).id;
    const own = await as["approver"]!.call(`/console/api/calendar/${id}?do=approve`, { body: {} });
    expect(own.status).toBe(409);
    expect(own.body["code"]).toBe("calendar.own_draft");
    const forged = await as["admin"]!.call(`/console/api/calendar/${id}?do=approve`, {
      body: {},
      headers: { origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
    expect(forged.body["code"]).toBe("console.csrf");
    expect(await published()).toHaveLength(1);
    await as["approver"]!.call(`/console/api/calendar/${id}?do=withdraw`, { body: {} });
  });

  it("refuses a month that does not fit, with a clear message, and bounds the input", async () => {
    const officer = as["officer"]!;
    const cases: Array<[unknown, string]> = [
      [{ ...syawal, start: "2026-03-23" }, "calendar.month_length"],
      [{ year: 1447, month: 8, start: "2026-01-18" }, "calendar.month_length"],
      [{ ...syawal, month: 13 }, "calendar.invalid"],
      [{ ...syawal, month: 0 }, "calendar.invalid"],
      [{ ...syawal, year: "1447" }, "calendar.invalid"],
      [{ ...syawal, start: "2026-02-30" }, "calendar.invalid"],
      [{ ...syawal, start: "x".repeat(5_000) }, "calendar.invalid"],
      [{ ...syawal, start: "2031-03-21" }, "calendar.implausible"],
      [{ year: 1447, month: 9, start: "2026-02-19" }, "calendar.unchanged"],
    ];
    for (const [body, code] of cases) {
      const reply = await officer.call("/console/api/calendar", { body });
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.body["code"]).toBe(code);
    }
    const long = await officer.call("/console/api/calendar", {
      body: { ...syawal, start: "2026-03-23" },
    });
    expect(long.body["message"]).toMatch(/29 or 30 days after month 9 of 1447 \(2026-02-19\)/);
    expect((await drafts()).filter((draft) => draft.status === "pending")).toEqual([]);
  });

  it("a draft approved by another officer is published, served, and every act audited", async () => {
    const draft = await as["officer"]!.call("/console/api/calendar", { body: syawal });
    expect(draft.status).toBe(201);
    const id = (draft.body["data"] as { id: number }).id;
    expect(await published()).toHaveLength(1);
    const approval = await as["approver"]!.call(`/console/api/calendar/${id}?do=approve`, {
      body: {},
    });
    expect(approval.status).toBe(200);
    expect(approval.body["data"]).toMatchObject({
      status: "published",
      draftedBy: { name: "Omar Officer" },
      approvedBy: { id: expect.any(String) },
    });
    // The public read is cached, and the publication clears it: served at once.
    expect(await published()).toEqual([{ year: 1447, month: 9, start: "2026-02-19" }, syawal]);
    // Approved once: a second approval is refused.
    const again = await as["admin"]!.call(`/console/api/calendar/${id}?do=approve`, { body: {} });
    expect(again.status).toBe(409);
    expect(again.body["code"]).toBe("calendar.not_pending");

    const entries = await calendarAudit();
    const of = (action: string) => entries.filter((entry) => entry["action"] === action);
    expect(of("calendar.draft").length).toBeGreaterThanOrEqual(3);
    expect(of("calendar.withdraw").length).toBe(2);
    expect(of("calendar.draft")[0]).toMatchObject({
      officerName: "Omar Officer",
      entity: "hijri_month_draft",
      entityId: String(id),
      before: { start: null },
      after: syawal,
    });
    expect(of("calendar.approve")).toHaveLength(1);
    expect(of("calendar.approve")[0]).toMatchObject({
      entityId: String(id),
      before: { status: "pending", start: null },
      after: { status: "published", ...syawal },
    });
  });

  it("an amendment is checked against the months around it and replaces the start", async () => {
    // Ramadan moved a day later would make it 30 days long into a published Syawal: fits.
    const later = await as["officer"]!.call("/console/api/calendar", {
      body: { year: 1447, month: 9, start: "2026-02-20" },
    });
    expect(later.status).toBe(201);
    // Two days earlier would give Ramadan 31 days: refused.
    const early = await as["officer"]!.call("/console/api/calendar", {
      body: { year: 1447, month: 9, start: "2026-02-18" },
    });
    expect(early.status).toBe(400);
    expect(early.body["code"]).toBe("calendar.month_length");
    await as["officer"]!.call(
      `/console/api/calendar/${(later.body["data"] as { id: number }).id}?do=withdraw`,
      { body: {} },
    );
    expect((await published())[0]).toEqual({ year: 1447, month: 9, start: "2026-02-19" });
  });
});
