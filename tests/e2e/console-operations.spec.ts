import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { ownAddress } from "./identity";
import { Donor, nricOf } from "../support/donations";
import { give, signedInDonor } from "./donor-account";
import { consoleScreens, officerSignedIn } from "./console-officers";
import { hydrated, open } from "./helpers";

test.use(ownAddress("console-operations"));

// Issue 18, operations: a refund shows in the donor's history and on the receipt; an amil issues a cash receipt and its
// PDF; a re-issued receipt replaces its original. Screens at 375 and 1280 px in both languages.

const signedIn = officerSignedIn;
const screens = consoleScreens;

const gift = async (baseURL: string) =>
  (await new Donor(baseURL).start()).donate({
    flow: "FIDYAH",
    items: { fidyah: { days: 10 } },
    totalCents: 4_000,
    donor: { name: "Siti Aminah", email: "siti.e2e@example.sg", anonymous: false },
  });

/** The officer finds a gift by its transaction number and opens it. */
const openGift = async (page: Page, transactionNo: string) => {
  await page.getByLabel("Transaction number").first().fill(transactionNo);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: `Open ${transactionNo}` }).click();
  await expect(page.getByRole("heading", { name: transactionNo })).toBeFocused();
};

test("an officer's refund shows in the signed-in donor's history and on the receipt", async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signedInDonor(page, "aminah.refund@example.com", nricOf("7373737"), "Aminah Refund");
  const transactionNo = await give(page, "FIDYAH", { fidyah: { days: 10 } }, 4_000);
  const row = page.getByTestId("history-table").locator(`tr[data-transaction="${transactionNo}"]`);
  await page.reload();
  await expect(row).toContainText("Completed");
  const officer = await signedIn(browser, "officer", "/console/donations");
  await screens(officer, testInfo, "console-donations-en");
  await openGift(officer, transactionNo);
  await officer.getByLabel("Reason").fill("Donor asked by phone");
  await officer.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(officer.getByRole("status").filter({ hasText: "Done." })).toBeVisible();
  await expect(officer.getByText("Refund given back")).toBeVisible();
  await screens(officer, testInfo, "console-donation-refunded-en");

  // The donor's history: the gift Refunded, its amount struck (spec §4).
  await page.reload();
  await expect(row).toContainText("Refunded");
  await expect(row.locator("s")).toHaveText("$40.00");
  await screens(page, testInfo, "account-history-refunded-en");
  await row.getByRole("link").first().click();
  await expect(page.locator(".amt.refunded").first()).toContainText("Refunded");
  await officer.context().close();
});

test("an amil issues a cash receipt and its PDF", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const amil = await signedIn(browser, "officer", "/ms/console/counter");
  await screens(amil, testInfo, "console-counter-ms");
  await amil.goto("/console/counter");
  await hydrated(amil);
  await amil.getByLabel("Amount").fill("25.50");
  await amil.getByLabel("Mosque").fill("Masjid Sultan");
  await amil.getByLabel("Donor name").fill("Haji Rahman");
  await amil.getByRole("button", { name: "Issue the receipt" }).click();
  const issued = amil.getByRole("status").filter({ hasText: /Receipt ZK-\d+ issued/ });
  await expect(issued).toBeVisible();
  await screens(amil, testInfo, "console-counter-en");
  const receiptNo = ((await issued.textContent()) ?? "").match(/ZK-\d+/)?.[0] ?? "";
  const [receipt] = await Promise.all([
    amil.context().waitForEvent("page"),
    amil.getByRole("link", { name: /Receipt page and PDF/ }).click(),
  ]);
  await hydrated(receipt);
  await expect(receipt.getByText(receiptNo).first()).toBeVisible();
  await expect(receipt.getByText("Masjid Sultan")).toBeVisible();
  const [download] = await Promise.all([
    receipt.waitForEvent("download"),
    receipt.getByRole("button", { name: "Download PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${receiptNo}.pdf`);
  const file = testInfo.outputPath(`${receiptNo}.pdf`);
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
  await amil.context().close();
});

test("a re-issued receipt replaces its original", async ({ browser, page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const paid = await gift(baseURL ?? "");
  const officer = await signedIn(browser, "officer", "/console/donations");
  await openGift(officer, paid.transactionNo);
  await officer.getByLabel("Donor name").fill("Siti Aminah binte Yusof");
  await officer.getByLabel("Reason").fill("Full name as in NRIC");
  await officer.getByRole("button", { name: "Re-issue a corrected receipt" }).click();
  await expect(officer.getByRole("status").filter({ hasText: "Done." })).toBeVisible();
  await expect(officer.getByText(paid.receiptNo).first()).toBeVisible();

  await open(page, paid.link);
  await expect(page.getByText(`Replaces receipt ${paid.receiptNo}`)).toBeVisible();
  await expect(page.getByText("Siti Aminah binte Yusof").first()).toBeVisible();
  await screens(page, testInfo, "receipt-reissued-en");
  await open(page, `/ms${paid.link}`);
  await expect(page.getByText(`Menggantikan resit ${paid.receiptNo}`)).toBeVisible();
  await screens(page, testInfo, "receipt-reissued-ms");
  await officer.context().close();
});
