import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { checkScreen, everyScreen, lookAtBothWidths, onWakafHost } from "./helpers";

// Issue 34: the collections page moves within a minute of a paid gift. A guest pays a fidyah gift;
// the page still shows the minute's figures (read once a minute on the server), and once the portal's
// clock has moved a minute on (the test control, as paynow.spec.ts does; no minute's sleep) the page
// counts it, online, under Fidyah. Then every screen: English and Malay, 375 and 1280 px, both brands.
// The clock only moves forward and the shard's portal is shared: Playwright runs a shard's files in
// name order, so this file is named to run after the journeys that need the portal's clock where the
// browser's is (console-rates: a draft "now" would be in the past; counter-app: entries held), as
// paynow.spec.ts, which moves it five and a half minutes, does.

const movePortalClock = async (request: APIRequestContext, advanceMs: number) => {
  const response = await request.post("/__test/clock", {
    headers: { authorization: `Bearer ${process.env.E2E_TEST_CONTROL_TOKEN}` },
    data: { advanceMs },
  });
  expect(response.status()).toBe(200);
};

/** A fidyah gift paid as checkout pays it: a guest session, create, the sandbox's card, confirm. */
const payFidyah = async (request: APIRequestContext, days: number) => {
  await request.post("/svc/main/v1/session/guest", { data: {} });
  const config = await request.post("/svc/main/v1/Home/homePageConfiguration?charityId=25", {
    data: {},
  });
  const { version } = ((await config.json()) as { data: { version: number } }).data;
  const created = await request.post("/svc/payment/v1/donations/create", {
    headers: { "idempotency-key": randomUUID() },
    data: {
      flow: "FIDYAH",
      items: { fidyah: { days } },
      totalCents: days * 400,
      ratesVersion: version,
      donor: { name: "Journey Donor", email: "journey.donor@example.sg", anonymous: false },
    },
  });
  expect(created.status()).toBe(200);
  const donation = ((await created.json()) as { data: { id: string; clientSecret: string } }).data;
  const card = await request.post("/sandbox/v1/payment_methods", {
    data: { number: "4242424242424242", expMonth: 12, expYear: 2031, cvc: "123" },
  });
  const { id: paymentMethodId } = (await card.json()) as { id: string };
  const confirmed = await request.post("/svc/payment/v1/donations/confirm", {
    data: { donationId: donation.id, clientSecret: donation.clientSecret, paymentMethodId },
  });
  expect(((await confirmed.json()) as { data: { status: string } }).data.status).toBe("succeeded");
};

/** The figures drawn: the page says "as of" once it has them. */
const drawn = async (page: Page) => {
  await expect(page.getByTestId("collections-status")).toHaveAttribute("data-as-of", /T/);
};

/** A cell of this year's by-fund table (gifts or amount of a fund this year), in either language. */
const yearCell = (page: Page, row: string, column: 1 | 2) =>
  page
    .getByTestId("collections-year")
    .getByRole("table", { name: /^(By fund|Mengikut dana)/ })
    .getByRole("row", { name: new RegExp(`^${row}`) })
    .getByRole("cell")
    .nth(column - 1);

const dollars = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);

/** What each language's page says, as the donor reads it. */
const words = {
  "": {
    title: "Collections",
    byFund: "By fund",
    byChannel: "By channel",
    columns: ["Fund", "Gifts", "Amount", "Gifts, last year", "Amount, last year", "Change"],
    online: "Online",
    asnaf:
      /^Zakat distributed in \d{4}, as published by the council\.|^The council has not published a distribution yet\.$/,
  },
  "/ms": {
    title: "Kutipan",
    byFund: "Mengikut dana",
    byChannel: "Mengikut saluran",
    columns: [
      "Dana",
      "Pemberian",
      "Jumlah",
      "Pemberian, tahun lalu",
      "Jumlah, tahun lalu",
      "Perubahan",
    ],
    online: "Dalam talian",
    asnaf:
      /^Zakat yang diagihkan pada \d{4}, seperti yang diterbitkan oleh majlis\.|^Majlis belum menerbitkan agihan\.$/,
  },
} as const;

/**
 * A screen of the page (a language, a width): the gift counted, each chart drawn within the screen with
 * its table under it (a named region, the language's columns), the asnaf part in the language.
 */
