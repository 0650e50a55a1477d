import { execFileSync } from "node:child_process";
import path from "node:path";
import { readOutbox, type OutboxMail } from "@portal/adapters/mail";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import { Donor, registerSignIn, nricOf as nric } from "../support/donations";
import {
  bearer,
  callPortal,
  guestCookie,
  startPortal,
  type RunningPortal,
} from "../support/portal";

// Ports 5820-5839 are this file's.
let nextPort = 5820;
const CONTROL = "reminders-test-control-token-0123456789abcdef";
/** Five days before 1 Ramadan 1447, which the council published as 19 February 2026. */
const BEFORE_RAMADAN = "2026-02-14";
const donor = (name: string) => `/svc/donor/api/User/${name}`;
const UNSUBSCRIBE = "/svc/donor/reminders/unsubscribe";

/** RFC 5545 read back: unfolded lines, each split at its first colon. */
const icsProps = (ics: string) =>
  Object.fromEntries(
    ics
      .replace(/\r\n[ \t]/g, "")
      .split("\r\n")
      .filter(Boolean)
      .map((line) => {
        const at = line.indexOf(":");
        return [line.slice(0, at), line.slice(at + 1)];
      }),
  );

const tokenOf = (mail: OutboxMail) =>
  new URLSearchParams(new URL(mail.meta!["unsubscribeLink"]!).hash.slice(1)).get("t")!;

/** SIGKILL the web server the launcher started (the process holding the database), then the launcher. */
const crash = async (portal: RunningPortal) => {
  const children = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(portal.child.pid)])
    .toString()
    .split("\n")
    .filter((line) => line.includes("serve.mjs"));
  expect(children).toHaveLength(1);
  process.kill(Number(children[0]!.trim().split(/\s+/)[0]), "SIGKILL");
  await portal.stop();
};

