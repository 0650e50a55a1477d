import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homeContentOf, MAIN_CHARITY_ID } from "@portal/domain";
import { signInOfficer, type ConsoleOfficer } from "../support/console";
import { testDatabases } from "../support/databases";
import { startPortal, type RunningPortal } from "../support/portal";

// Issue 23: officers change the footer's contacts and social links, the home pages' blocks 4 to 14 and
// the donor wall's settings 15 and 16 in the console, without a release. The attacks first: no session,
// the wrong role, a cross-site request, script in a field; then the allowed change reaches the
// configuration the donors' pages read. Ports 7860-7869.

const WAKAF_CHARITY = 136;
let nextPort = 7860;

interface Served {
  contactNumber: string;
  contactEmail: string;
  contactAddress: string;
  socialMediaIcon: Array<{ socialMediaIconName: string; socialMediaIconUrl: string }>;
  homePageContent: unknown;
  siteLinks: Record<string, string>;
  homeFills: Record<string, Record<string, string>>;
}

const change = {
  charityId: MAIN_CHARITY_ID,
  contact: { number: "+65 6000 1234", email: "help@muis.gov.sg", address: "1 Braddell Road" },
};

const links = {
  privacy: "https://www.muis.gov.sg/privacy",
  terms: "/terms",
  zakatSite: "https://www.zakat.sg/",
  fidyahSite: "https://www.zakat.sg/fidyah",
  wakafSite: "https://www.ourwakaf.sg/",
  zakatReceipts: "",
  wakafReceipts: "",
  korbanReceipts: "https://korban.example.sg/receipts",
  otherReceipts: "",
};
const linkChange = { charityId: MAIN_CHARITY_ID, links };

