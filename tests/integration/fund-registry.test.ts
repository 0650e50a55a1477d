import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, bundleServicesVariant } from "../../scripts/build.mjs";
import { isBuildCurrent } from "../../scripts/lib/build-stamp.mjs";
import { testDatabases } from "../support/databases";
import { openCounterShift, signInOfficer, type ConsoleOfficer } from "../support/console";
import { nricOf } from "../support/donations";
import { fixtureTranslations } from "../support/fixture-fund";
import { root } from "../support/portal";
import { guestPortal, payByCard } from "../support/guest-portal";

// A third wakaf fund that is only a registry entry and its translations (tests/support/fixture-fund.ts,
// made as docs/add-a-fund.md says) is priced, paid and receipted through the portal's HTTP calls, taken
// at the counter, counted in the finance dashboard and exports and filed in the IRAS file under its own
// record type: the services are bundled with the fixture's registry in place of the real one, and
// nothing else changes. Ports 6800-6809.
let nextPort = 6800;

const fundsDir = path.join(root, "packages", "domain", "src", "funds");

/** The registry module, for the modules of the registry's own folder, is the fixture's. */
const fixtureFund: Plugin = {
  name: "fixture-fund",
  setup(bundle) {
    bundle.onResolve({ filter: /^\.\/registry\.ts$/ }, (args) =>
      path.dirname(args.importer) === fundsDir
        ? { path: path.join(root, "tests", "support", "fixture-fund.ts") }
        : undefined,
    );
    bundle.onLoad({ filter: /[/\\]locales[/\\](en|ms)[/\\]translation\.json$/ }, (args) => {
      const lang = args.path.includes(`${path.sep}ms${path.sep}`) ? "ms" : "en";
      const base = JSON.parse(readFileSync(args.path, "utf8")) as Record<string, string>;
      return {
        contents: JSON.stringify({ ...base, ...fixtureTranslations[lang] }),
        loader: "json",
      };
    });
  },
};

let distDir: string;

