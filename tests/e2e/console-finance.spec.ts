import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { Donor, nricOf } from "../support/donations";
import { consoleScreens, officerSignedIn } from "./console-officers";
import { hydrated, open } from "./helpers";

// Issue 19: a finance officer opens the dashboard and reconciles the day, an approver signs the day
// off, and the finance officer downloads the year's IRAS file; each page by eye at 375 and 1280 px
// and axe-clean in English and Malay.

const signedIn = (browser: Browser, username: string) =>
  officerSignedIn(browser, username, "/console/finance");
const screens = consoleScreens;

/** The month's Wakaf Ilmu collections on the dashboard, in cents (0 before the fund has a gift). */
const ilmuCollected = async (page: Page): Promise<number> => {
  const byFund = page.getByRole("region", { name: "Collections by fund", exact: true });
  // Drawn once the dashboard has read: a chart, or the words for a fund list with nothing in it.
  await expect(
    byFund.locator("canvas").or(byFund.getByText("Nothing in this range.")),
  ).toBeVisible();
  const row = byFund.getByRole("row", { name: /Wakaf Ilmu/ });
  if ((await row.count()) === 0) return 0;
  const amount = /\$([\d,]+)\.(\d{2})/.exec(await row.innerText());
  return amount ? Number(amount[1]!.replaceAll(",", "")) * 100 + Number(amount[2]) : 0;
};

const money = (cents: number) =>
  `$${Math.floor(cents / 100).toLocaleString("en-US")}.${String(cents % 100).padStart(2, "0")}`;

const sgToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

test("finance reconciles the day, an approver signs it off, finance downloads the IRAS file", async ({
  browser,
}, testInfo) => {
  // Three sign-ins, two languages, screenshots at two widths: a long journey.
  test.setTimeout(120_000);
  const base = test.info().project.use.baseURL ?? "";
  const nric = nricOf("2345678");
  // The finance officer's dashboard, before and after a gift: this month's collections take it in
  // (other journeys of the run may have given to the fund today too).
  const finance = await signedIn(browser, "finance");
  await expect(finance.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const before = await ilmuCollected(finance);
  const paid = await (
    await new Donor(base).start()
  ).donate({
    flow: "ILMU",
    items: { ilmu: 10_000 },
    totalCents: 10_000,
    enrol: {
      kind: "individual",
      name: "Rahmat Ismail",
      email: "rahmat@example.sg",
      countryCode: "+65",
      mobile: "91234567",
      nric,
      address: {
        blockNumber: "5",
        streetName: "Jalan Besar",
        postalCode: "208787",
        country: "Singapore",
      },
    },
  });
  const day = sgToday();
  await finance.reload();
  await hydrated(finance);
  const byFund = finance.getByRole("region", { name: "Collections by fund", exact: true });
  await expect(byFund.getByRole("row", { name: /Wakaf Ilmu/ })).toContainText(
    money(before + 10_000),
  );
  expect(await ilmuCollected(finance)).toBe(before + 10_000);
  await expect(finance.getByRole("link", { name: "Download CSV" })).toBeVisible();
  await screens(finance, testInfo, "finance-dashboard-en");

  // Reconcile today: nothing differs; finance may not sign off.
  await finance.getByLabel("Day", { exact: true }).fill(day);
  await finance.getByRole("button", { name: "Reconcile" }).click();
  await expect(finance.getByText("No difference on this day.")).toBeVisible();
  await expect(
    finance.getByText("An approver signs off a day once it has no difference."),
  ).toBeVisible();
  await expect(finance.getByRole("button", { name: "Sign off this day" })).toHaveCount(0);

  // An approver opens the same day and signs it off.
  const approver = await signedIn(browser, "approver");
  await expect(approver.getByRole("heading", { name: "IRAS donation records" })).toHaveCount(0);
  await approver.getByLabel("Day", { exact: true }).fill(day);
  await approver.getByRole("button", { name: "Reconcile" }).click();
  await approver.getByRole("button", { name: "Sign off this day" }).click();
  await expect(approver.getByText(/Signed off by .+ on /)).toBeVisible();
  await screens(approver, testInfo, "finance-signed-off-en");

  // Finance sees the sign-off and downloads the year's IRAS file.
  await finance.getByRole("button", { name: "Reconcile" }).click();
  await expect(finance.getByText(/Signed off by .+ on /)).toBeVisible();
  await finance.getByLabel("Tax year").fill(day.slice(0, 4));
  const [download] = await Promise.all([
    finance.waitForEvent("download"),
    finance.getByRole("button", { name: "Download the IRAS file" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`iras-donations-${day.slice(0, 4)}.csv`);
  const file = readFileSync(await download.path(), "utf8");
  expect(file).toContain(
    `O,NRIC,${nric},Rahmat Ismail,${day},${paid.receiptNo},WAKAF_ILMU,2.5x,100.00`,
  );
  await finance.getByRole("button", { name: "List gifts that cannot be filed" }).click();
  await expect(finance.getByText(/can be filed|cannot be filed/).last()).toBeVisible();
  await screens(finance, testInfo, "finance-iras-en");

  // The same page in Malay.
  await open(finance, "/ms/console/finance");
  await hydrated(finance);
  await expect(finance.getByRole("heading", { name: "Papan pemuka" })).toBeVisible();
  await expect(
    finance.getByRole("region", { name: "Kutipan mengikut dana", exact: true }),
  ).toContainText(money(before + 10_000));
  await finance.getByLabel("Tarikh", { exact: true }).fill(day);
  await finance.getByRole("button", { name: "Buat penyesuaian" }).click();
  await expect(finance.getByText("Tiada perbezaan pada tarikh ini.")).toBeVisible();
  await screens(finance, testInfo, "finance-ms");
});