/** Reminders end to end through the real server: opt in, the daily run, the outbox, unsubscribe. */
describe.each(testDatabases())("reminders on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let env: Record<string, string>;
  let tokenA: string;
  let tokenB: string;
  const call = (p: string, body: unknown = {}, headers: Record<string, string> = {}) =>
    callPortal(portal.base, p, body, headers);
  const run = async (body: Record<string, unknown> = {}) => {
    const answer = await fetch(`${portal.base}/__test/reminders`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${CONTROL}` },
      body: JSON.stringify({ today: BEFORE_RAMADAN, ...body }),
    });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: { queued: number; alreadyClaimed: number } }).data;
  };
  const outbox = async () =>
    (await readOutbox(path.join(portal.dataDir, "outbox"))).filter((m) => m.kind === "reminder");
  const prefsOf = async (token: string) =>
    (await call(donor("getReminderPreferences"), {}, bearer(token))).body["data"];

  beforeAll(async () => {
    identity = await startTestIdentity();
    env = {
      ...(await database.portalEnv()),
      ...identity.env,
      PORTAL_TEST_CONTROL_TOKEN: CONTROL,
      // The mail loop runs at start only: the test delivers through the run's hook.
      PORTAL_JOBS_INTERVAL_SECONDS: "3600",
    };
    portal = await startPortal(nextPort++, undefined, env);
    tokenA = await identity.sign({ email: "halimah.r@example.com", name: "Halimah" });
    tokenB = await identity.sign({ email: "ismail.r@example.com", name: "Ismail" });
    await registerSignIn(portal.base, tokenA, nric("3141593"), "91420001");
    await registerSignIn(portal.base, tokenB, nric("2718282"), "91420002");
  }, 120_000);

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("keeps each donor's choices to that donor; a guest or a stranger reads and sets none", async () => {
    expect(await prefsOf(tokenA)).toEqual({
      haul: false,
      ramadan: false,
      lang: "en",
      saved: false,
    });
    const saved = await call(
      donor("setReminderPreferences"),
      { haul: true, ramadan: true, lang: "en" },
      bearer(tokenA),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await prefsOf(tokenA)).toEqual({ haul: true, ramadan: true, lang: "en", saved: true });
    // Another donor sees and sets only their own.
    expect(await prefsOf(tokenB)).toMatchObject({ ramadan: false, saved: false });
    await call(
      donor("setReminderPreferences"),
      { haul: false, ramadan: true, lang: "ms", donorId: "x" },
      bearer(tokenB),
    );
    await call(
      donor("setReminderPreferences"),
      { haul: false, ramadan: true, lang: "ms" },
      bearer(tokenB),
    );
    expect(await prefsOf(tokenB)).toEqual({ haul: false, ramadan: true, lang: "ms", saved: true });
    expect(await prefsOf(tokenA)).toMatchObject({ haul: true, ramadan: true, lang: "en" });
    // No sign-in, a guest session, a forged bearer: refused, nothing read or written.
    const cookie = await guestCookie(portal.base);
    for (const headers of [{}, { cookie }, bearer(`${tokenA.slice(0, -4)}AAAA`)]) {
      for (const [name, body] of [
        ["getReminderPreferences", {}],
        ["setReminderPreferences", { haul: false, ramadan: false, lang: "en" }],
      ] as const) {
        const answer = await call(donor(name), body, headers);
        expect(answer.status, `${name} ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.body["data"]).toBeUndefined();
      }
    }
    expect(await prefsOf(tokenA)).toMatchObject({ haul: true, ramadan: true });
    // Bad input: a clear refusal, never a 5xx, nothing saved.
    const bad = await call(
      donor("setReminderPreferences"),
      { haul: "yes", ramadan: true, lang: "fr" },
      bearer(tokenA),
    );
    expect(bad.status).toBe(400);
    expect(await prefsOf(tokenA)).toMatchObject({ haul: true, ramadan: true, lang: "en" });
  });

  it("sends each reminder once across two runs and a crash between the claim and the send", async () => {
    // The run claims and queues, and is killed before the mail goes.
    expect(await run({ deliver: false })).toMatchObject({ queued: 2, alreadyClaimed: 0 });
    expect(await outbox()).toHaveLength(0);
    await crash(portal);
    portal = await startPortal(portal.port, portal.dataDir, env);
    // The restarted portal's mail loop delivers what was queued; the day's run again claims nothing.
    expect(await run()).toMatchObject({ queued: 0 });
    expect(await run()).toMatchObject({ queued: 0 });
    const mails = await outbox();
    expect(mails.map((m) => m.to).sort()).toEqual([
      "halimah.r@example.com",
      "ismail.r@example.com",
    ]);
    const a = mails.find((m) => m.to === "halimah.r@example.com")!;
    const b = mails.find((m) => m.to === "ismail.r@example.com")!;
    // In each donor's language, with the calendar file and the one-click headers.
    expect(a.subject).toBe("Ramadan 1447 begins on 19 Feb 2026: zakat fitrah");
    expect(b.subject).toBe("Ramadan 1447 bermula pada 19 Feb 2026: zakat fitrah");
    const ics = a.attachments![0]!;
    expect(ics.contentType).toMatch(/^text\/calendar/);
    const props = icsProps(ics.content);
    expect(props["DTSTART;VALUE=DATE"]).toBe("20260219");
    expect(props["SUMMARY;LANGUAGE=en"]).toContain("zakat fitrah");
    expect(icsProps(b.attachments![0]!.content)["SUMMARY;LANGUAGE=ms"]).toContain("zakat fitrah");
    expect(props["UID"]).not.toContain(a.to);
    expect(a.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(a.headers!["List-Unsubscribe"]).toMatch(
      /^<http:\/\/.*\/svc\/donor\/reminders\/unsubscribe\?t=/,
    );
    // No personal data in the links: no address, no name, no donor id.
    for (const link of [a.meta!["unsubscribeLink"]!, a.headers!["List-Unsubscribe"]!]) {
      expect(link).not.toMatch(/halimah|%40|@/i);
    }
    expect(a.text).toContain(a.meta!["unsubscribeLink"]);
  });

  it("unsubscribes only the donor a genuine token names; a forged one is refused", async () => {
    const mails = await outbox();
    const a = mails.find((m) => m.to === "halimah.r@example.com")!;
    const b = mails.find((m) => m.to === "ismail.r@example.com")!;
    const [idA, macA] = tokenOf(a).split(".");
    const [idB] = tokenOf(b).split(".");
    const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith("A") ? "B" : "A"}`;
    for (const forged of [
      `${idB}.${macA}`,
      `${idA}.${flip(macA!)}`,
      "",
      "x",
      `${flip(idA!)}.${macA}`,
    ]) {
      const answer = await call(UNSUBSCRIBE, { token: forged });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: "reminders.badToken" });
    }
    expect(await prefsOf(tokenA)).toMatchObject({ ramadan: true });
    expect(await prefsOf(tokenB)).toMatchObject({ ramadan: true });
    // B's one-click (RFC 8058: a form post to the List-Unsubscribe address) stops B's only.
    const oneClick = b.headers!["List-Unsubscribe"]!.slice(1, -1).replace(/^https?:\/\/[^/]+/, "");
    const posted = await fetch(`${portal.base}${oneClick}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(posted.status).toBe(200);
    expect(await prefsOf(tokenB)).toMatchObject({ haul: false, ramadan: false });
    expect(await prefsOf(tokenA)).toMatchObject({ haul: true, ramadan: true });
    // A GET (a link scanner) changes nothing.
    expect((await fetch(`${portal.base}${UNSUBSCRIBE}?t=${tokenOf(a)}`)).status).toBe(405);
    expect(await prefsOf(tokenA)).toMatchObject({ ramadan: true });
    // A's own token, from the page's button.
    expect((await call(UNSUBSCRIBE, { token: tokenOf(a) })).status).toBe(200);
    expect(await prefsOf(tokenA)).toMatchObject({ haul: false, ramadan: false });
    // Nobody opted in: the next run sends nothing.
    expect(await run({ today: "2026-02-15" })).toMatchObject({ queued: 0 });
    expect(await outbox()).toHaveLength(2);
  });
  it("reminds of a haul falling due and of fidyah owed, from the haul tracker and the missed-fasts log", async () => {
    const tokenC = await identity.sign({ email: "zainab.r@example.com", name: "Zainab" });
    await registerSignIn(portal.base, tokenC, nric("1414213"), "91420003");
    const saved = (name: string, body: unknown) =>
      call(donor(name), body, bearer(tokenC)).then((a) => {
        expect(a.status, `${name} ${JSON.stringify(a.body)}`).toBe(200);
      });
    // $20,000 of savings from 2 Mar 2025: the haul of 355 days falls due on 20 Feb 2026.
    await saved("saveHaulEntry", {
      wealth: "savings",
      kind: "balance",
      date: "2025-03-02",
      balanceCents: 2_000_000,
    });
    await saved("saveMissedFast", { hijriYear: 1446, reason: "travel", days: 3 });
    await saved("setReminderPreferences", { haul: true, ramadan: true, lang: "en" });
    // Another donor's lines remind nobody else: A and B are unsubscribed and get nothing more.
    expect(await run({ today: "2026-02-16" })).toMatchObject({ queued: 3 });
    expect(await run({ today: "2026-02-17" })).toMatchObject({ queued: 0 });
    const mine = (await outbox()).filter((m) => m.to === "zainab.r@example.com");
    expect(mine.map((m) => m.subject).sort()).toEqual([
      "Fidyah for missed fasts, before Ramadan 1447 (19 Feb 2026)",
      "Ramadan 1447 begins on 19 Feb 2026: zakat fitrah",
      "Zakat on your savings is due on 20 Feb 2026",
    ]);
    expect((await outbox()).filter((m) => m.to !== "zainab.r@example.com")).toHaveLength(2);
    const haul = mine.find((m) => m.subject.startsWith("Zakat on your savings"))!;
    expect(icsProps(haul.attachments![0]!.content)["DTSTART;VALUE=DATE"]).toBe("20260220");
  });

  it("counts a haul that ended before a nisab change at the nisab then in force, as the tracker does", async () => {
    const tokenD = await identity.sign({ email: "yusof.r@example.com", name: "Yusof" });
    await registerSignIn(portal.base, tokenD, nric("1732051"), "91420004");
    // $11,000 of savings from 2 Mar 2025: the haul ends on 20 Feb 2026, when the nisab was $10,975.
    for (const [name, body] of [
      [
        "saveHaulEntry",
        { wealth: "savings", kind: "balance", date: "2025-03-02", balanceCents: 1_100_000 },
      ],
      ["setReminderPreferences", { haul: true, ramadan: false, lang: "en" }],
    ] as const) {
      const answer = await call(donor(name), body, bearer(tokenD));
      expect(answer.status, `${name} ${JSON.stringify(answer.body)}`).toBe(200);
    }
    // The council has since raised the nisab to $12,000 (now, after the haul's end): today's figure
    // would find nothing due; the figure in force on 20 Feb 2026 finds $275.00.
    const rates = (patch: Record<string, unknown>) =>
      fetch(`${portal.base}/__test/rates`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${CONTROL}` },
        body: JSON.stringify(patch),
      });
    expect((await rates({ nisabValue: 1_200_000 })).status).toBe(200);
    try {
      expect(await run({ today: "2026-02-16" })).toMatchObject({ queued: 1 });
      const [mail, ...more] = (await outbox()).filter((m) => m.to === "yusof.r@example.com");
      expect(more).toHaveLength(0);
      expect(mail!.subject).toBe("Zakat on your savings is due on 20 Feb 2026");
      expect(mail!.text).toContain("$275.00");
    } finally {
      expect((await rates({ nisabValue: 1_097_500 })).status).toBe(200);
    }
  });

  it("asks for what is left of a haul after this Hijri year's payments, and not for a haul fully paid", async () => {
    // Today by the portal's clock (Singapore): the year's gifts are paid today, in its Hijri year.
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const daysAgo = (n: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const donors = [
      { email: "aminah.r@example.com", nric: "1618034", mobile: "91420005", pays: 10_000 },
      { email: "hamzah.r@example.com", nric: "1259921", mobile: "91420006", pays: 50_000 },
    ];
    for (const d of donors) {
      const token = await identity.sign({ email: d.email, name: d.email.split(".")[0]! });
      await registerSignIn(portal.base, token, nric(d.nric), d.mobile);
      // $20,000 of savings held for 350 days: the haul ends in 5 days, zakat $500.00.
      for (const [name, body] of [
        [
          "saveHaulEntry",
          { wealth: "savings", kind: "balance", date: daysAgo(350), balanceCents: 2_000_000 },
        ],
        ["setReminderPreferences", { haul: true, ramadan: false, lang: "en" }],
      ] as const) {
        const answer = await call(donor(name), body, bearer(token));
        expect(answer.status, `${name} ${JSON.stringify(answer.body)}`).toBe(200);
      }
      // Zakat harta paid online today: this Hijri year's ledger counts it towards the haul (it does
      // not start the haul again, as the ledger counts a payment made in the year).
      await new Donor(portal.base, bearer(token)).donate({
        flow: "ZAKAT",
        items: { harta: d.pays },
        totalCents: d.pays,
      });
    }
    expect(await run({ today })).toMatchObject({ queued: 1 });
    expect(await run({ today })).toMatchObject({ queued: 0 });
    const mails = await outbox();
    expect(mails.filter((m) => m.to === "hamzah.r@example.com")).toHaveLength(0);
    const [mail, ...more] = mails.filter((m) => m.to === "aminah.r@example.com");
    expect(more).toHaveLength(0);
    expect(mail!.subject).toMatch(/^Zakat on your savings is due on /);
    expect(mail!.text).toContain("the zakat on it is $500.00");
    expect(mail!.text).toMatch(
      /already paid \$100\.00 of zakat harta towards it this Hijri year \(14\d\d\), so \$400\.00 is still due/,
    );
  });
});