beforeAll(async () => {
  if (!isBuildCurrent(root) && !build()) throw new Error("the build failed");
  // Inside the project, so the copied server resolves its packages from node_modules as dist/ does.
  const cache = path.join(root, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  distDir = mkdtempSync(path.join(cache, "fund-fixture-dist-"));
  cpSync(path.join(root, "dist", "server"), path.join(distDir, "server"), { recursive: true });
  symlinkSync(path.join(root, "dist", "client"), path.join(distDir, "client"));
  await bundleServicesVariant({
    outfile: path.join(distDir, "server", "services.mjs"),
    plugins: [fixtureFund],
  });
}, 600_000);

afterAll(() => {
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

describe.each(testDatabases())("a fund added to the registry, on $name", (database) => {
  const portal = guestPortal(database, nextPort++, () => ({ PORTAL_DIST_DIR: distDir }));
  const post = portal.post;

  const gift = (amount: number, extra: Record<string, unknown> = {}) => ({
    flow: "FIXTURE",
    items: { fixture: amount },
    totalCents: amount,
    ratesVersion: 1,
    donor: { name: "Siti Nurhaliza", email: "siti@example.sg", anonymous: false },
    ...extra,
  });
  const create = (body: unknown) =>
    post("/svc/payment/v1/donations/create", body, { "idempotency-key": crypto.randomUUID() });

  it("prices, pays and receipts a gift to the fixture fund in its own receipt series", async () => {
    const created = await create(gift(2_500));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const donation = created.body["data"];
    expect(donation).toMatchObject({
      flow: "FIXTURE",
      totalCents: 2_500,
      amounts: { fixture: 2_500 },
    });
    expect(donation.transactionNo).toMatch(/^FX\d+$/);

    const confirmed = await payByCard(post, donation);
    expect(confirmed.body["data"]).toMatchObject({ status: "succeeded" });
    const receipt = confirmed.body["data"].receipt as { receiptNo: string; token: string };
    expect(receipt.receiptNo).toBe("FX-00000001");

    const read = await post(
      `/svc/payment/api/Donation/getThirdPartyDonationReceiptData?transactionNo=${donation.transactionNo}`,
      { token: receipt.token },
    );
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body["data"]).toMatchObject({
      receiptNo: "FX-00000001",
      flow: "FIXTURE",
      totalAmount: 2_500,
      wakafType: "fixture",
      paymentStatus: "Accepted",
    });
  });

  const sgToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const nric = nricOf("7654321");
  const as: Record<string, ConsoleOfficer> = {};
  const officer = async (role: string) =>
    (as[role] ??= await signInOfficer(portal.base, portal.dataDir, role));
  let counter: { receiptNo: string; transactionNo: string };

  /** A cash entry at the counter by the seeded officer (`POST /console/api/counter`). */
  const atCounter = async (fund: string, amountCents: number, till: string, idNumber?: string) => {
    await openCounterShift(await officer("officer"));
    return (await officer("officer")).call("/console/api/counter", {
      body: {
        fund,
        amountCents,
        method: "cash",
        mosqueName: "Masjid Sultan",
        donor: { name: "Haji Rahman", ...(idNumber ? { idNumber } : {}) },
      },
      headers: { "idempotency-key": till },
    });
  };

  it("takes a gift to the fixture fund at the counter, on the fixture's receipt series", async () => {
    const issued = await atCounter("fixture", 5_000, "till-fixture-1", nric);
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    counter = issued.body["data"] as typeof counter;
    expect(counter.receiptNo).toBe("FX-00000002");
    // Held to the fixture's own limits at the counter too.
    const under = await atCounter("fixture", 999, "till-fixture-2");
    expect([under.status, under.body["code"], under.body["fields"]]).toEqual([
      400,
      "counter.invalid",
      ["amountCents"],
    ]);
    // Another fund's gift the same day, which the fund filters and the IRAS file must tell apart.
    const fidyah = await atCounter("fidyah", 1_200, "till-fixture-3", nric);
    expect(fidyah.status, JSON.stringify(fidyah.body)).toBe(201);
  });

  it("counts the fixture fund in the finance dashboard, by fund and filtered to it", async () => {
    const day = sgToday();
    const finance = await officer("finance");
    const all = await finance.call(`/console/api/finance/dashboard?from=${day}&to=${day}`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const byFund = (all.body["data"] as { collections: { byFund: Array<{ key: string }> } })
      .collections.byFund;
    expect(byFund).toContainEqual(expect.objectContaining({ key: "FIXTURE", amount: 7_500 }));
    expect(byFund).toContainEqual(expect.objectContaining({ key: "FIDYAH", amount: 1_200 }));
    const only = await finance.call(
      `/console/api/finance/dashboard?from=${day}&to=${day}&fund=FIXTURE`,
    );
    expect(only.body["data"]).toMatchObject({
      collections: { total: { count: 2, amount: 7_500 } },
    });
  });

  it("exports the fixture fund's gifts, filtered to it", async () => {
    const day = sgToday();
    const finance = await officer("finance");
    const csv = await (
      await fetch(
        `${portal.base}/console/api/finance/export?from=${day}&to=${day}&fund=FIXTURE&format=csv`,
        { headers: { cookie: finance.cookie } },
      )
    ).text();
    const rows = csv.trimEnd().split("\r\n").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.includes(",FIXTURE,"))).toBe(true);
    expect(csv).toContain(`${counter.transactionNo},${counter.receiptNo},${day}`);
  });

  it("files the fixture fund in the IRAS file under its own record type, never another's", async () => {
    const year = Number(sgToday().slice(0, 4));
    const finance = await officer("finance");
    const response = await fetch(`${portal.base}/console/api/finance/iras`, {
      method: "POST",
      headers: {
        cookie: finance.cookie,
        "content-type": "application/json",
        origin: portal.base,
        "x-console-csrf": finance.csrf,
      },
      body: JSON.stringify({ year }),
    });
    expect(response.status).toBe(200);
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines.slice(1)).toEqual([
      `O,NRIC,${nric},Haji Rahman,${sgToday()},${counter.receiptNo},WAKAF_FIXTURE,2.5x,50.00`,
    ]);
    // The online gift gave no identification: listed apart, under the fixture's type too.
    const unfiled = await finance.call(`/console/api/finance/iras?year=${year}`);
    expect(unfiled.body["data"]).toMatchObject({
      unfiled: [
        { receiptNo: "FX-00000001", donationType: "WAKAF_FIXTURE", reason: "noIdentification" },
      ],
    });
  });

  it("holds a gift to the fixture fund to the fixture's own limits", async () => {
    const under = await create(gift(999));
    expect([under.status, under.body["code"]]).toEqual([422, "donation.amount"]);
    const over = await create(gift(300_001));
    expect([over.status, over.body["code"]]).toEqual([422, "donation.amount"]);
  });

  it("refuses a recurring gift to a fund whose entry allows none", async () => {
    const monthly = await create(gift(2_500, { frequency: "monthly" }));
    expect([monthly.status, monthly.body["code"]]).toEqual([422, "donation.recurringNotAllowed"]);
    const zakat = await create({
      flow: "ZAKAT",
      items: { harta: 2_500 },
      totalCents: 2_500,
      ratesVersion: 1,
      frequency: "monthly",
    });
    expect([zakat.status, zakat.body["code"]]).toEqual([422, "donation.recurringNotAllowed"]);
  });

  it("refuses a gift to a fund that is not in the registry, or another fund's item", async () => {
    const unknown = await create({ ...gift(2_500), flow: "NOPE" });
    expect(unknown.status).toBe(400);
    const stray = await create({ ...gift(2_500), items: { ilmu: 2_500 } });
    expect([stray.status, stray.body["code"]]).toEqual([422, "donation.kindNotInFlow"]);
  });
});