describe.each(testDatabases())("the console's content page on $name", (database) => {
  let portal: RunningPortal;
  const as: Record<string, ConsoleOfficer> = {};
  const served = async (charityId = MAIN_CHARITY_ID) => {
    const response = await fetch(
      `${portal.base}/svc/main/v1/Home/homePageConfiguration?charityId=${charityId}`,
    );
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    return ((await response.json()) as { data: Served }).data;
  };
  const contentAudit = async () => {
    const reply = await as["admin"]!.call("/console/api/audit?action=content.edit");
    return (reply.body["data"] as { entries: Array<Record<string, unknown>> }).entries;
  };

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, await database.portalEnv());
    for (const role of ["viewer", "officer", "finance", "admin"]) {
      as[role] = await signInOfficer(portal.base, portal.dataDir, role);
    }
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("issue 34: serves the values the home texts name, worked out in both languages", async () => {
    const { homeFills } = await served();
    for (const lang of ["en", "ms"]) {
      expect(homeFills[lang]).toMatchObject({
        nisab: expect.stringMatching(/^\$\d{1,3}(,\d{3})*\.\d{2}$/),
        fitrahNormal: "$5.00",
        fitrahPremium: "$8.00",
        fidyahPerDay: "$4.00",
        kaffarahPerPerson: "$4.00",
      });
    }
    expect(homeFills["en"]!["fitrahCountdown"]).toMatch(/Aidilfitri/);
    expect(homeFills["ms"]!["fitrahCountdown"]).toMatch(/Aidilfitri/);
  });

  it("refuses a caller with no console session, and changes nothing", async () => {
    const read = await fetch(`${portal.base}/console/api/content`);
    expect(read.status).toBe(401);
    const write = await fetch(`${portal.base}/console/api/content`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: portal.base },
      body: JSON.stringify(change),
    });
    expect(write.status).toBe(401);
    expect(((await write.json()) as { code: string }).code).toBe("console.signed_out");
    // A donor's or a guest's own tokens are no console session either.
    const guest = await fetch(`${portal.base}/console/api/content`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: portal.base,
        authorization: "Bearer not-an-officer",
        cookie: "portal_guest=anything",
      },
      body: JSON.stringify(linkChange),
    });
    expect(guest.status).toBe(401);
    expect((await served()).siteLinks["privacy"]).toBe("/privacy");
    expect((await served()).contactNumber).toBe("+65 6359 1199");
  });

  it("refuses a viewer and a finance officer, reading or writing", async () => {
    for (const role of ["viewer", "finance"]) {
      const officer = as[role]!;
      const session = await officer.call("/console/api/session");
      expect((session.body["data"] as { actions: string[] }).actions).not.toContain("content.edit");
      expect((await officer.call("/console/api/content")).status, role).toBe(403);
      const write = await officer.call("/console/api/content", { body: change });
      expect(write.status, role).toBe(403);
      expect(write.body["code"]).toBe("console.forbidden");
      const links = await officer.call("/console/api/content", { body: linkChange });
      expect(links.status, role).toBe(403);
    }
    expect((await served()).siteLinks["privacy"]).toBe("/privacy");
    expect((await served()).contactNumber).toBe("+65 6359 1199");
    expect(await contentAudit()).toEqual([]);
  });

  it("refuses a cross-site request: no CSRF proof, a forged one, another origin", async () => {
    const officer = as["officer"]!;
    for (const headers of [
      { "x-console-csrf": "" },
      { "x-console-csrf": as["admin"]!.csrf },
      { origin: "https://evil.example" },
    ]) {
      const reply = await officer.call("/console/api/content", { body: change, headers });
      expect(reply.status).toBe(403);
      expect(reply.body["code"]).toBe("console.csrf");
    }
    // A plain cross-site form post carries the cookie at most, never the token.
    const form = await fetch(`${portal.base}/console/api/content`, {
      method: "POST",
      headers: {
        cookie: officer.cookie,
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "contact=1",
    });
    expect(form.status).toBe(403);
    expect((await served()).contactNumber).toBe("+65 6359 1199");
  });

  it("checks every field on the server: a bad one is named and nothing is saved", async () => {
    const officer = as["officer"]!;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ contact: { ...change.contact, email: "<script>x</script>@a.sg" } }, "contact.email"],
      [{ contact: { ...change.contact, number: "call us" } }, "contact.number"],
      [{ socialMediaIcons: [{ name: "x", url: "javascript:alert(1)" }] }, "socialMediaIcons.0.url"],
      [{ socialMediaIcons: [{ name: "x", url: "http://example.com" }] }, "socialMediaIcons.0.url"],
      [
        { blocks: [{ blockId: 4, title: {}, text: { en: "x".repeat(2001), ms: "y" } }] },
        "blocks.4.text.en",
      ],
      [{ blocks: [{ blockId: 4, title: {}, text: { en: "English only" } }] }, "blocks.4.text.ms"],
      [{ donorWall: { shown: true, pageSize: 1000 } }, "donorWall.pageSize"],
    ];
    for (const [part, field] of cases) {
      const reply = await officer.call("/console/api/content", {
        body: { charityId: MAIN_CHARITY_ID, contact: change.contact, ...part },
      });
      expect(reply.status, field).toBe(400);
      expect(reply.body["field"], field).toBe(field);
    }
    expect((await served()).contactNumber).toBe("+65 6359 1199");
    const unknown = await officer.call("/console/api/content", {
      body: { ...change, charityId: 9 },
    });
    expect(unknown.status).toBe(404);
  });

  it("stores script in a field as plain text, and serves it as JSON text, never markup", async () => {
    const reply = await as["officer"]!.call("/console/api/content", {
      body: {
        charityId: MAIN_CHARITY_ID,
        contact: {
          number: "+65 6359 1199",
          email: "info@muis.gov.sg",
          address: '<img src=x onerror="alert(1)">1 Braddell <b>Road</b>',
        },
        blocks: [
          {
            blockId: 5,
            title: { en: "<script>alert(1)</script>Notice", ms: "<script>alert(2)</script>Notis" },
            text: { en: "Open <a href='javascript:alert(1)'>daily</a>", ms: "Dibuka setiap hari" },
          },
        ],
      },
    });
    expect(reply.status).toBe(200);
    const config = await served();
    expect(config.contactAddress).toBe("1 Braddell Road");
    const { texts } = homeContentOf(config.homePageContent);
    expect(texts.find((block) => block.id === 5)).toEqual({
      id: 5,
      title: { en: "alert(1)Notice", ms: "alert(2)Notis" },
      text: { en: "Open daily", ms: "Dibuka setiap hari" },
    });
    expect(JSON.stringify(config)).not.toMatch(/<|>/);
    // The home page itself carries no officer's words in its markup: the blocks are drawn as text.
    const home = await (await fetch(`${portal.base}/`)).text();
    expect(home).not.toContain("alert(");
  });

  it("an officer's change reaches the configuration the donors' pages read, audited before and after", async () => {
    const before = await served();
    const officer = as["officer"]!;
    const saved = await officer.call("/console/api/content", {
      body: {
        ...change,
        socialMediaIcons: [
          { name: "facebook", url: "https://www.facebook.com/MUIS.SG" },
          { name: "tiktok", url: "https://www.tiktok.com/@muis" },
        ],
        blocks: [
          {
            blockId: 4,
            title: { en: "Ramadan hours", ms: "Waktu Ramadan" },
            text: {
              en: "Counters open 9am.\n\nClosed on Hari Raya.",
              ms: "Kaunter dibuka 9 pagi.",
            },
          },
          { blockId: 5, title: { en: "", ms: "" }, text: { en: "", ms: "" } },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const after = await served();
    expect(after).toMatchObject({
      contactNumber: "+65 6000 1234",
      contactEmail: "help@muis.gov.sg",
      contactAddress: "1 Braddell Road",
      socialMediaIcon: [
        { socialMediaIconName: "facebook", socialMediaIconUrl: "https://www.facebook.com/MUIS.SG" },
        { socialMediaIconName: "tiktok", socialMediaIconUrl: "https://www.tiktok.com/@muis" },
      ],
    });
    // Block 4 changed, block 5 emptied (taken off the page), the seeded blocks 6 to 14 as they were.
    const texts = homeContentOf(after.homePageContent).texts;
    expect(texts[0]).toEqual({
      id: 4,
      title: { en: "Ramadan hours", ms: "Waktu Ramadan" },
      text: { en: "Counters open 9am.\n\nClosed on Hari Raya.", ms: "Kaunter dibuka 9 pagi." },
    });
    expect(texts.map((block) => block.id)).toEqual([4, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(before.contactNumber).toBe("+65 6359 1199");

    // The donor wall of a wakaf fund: hidden, then five a page.
    const wall = await officer.call("/console/api/content", {
      body: { charityId: WAKAF_CHARITY, donorWall: { shown: false, pageSize: 5 } },
    });
    expect(wall.status).toBe(200);
    expect(homeContentOf((await served(WAKAF_CHARITY)).homePageContent).donorWall).toEqual({
      shown: false,
      pageSize: 5,
    });

    const entries = await contentAudit();
    const of = (entity: string) => entries.filter((entry) => entry["entity"] === entity);
    expect(of("contact")[0]).toMatchObject({
      officerName: "Omar Officer",
      entityId: String(MAIN_CHARITY_ID),
      before: { number: "+65 6359 1199", address: "1 Braddell Road" },
      after: { number: "+65 6000 1234" },
    });
    expect(of("social_links")[0]).toMatchObject({
      before: [{ name: "facebook" }, { name: "instagram" }, { name: "youtube" }],
      after: [{ name: "facebook" }, { name: "tiktok" }],
    });
    expect(of("content_block").map((entry) => entry["entityId"])).toEqual([
      `${MAIN_CHARITY_ID}:5`,
      `${MAIN_CHARITY_ID}:4`,
      `${MAIN_CHARITY_ID}:5`,
    ]);
    expect(of("content_block")[0]).toMatchObject({
      before: { title: { en: "alert(1)Notice" } },
      after: { title: { en: "", ms: "" } },
    });
    // The first change of block 5 replaced the seeded text (issue 34).
    expect(of("content_block")[2]).toMatchObject({
      before: { title: { en: "Rates in force" } },
      after: { title: { en: "alert(1)Notice" } },
    });
    expect(of("donor_wall")[0]).toMatchObject({
      entityId: String(WAKAF_CHARITY),
      before: { shown: true, pageSize: 10 },
      after: { shown: false, pageSize: 5 },
    });

    // Saving the same again changes nothing and writes no audit line.
    const count = entries.length;
    const again = await officer.call("/console/api/content", {
      body: { charityId: WAKAF_CHARITY, donorWall: { shown: false, pageSize: 5 } },
    });
    expect(again.status).toBe(200);
    expect(await contentAudit()).toHaveLength(count);

    // The page reads it back for editing: every text block 4 to 14, in both languages.
    const read = await officer.call(`/console/api/content?charityId=${MAIN_CHARITY_ID}`);
    const data = read.body["data"] as {
      charities: Array<{ id: number }>;
      content: { blocks: Array<{ blockId: number }>; contact: unknown };
    };
    expect(data.charities.map((charity) => charity.id)).toContain(WAKAF_CHARITY);
    expect(data.content.blocks.map((block) => block.blockId)).toEqual([
      4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
    ]);
    expect(data.content.contact).toEqual(change.contact);
  });

  it("issue 34: the site's links are only https or own paths, capped, the main charity's; saved and audited", async () => {
    const officer = as["officer"]!;
    // Before any change: the portal's own statement and terms.
    const first = await fetch(`${portal.base}/ms/go/privacy`, { redirect: "manual" });
    expect(first.headers.get("location")).toBe("/ms/privacy");
    expect((await served()).siteLinks).toMatchObject({
      privacy: "/privacy",
      terms: "/terms",
      fidyahSite: "https://www.zakat.sg/",
      korbanReceipts: "",
    });
    const bad: Array<[string, string]> = [
      ["privacy", "javascript:alert(1)"],
      ["privacy", ""],
      ["terms", "http://www.muis.gov.sg/terms"],
      ["zakatSite", "//evil.example/"],
      ["wakafSite", "data:text/html,hi"],
      ["korbanReceipts", 'https://a.sg/"onmouseover="x'],
      ["otherReceipts", `https://a.sg/${"x".repeat(300)}`],
      ["fidyahSite", "/privacy<script>"],
    ];
    for (const [name, value] of bad) {
      const reply = await officer.call("/console/api/content", {
        body: { ...linkChange, links: { ...links, [name]: value } },
      });
      expect(reply.status, `${name}=${value}`).toBe(400);
      expect(reply.body["field"], value).toBe(`links.${name}`);
    }
    const elsewhere = await officer.call("/console/api/content", {
      body: { charityId: WAKAF_CHARITY, links },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body["field"]).toBe("links");
    expect((await served()).siteLinks["privacy"]).toBe("/privacy");

    const saved = await officer.call("/console/api/content", { body: linkChange });
    expect(saved.status).toBe(200);
    expect((await served()).siteLinks).toEqual(links);
    const read = await officer.call(`/console/api/content?charityId=${MAIN_CHARITY_ID}`);
    expect((read.body["data"] as { content: { links: unknown } }).content.links).toEqual(links);
    // The pages link to /go/<name>: the server redirects to the address as stored, an own path in
    // the page's language; a link not set, or no such name, is not found.
    const go = (path: string) => fetch(`${portal.base}${path}`, { redirect: "manual" });
    for (const [path, target] of [
      ["/go/privacy", "https://www.muis.gov.sg/privacy"],
      ["/ms/go/privacy", "https://www.muis.gov.sg/privacy"],
      ["/go/terms", "/terms"],
      ["/ms/go/terms", "/ms/terms"],
      ["/ms/go/korbanReceipts", links.korbanReceipts],
    ] as const) {
      const answer = await go(path);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("location"), path).toBe(target);
    }
    for (const path of ["/go/zakatReceipts", "/go/nothing", "/go/constructor"]) {
      expect((await go(path)).status, path).toBe(404);
    }
    const line = (await contentAudit()).find((entry) => entry["entity"] === "site_links");
    expect(line).toMatchObject({
      entityId: String(MAIN_CHARITY_ID),
      before: { privacy: "/privacy", korbanReceipts: "" },
      after: { privacy: "https://www.muis.gov.sg/privacy", korbanReceipts: links.korbanReceipts },
    });
  });
});
