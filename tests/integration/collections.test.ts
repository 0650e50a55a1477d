import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { ASNAF } from "@portal/domain";
import { CollectionsData } from "@portal/adapters/responses";
import { Donor, nricOf } from "../support/donations";
import { openCounterShift, signInOfficer, type ConsoleOfficer } from "../support/console";
import { testDatabases } from "../support/databases";
import { guestCookie, startPortal, type RunningPortal } from "../support/portal";

// Issue 34: the collections page. The attacks first: nobody without a console role drafts or approves
// the asnaf distribution (a guest, a signed-out caller, a viewer, a finance officer), an officer does
// not approve, the drafter never approves their own draft, and the public answer carries nothing of
// any donor. Then: the figures are read at most once a minute (every caller in that minute gets the
// same answer), a paid gift shows within the minute, per fund and channel, and a distribution drafted
// by one officer and approved by another is served at once. Ports 7740-7749.

const CONTROL = "collections-control-token-0123456789abcdef";
let nextPort = 7740;

interface Line {
  count: number;
  cents: number;
  lastCount: number;
  lastCents: number;
}
interface Period extends Line {
  from: string;
  to: string;
  lastFrom: string;
  lastTo: string;
  byFund: Array<Line & { fund: string }>;
  byChannel: Array<Line & { channel: string }>;
}
interface Figures {
  asOf: string;
  ramadan: Period & { hijriYear: number; underWay: boolean; estimated: boolean };
  year: Period & { year: number };
  asnaf: {
    year: number;
    total: number;
    publishedAt: string;
    lines: Array<{ asnaf: string; cents: number }>;
  } | null;
}

const cents = {
  fuqara: 1_250_000_00,
  masakin: 980_000_00,
  amil: 310_000_00,
  muallaf: 120_000_00,
  riqab: 0,
  gharimin: 95_000_00,
  fisabilillah: 640_000_00,
  ibnusSabil: 12_345,
};