const expectFigures = async (
  page: Page,
  prefix: keyof typeof words,
  counted: { gifts: number; cents: number },
) => {
  const said = words[prefix];
  const width = page.viewportSize()?.width ?? 0;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(said.title);
  await expect(page.getByTestId("collections-ramadan")).toContainText("Ramadan 1447");
  await expect(yearCell(page, "Fidyah", 1)).toHaveText(String(counted.gifts));
  expect(dollars((await yearCell(page, "Fidyah", 2).textContent()) ?? "")).toBe(counted.cents);
  for (const part of ["collections-ramadan", "collections-year"]) {
    const section = page.getByTestId(part);
    for (const [name, first] of [
      [said.byFund, "Fidyah"],
      [said.byChannel, said.online],
    ] as const) {
      await expect(section.getByRole("heading", { level: 3, name })).toBeVisible();
      const region = section.getByRole("region", { name: new RegExp(`^${name}: `) });
      const table = region.getByRole("table", { name: new RegExp(`^${name}: `) });
      await expect(table.getByRole("columnheader")).toHaveText([
        name === said.byFund ? said.columns[0] : prefix ? "Saluran" : "Channel",
        ...said.columns.slice(1),
      ]);
      await expect(table.getByRole("rowheader", { name: first })).toBeVisible();
      await expect(table.getByRole("rowheader").last()).toHaveText(prefix ? "Semua" : "All");
    }
    // Each chart is drawn and fits the screen (its table may scroll sideways in its region).
    const charts = section.locator("svg.collections-chart");
    await expect(charts).toHaveCount(2);
    for (const chart of await charts.all()) {
      const box = await chart.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(200);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    }
  }
  await expect(
    page
      .getByTestId("collections-year")
      .getByRole("table", { name: new RegExp(`^${said.byChannel}`) }),
  ).toContainText(said.online);
  await expect(page.getByTestId("collections-asnaf").locator("p").first()).toHaveText(said.asnaf);
};

test("the collections page moves within a minute of a paid gift, in English and Malay, on both brands", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // A minute on first, so the figures read here are the server's now, not a minute's kept before
  // this file's journeys (the gifts of earlier journeys in the shard would be counted later).
  await movePortalClock(request, 60_000);
  await page.goto("/collections");
  await drawn(page);
  const asOf = await page.getByTestId("collections-status").getAttribute("data-as-of");
  const gifts = Number(await yearCell(page, "Fidyah", 1).textContent());
  const cents = dollars((await yearCell(page, "Fidyah", 2).textContent()) ?? "");

  await payFidyah(request, 5);
  // The minute's figures are served to everyone until the minute is up.
  await page.reload();
  await drawn(page);
  await expect(page.getByTestId("collections-status")).toHaveAttribute("data-as-of", asOf ?? "");
  // A minute on, the gift is counted: one more gift and $20.00 more under Fidyah, this year.
  await movePortalClock(request, 60_000);
  await page.reload();
  await drawn(page);
  await expect(yearCell(page, "Fidyah", 1)).toHaveText(String(gifts + 1));
  expect(dollars((await yearCell(page, "Fidyah", 2).textContent()) ?? "")).toBe(cents + 2_000);
  await expect(
    page.getByTestId("collections-year").getByRole("table", { name: /^By channel/ }),
  ).toContainText("Online");
  // Nothing of the donor on the page.
  await expect(page.locator("body")).not.toContainText("Journey Donor");

  // Every screen of the zakat host: English and Malay, 375 and 1280 px; the gift counted on each, the
  // charts and their tables in the language, no sideways scrolling, no axe violation.
  for (const [prefix, width] of everyScreen) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${prefix}/collections`);
    await drawn(page);
    await expectFigures(page, prefix, { gifts: gifts + 1, cents: cents + 2_000 });
    await checkScreen(page, testInfo, `collections${prefix.replace("/", "-")}-${width}`);
  }
  // The wakaf host serves the same page in the wakaf brand.
  for (const prefix of ["", "/ms"]) {
    await page.goto(onWakafHost(test.info().project.use.baseURL, `${prefix}/collections`));
    await drawn(page);
    await expect(page).toHaveTitle(/Wakaf/);
    await lookAtBothWidths(page, testInfo, `collections-wakaf${prefix.replace("/", "-")}`);
  }
});
