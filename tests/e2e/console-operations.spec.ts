import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { ownAddress } from "./identity";
import { Donor, nricOf } from "../support/donations";
import { give, signedInDonor } from "./donor-account";
import { consoleScreens, officerSignedIn } from "./console-officers";
import { hydrated, open } from "./helpers";

test.use(ownAddress("console-operations"));

// Issue 18, operations: a refund shows in the donor's history and on the receipt; an amil opens a shift, issues a cash
// receipt and its PDF and closes the shift short with a reason, an approver signs it off (issue 32); a re-issued receipt
// replaces its original. Screens at 375 and 1280 px in both languages.

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

test("an amil opens a shift, issues a cash receipt and its PDF, voids a mistake with a second officer, closes the shift short with a reason; an approver signs it off", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const amil = await signedIn(browser, "officer", "/ms/console/counter");
  await expect(amil.getByRole("heading", { name: "Buka syif" })).toBeVisible();
  await screens(amil, testInfo, "console-counter-ms");
  await amil.goto("/console/counter");
  await hydrated(amil);
  // The shift first: a mosque and the float counted into the drawer.
  await amil.getByLabel("Mosque").fill("Masjid Sultan");
  await amil.getByLabel("Float in the drawer ($)").fill("200");
  await amil.getByRole("button", { name: "Open the shift" }).click();
  await expect(amil.getByRole("heading", { name: "Your shift at Masjid Sultan" })).toBeVisible();
  await amil.getByLabel("Amount").fill("25.50");
  await amil.getByLabel("Donor name").fill("Haji Rahman");
  await amil.getByRole("button", { name: "Issue the receipt" }).click();
  const issued = amil.getByRole("status").filter({ hasText: /Receipt ZK-\d+ issued/ });
  await expect(issued).toBeVisible();
  const receiptNo = ((await issued.textContent()) ?? "").match(/ZK-\d+/)?.[0] ?? "";
  await expect(amil.getByRole("cell", { name: receiptNo, exact: true })).toBeVisible();
  await screens(amil, testInfo, "console-counter-en");
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
  await receipt.close();
  // The open shift's desk in Malay.
  await amil.goto("/ms/console/counter");
  await hydrated(amil);
  await expect(amil.getByRole("heading", { name: "Syif anda di Masjid Sultan" })).toBeVisible();
  await screens(amil, testInfo, "console-shift-open-ms");
  await amil.goto("/console/counter");
  await hydrated(amil);

  // A second entry made in error is voided within the shift: asked by the amil with a reason,
  // approved by a second officer; its number stays, marked Voided.
  await amil.getByRole("button", { name: "New entry" }).click();
  await amil.getByLabel("Amount").fill("10");
  await amil.getByLabel("Donor name").fill("Siti Aminah");
  await amil.getByRole("button", { name: "Issue the receipt" }).click();
  const second = amil.getByRole("status").filter({ hasText: /Receipt ZK-\d+ issued/ });
  await expect(second).not.toContainText(receiptNo);
  const mistake = ((await second.textContent()) ?? "").match(/ZK-\d+/)?.[0] ?? "";
  await amil.getByLabel("Receipt to void").selectOption({ label: `${mistake} · $10.00` });
  await amil.getByLabel("Reason", { exact: true }).fill("Entered twice");
  await amil.getByRole("button", { name: "Ask to void" }).click();
  await expect(
    amil.getByRole("status").filter({ hasText: `Void of ${mistake} asked` }),
  ).toBeVisible();
  await expect(amil.getByRole("row", { name: new RegExp(mistake) })).toContainText(
    "void waiting for approval",
  );
  const approver = await signedIn(browser, "approver", "/console/donations");
  await approver.getByLabel("Receipt number").first().fill(mistake);
  await approver.getByRole("button", { name: "Search" }).click();
  await approver.getByRole("button", { name: /^Open / }).click();
  await approver.getByRole("button", { name: "Approve" }).click();
  await expect(approver.getByRole("status").filter({ hasText: "Done." })).toBeVisible();
  await expect(
    approver.getByRole("listitem").filter({ hasText: "$10.00: given back" }),
  ).toBeVisible();
  await amil.reload();
  await hydrated(amil);
  await expect(amil.getByRole("row", { name: new RegExp(mistake) })).toContainText("Voided");
  await expect(amil.getByRole("row", { name: /Cash given back/ })).toContainText("$10.00");

  // The close: $200 float + $35.50 taken - $10 given back = $225.50 expected; $225.00 counted is 50
  // cents short.
  await amil.getByLabel("$100 notes").fill("2");
  await amil.getByLabel("$10 notes").fill("2");
  await amil.getByLabel("$5 notes").fill("1");
  await amil.getByRole("button", { name: "Close the shift" }).click();
  await expect(amil.getByRole("alert")).toContainText("give the reason");
  await amil.getByLabel("Reason for any difference").fill("A 50 cent coin given as change twice");
  await amil.getByRole("button", { name: "Close the shift" }).click();
  const balance = amil.getByRole("region", { name: "Expected against counted" });
  await expect(balance.getByRole("row", { name: /Cash in the drawer/ })).toContainText(
    "$225.50$225.00-$0.50",
  );
  await expect(amil.getByRole("heading", { name: "Open a shift" })).toBeVisible();
  await screens(amil, testInfo, "console-shift-closed-en");

  // An approver (never the amil) signs it off; it is locked.
  await approver.goto("/console/counter");
  await hydrated(approver);
  await approver.getByRole("button", { name: "Show" }).click();
  const shifts = approver.getByRole("region", { name: "Shifts", exact: true });
  const row = shifts.getByRole("row").filter({ hasText: "Masjid Sultan" });
  await expect(row).toContainText("Closed, waiting for sign-off");
  await expect(row).toContainText("A 50 cent coin given as change twice");
  await row.getByRole("button", { name: /^Sign off: Masjid Sultan/ }).click();
  await expect(approver.getByRole("status").filter({ hasText: "Shift signed off" })).toBeVisible();
  await expect(row).toContainText("Signed off (locked)");
  await screens(approver, testInfo, "console-shifts-en");
  await approver.goto("/ms/console/counter");
  await hydrated(approver);
  await approver.getByRole("button", { name: "Tunjukkan" }).click();
  await expect(approver.getByText("Disahkan (dikunci)")).toBeVisible();
  await screens(approver, testInfo, "console-shifts-ms");
  await approver.context().close();
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