describe.each(testDatabases())("the collections page's figures on $name", (database) => {
  let portal: RunningPortal;
  const as: Record<string, ConsoleOfficer> = {};
  const read = async (): Promise<{ figures: Figures; text: string; headers: Headers }> => {
    const response = await fetch(`${portal.base}/svc/main/v1/Home/collections`);
    expect(response.status).toBe(200);
    const text = await response.text();
    const figures = (JSON.parse(text) as { data: Figures }).data;
    // The answer holds to its schema (the page reads it by a plain fetch).
    Schema.decodeUnknownSync(CollectionsData)(figures);
    return {
      figures,
      text,
      headers: response.headers,
    };
  };
  const advance = async (ms: number) => {
    const response = await fetch(`${portal.base}/__test/clock`, {
      method: "POST",
      headers: { authorization: `Bearer ${CONTROL}`, "content-type": "application/json" },
      body: JSON.stringify({ advanceMs: ms }),
    });
    expect(response.status).toBe(200);
  };
  const drafts = async () =>
    (
      (await as["viewer"]!.call("/console/api/asnaf")).body["data"] as {
        drafts: Array<{ id: number; status: string }>;
      }
    ).drafts;
  const line = (period: Period, fund: string) => period.byFund.find((l) => l.fund === fund)!;
  const channel = (period: Period, name: string) =>
    period.byChannel.find((l) => l.channel === name)!;

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      PORTAL_TEST_CONTROL_TOKEN: CONTROL,
    });
    for (const role of ["viewer", "officer", "approver", "finance", "admin"]) {
      as[role] = await signInOfficer(portal.base, portal.dataDir, role);
    }
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("refuses a guest, a signed-out caller, a viewer and a finance officer a draft", async () => {
    const body = JSON.stringify({ year: 2026, cents });
    const guest = await guestCookie(portal.base);
    for (const headers of [{}, { cookie: guest }, { authorization: "Bearer not-a-token" }]) {
      const reply = await fetch(`${portal.base}/console/api/asnaf`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: portal.base, ...headers },
        body,
      });
      expect(reply.status).toBe(401);
    }
    expect((await fetch(`${portal.base}/console/api/asnaf`)).status).toBe(401);
    for (const role of ["viewer", "finance"]) {
      const reply = await as[role]!.call("/console/api/asnaf", { body: { year: 2026, cents } });
      expect(reply.status, role).toBe(403);
      expect(reply.body["code"]).toBe("console.forbidden");
    }
    expect(await drafts()).toEqual([]);
  });

  it("refuses an officer an approval, and the drafter their own; the refusals are audited", async () => {
    const draft = await as["approver"]!.call("/console/api/asnaf", { body: { year: 2026, cents } });
    expect(draft.status).toBe(201);
    const id = (draft.body["data"] as { id: number }).id;
    const officer = await as["officer"]!.call(`/console/api/asnaf/${id}?do=approve`, { body: {} });
    expect(officer.status).toBe(403);
    const own = await as["approver"]!.call(`/console/api/asnaf/${id}?do=approve`, { body: {} });
    expect(own.status).toBe(409);
    expect(own.body["code"]).toBe("asnaf.own_draft");
    const forged = await as["admin"]!.call(`/console/api/asnaf/${id}?do=approve`, {
      body: {},
      headers: { origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
    const refused = (await as["admin"]!.call("/console/api/audit?action=console.refused")).body[
      "data"
    ] as { entries: Array<{ after: { asked: string } }> };
    expect(refused.entries.map((entry) => entry.after.asked)).toContain("asnaf.approve");
    expect((await read()).figures.asnaf).toBeNull();
    const withdrawn = await as["approver"]!.call(`/console/api/asnaf/${id}?do=withdraw`, {
      body: {},
    });
    expect(withdrawn.status).toBe(200);
  });

  it("refuses figures that are not whole cents for each of the eight, with a clear message", async () => {
    const cases: Array<[unknown, string]> = [
      [{ year: 2026, cents: { ...cents, fuqara: 10.5 } }, "asnaf.invalid"],
      [{ year: 2026, cents: { ...cents, masakin: -1 } }, "asnaf.invalid"],
      [{ year: 2026, cents: { fuqara: 100 } }, "asnaf.invalid"],
      [{ year: 2026, cents: { ...cents, donor: 1 } }, "asnaf.invalid"],
      [{ year: 1900, cents }, "asnaf.invalid"],
      [{ year: "2026", cents }, "asnaf.invalid"],
      [{ year: 2026, cents: Object.fromEntries(ASNAF.map((a) => [a, 0])) }, "asnaf.empty"],
    ];
    for (const [body, code] of cases) {
      const reply = await as["officer"]!.call("/console/api/asnaf", { body });
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.body["code"]).toBe(code);
      expect(String(reply.body["message"])).not.toBe("");
    }
    expect((await drafts()).filter((d) => d.status === "pending")).toEqual([]);
  });

  it("reads the figures once a minute, and shows a paid gift within the minute", async () => {
    const before = await read();
    expect(before.headers.get("cache-control")).toMatch(/public/);
    // However many ask at once, one answer: the figures were read once.
    const many = await Promise.all(Array.from({ length: 20 }, () => read()));
    expect(new Set(many.map((r) => r.figures.asOf))).toEqual(new Set([before.figures.asOf]));

    const donor = await (
      await new Donor(portal.base).start()
    ).donate({
      flow: "FIDYAH",
      items: { fidyah: { days: 3 } },
      totalCents: 1_200,
      donor: { name: "Nur Hidayah Binte Osman", email: "nur.hidayah@example.sg", anonymous: false },
    });
    await openCounterShift(as["officer"]!);
    const counter = await as["officer"]!.call("/console/api/counter", {
      body: {
        fund: "harta",
        amountCents: 50_001,
        method: "cash",
        mosqueName: "Masjid Al-Falah",
        donor: { name: "Abdul Karim Bin Yusof", idNumber: nricOf("1357913") },
      },
      headers: { "idempotency-key": "collections-counter-1" },
    });
    expect(counter.status).toBe(201);

    // Still the minute's answer...
    expect((await read()).figures).toEqual(before.figures);
    // ...and the next minute's counts them: the gift online, the counter's at the counter.
    await advance(60_000);
    const after = (await read()).figures;
    expect(after.asOf).not.toBe(before.figures.asOf);
    const was = before.figures.year;
    expect(after.year.count).toBe(was.count + 2);
    expect(after.year.cents).toBe(was.cents + 1_200 + 50_001);
    expect(line(after.year, "FIDYAH").cents).toBe(line(was, "FIDYAH").cents + 1_200);
    expect(line(after.year, "ZAKAT").cents).toBe(line(was, "ZAKAT").cents + 50_001);
    expect(channel(after.year, "online").count).toBe(channel(was, "online").count + 1);
    expect(channel(after.year, "counter").cents).toBe(channel(was, "counter").cents + 50_001);
    expect(channel(after.year, "kiosk")).toEqual(channel(was, "kiosk"));
    // Every figure is whole cents, and the parts add up to the whole.
    for (const period of [after.year, after.ramadan]) {
      const sum = (lines: Line[]) => lines.reduce((total, l) => total + l.cents, 0);
      expect(sum(period.byFund)).toBe(period.cents);
      expect(sum(period.byChannel)).toBe(period.cents);
      expect(Number.isSafeInteger(period.lastCents)).toBe(true);
    }
    expect(after.year.from).toBe(`${after.year.year}-01-01`);
    expect(after.year.lastTo.slice(5)).toBe(after.year.to.slice(5));
    expect(donor.totalCents).toBe(1_200);
  });

  it("takes no query parameter and no other method", async () => {
    const query = await fetch(`${portal.base}/svc/main/v1/Home/collections?donor=1`);
    expect(query.status).toBe(400);
    const put = await fetch(`${portal.base}/svc/main/v1/Home/collections`, { method: "PUT" });
    expect(put.status).toBe(405);
    const post = await fetch(`${portal.base}/svc/main/v1/Home/collections`, { method: "POST" });
    expect(post.status).toBe(200);
  });

  it("says nothing of any donor: only sums, counts, days and the asnaf", async () => {
    const { text, figures } = await read();
    for (const personal of [
      "Nur Hidayah",
      "nur.hidayah@example.sg",
      "Abdul Karim",
      "1357913",
      "Masjid Al-Falah",
    ]) {
      expect(text).not.toContain(personal);
    }
    const keys = new Set<string>();
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object") {
        for (const [key, inner] of Object.entries(value)) {
          keys.add(key);
          walk(inner);
        }
      }
    };
    walk(figures);
    const allowed = new Set([
      "asOf",
      "ramadan",
      "year",
      "asnaf",
      "hijriYear",
      "underWay",
      "estimated",
      "from",
      "to",
      "lastFrom",
      "lastTo",
      "count",
      "cents",
      "lastCount",
      "lastCents",
      "byFund",
      "byChannel",
      "fund",
      "channel",
      "total",
      "publishedAt",
      "lines",
    ]);
    expect([...keys].filter((key) => !allowed.has(key))).toEqual([]);
  });

  it("publishes a distribution another officer approves, at once, and audits each act", async () => {
    const draft = await as["officer"]!.call("/console/api/asnaf", { body: { year: 2026, cents } });
    expect(draft.status).toBe(201);
    const id = (draft.body["data"] as { id: number }).id;
    const approved = await as["approver"]!.call(`/console/api/asnaf/${id}?do=approve`, {
      body: {},
    });
    expect(approved.status).toBe(200);
    expect(approved.body["data"]).toMatchObject({ status: "published" });
    // Served on the next read, without waiting for the minute.
    const { asnaf } = (await read()).figures;
    expect(asnaf).toMatchObject({ year: 2026, total: 339_512_345 });
    expect(asnaf!.lines.map((l) => l.asnaf)).toEqual([...ASNAF]);
    expect(asnaf!.lines.find((l) => l.asnaf === "ibnusSabil")!.cents).toBe(12_345);
    // Approving it again is refused: it is no longer pending.
    const again = await as["admin"]!.call(`/console/api/asnaf/${id}?do=approve`, { body: {} });
    expect(again.status).toBe(409);
    expect(again.body["code"]).toBe("asnaf.not_pending");
    const audit = (await as["admin"]!.call("/console/api/audit?action=asnaf")).body["data"] as {
      entries: Array<{ action: string; entityId: string; officerId?: string }>;
    };
    const acts = audit.entries.filter((e) => e.entityId === String(id)).map((e) => e.action);
    expect(acts.sort()).toEqual(["asnaf.approve", "asnaf.draft"]);
  });
});
