import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { readOutbox } from "@portal/adapters/mail";
import { expect, test, type Page } from "@playwright/test";
import {
  checkScreen,
  everyScreen,
  expectNoAxeViolations,
  expectNoOverflow,
  hydrated,
  keepScreenshot,
  lookAtBothWidths,
  open,
} from "./helpers";
import { give, signedInDonor as signIn } from "./donor-account";
import { lastCode, ownAddress, providerCall } from "./identity";
import { nricOf as nric } from "../support/donations";

test.use(ownAddress("account"));

// The account area (/profile) of a donor who gave several times: their own history by fund, a recurring
// gift changed and cancelled, a donation registered for tax deduction, the e-mail changed with the code
// from the outbox, and the year-end statement downloaded (converted to an image, kept as an artifact).

const DONOR_NRIC = nric("8383838");
const EMAIL = "yusof.account@example.com";
const NEW_EMAIL = "yusof.new@example.com";

const signedInDonor = (page: Page) => signIn(page, EMAIL, DONOR_NRIC, "Yusof Ishak");
const history = (page: Page) => page.getByTestId("history-table");

test("a donor's account area: history, recurring gift, tax registration, e-mail and statement", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signedInDonor(page);
  const zakat = await give(page, "ZAKAT", { harta: 25_000 }, 25_000);
  const ilmu = await give(page, "ILMU", { ilmu: 5_000 }, 5_000, "monthly");
  const wms = await give(page, "WMS", { wms: 2_000 }, 2_000);
  await page.reload();

  // Exactly this donor's three gifts (other journeys gave on this server too).
  await expect(page.getByText("3 donations")).toBeVisible();
  await expect(history(page).locator("tbody tr")).toHaveCount(3);
  for (const transactionNo of [zakat, ilmu, wms]) {
    await expect(history(page).locator(`tr[data-transaction="${transactionNo}"]`)).toBeVisible();
  }
  await page.getByLabel("Fund").selectOption({ label: "Wakaf Ilmu" });
  await expect(history(page).locator("tbody tr")).toHaveCount(1);
  await expect(history(page).locator("tbody tr")).toContainText("$50.00");
  await page.getByLabel("Fund").selectOption({ label: "All funds" });
  await expect(history(page).locator("tbody tr")).toHaveCount(3);
  // The NRIC is shown masked only.
  await expect(page.getByTestId("account-nric")).toHaveText(`*****${DONOR_NRIC.slice(-4)}`);
  expect(await page.content()).not.toContain(DONOR_NRIC);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "account-desktop");

  // The mobile number's country is chosen from the list; the saved number survives a reload.
  const mobileForm = page.locator("form", {
    has: page.getByRole("button", { name: "Save mobile number" }),
  });
  await mobileForm
    .getByRole("combobox", { name: "Dial code" })
    .selectOption({ label: "Malaysia (+60)" });
  // Not accounts.spec.ts's corporate sign-up number (+60 123456789): mobiles are unique per donor.
  await mobileForm.getByRole("textbox", { name: "Mobile number" }).fill("196000012");
  await mobileForm.getByRole("button", { name: "Save mobile number" }).click();
  await expect(mobileForm.getByRole("status")).toHaveText("Saved.");
  await expect(page.getByTestId("account-mobile")).toHaveText("+60 1960 00012");
  await page.reload();
  await expect(page.getByTestId("account-mobile")).toHaveText("+60 1960 00012");
  await expect(
    page
      .locator("form", { has: page.getByRole("button", { name: "Save mobile number" }) })
      .getByRole("combobox", { name: "Dial code" }),
  ).toHaveValue("MY");

  // PDPA access: every personal field held, with where it came from, and the corrected mobile as its
  // country code and number; all of it as a file, the NRIC masked there as here.
  const held = page.getByTestId("account-held");
  for (const label of [
    "Name",
    "NRIC/FIN (masked)",
    "Date of birth",
    "Sex",
    "Race",
    "Nationality",
    "Country of birth",
    "Dialect",
    "Representative",
    "Address",
    "Mobile country code",
    "Mobile number",
    "E-mail",
  ])
    await expect(held.getByText(label, { exact: true })).toBeVisible();
  await expect(held.locator('[data-field="countryCode"]')).toHaveText("+60Typed by you");
  await expect(held.locator('[data-field="mobile"]')).toHaveText("196000012Typed by you");
  await expect(held.locator('[data-field="sex"]')).toHaveText("Not held");
  const [dataFile] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download my data" }).click(),
  ]);
  expect(dataFile.suggestedFilename()).toBe("my-data.json");
  expect(dataFile.url()).not.toContain(DONOR_NRIC);
  const mine = JSON.parse(readFileSync(await dataFile.path(), "utf8")) as {
    profile: { fields: { field: string; value: string; source: string }[] };
    gifts: { transactionNo: string }[];
    receipts: unknown[];
    taxInclusion: { included: boolean }[];
  };
  expect(mine.gifts.map((gift) => gift.transactionNo).sort()).toEqual([zakat, ilmu, wms].sort());
  expect(mine.receipts).toHaveLength(3);
  expect(mine.taxInclusion.every((gift) => gift.included)).toBe(true);
  expect(mine.profile.fields).toContainEqual({
    field: "mobile",
    value: "196000012",
    source: "typed",
  });
  expect(mine.profile.fields).toContainEqual({
    field: "nric",
    value: `*****${DONOR_NRIC.slice(-4)}`,
    source: "typed",
  });
  expect(JSON.stringify(mine)).not.toContain(DONOR_NRIC);
  // A date of birth typed wrong is refused with the form's message; a right one is kept.
  const details = page.locator("form", { has: page.getByRole("button", { name: "Save details" }) });
  await details.getByLabel("Date of birth").fill("31/02/1980");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(details.getByLabel("Date of birth")).toHaveAttribute("aria-invalid", "true");
  await details.getByLabel("Date of birth").fill("29/02/1980");
  await details.getByLabel("Block / house number").fill("273");
  await details.getByLabel("Street name").fill("Braddell Road");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(details.getByText("Saved.")).toBeVisible();
  await expect(held.locator('[data-field="dateOfBirth"]')).toHaveText("29/02/1980Typed by you");
  await expect(held.locator('[data-field="address"]')).toHaveText(
    "273 Braddell Road SGTyped by you",
  );
  // Spec §3: the identity provider's `address` attribute follows the profile's address.
  const accessToken = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.endsWith(".accessToken"));
    return key ? (sessionStorage.getItem(key) ?? "") : "";
  });
  await expect
    .poll(async () => {
      const user = (await (
        await providerCall(page)("GetUser", { AccessToken: accessToken })
      ).json()) as {
        UserAttributes?: { Name: string; Value: string }[];
      };
      return user.UserAttributes?.find((a) => a.Name === "address")?.Value;
    })
    .toBe("273 Braddell Road SG");
  for (const [lang, width] of everyScreen) {
    await page.setViewportSize({ width, height: 900 });
    if (lang) await open(page, `${lang}/profile`);
    await expect(
      page.getByRole("heading", {
        name: lang ? "Maklumat anda yang kami simpan" : "What we hold about you",
      }),
    ).toBeVisible();
    await checkScreen(page, testInfo, `account-held${lang.replace("/", "-")}-${width}`);
  }
  await open(page, "/profile");

  // Change the monthly gift's amount, then cancel it.
  const plan = page.locator(`[data-plan="${ilmu}"]`);
  await plan.getByRole("button", { name: "Change amount" }).click();
  await plan.getByLabel("New amount (S$)").fill("2");
  await plan.getByRole("button", { name: "Save amount" }).click();
  await expect(plan.getByText("The smallest gift is $5.00")).toBeVisible();
  await plan.getByLabel("New amount (S$)").fill("75");
  await plan.getByRole("button", { name: "Save amount" }).click();
  await expect(page.locator(`[data-plan="${ilmu}"]`).getByTestId("plan-amount")).toHaveText(
    "$75.00",
  );
  await page
    .locator(`[data-plan="${ilmu}"]`)
    .getByRole("button", { name: "Cancel this gift" })
    .click();
  await expect(page.getByText("Stop your recurring gift of $75.00 to Wakaf Ilmu?")).toBeVisible();
  await page.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.locator(`[data-plan="${ilmu}"]`).getByTestId("plan-status")).toHaveText(
    "Cancelled",
  );
  await expect(
    page.locator(`[data-plan="${ilmu}"]`).getByRole("button", { name: "Cancel this gift" }),
  ).toHaveCount(0);

  // Every gift is included under the donor's own NRIC, as the receipts and the year statement say:
  // nothing to register in the history, and the registration page names the number, masked.
  for (const transactionNo of [zakat, ilmu, wms]) {
    const row = history(page).locator(`tr[data-transaction="${transactionNo}"]`);
    await expect(row).toContainText("Included");
    await expect(row.getByRole("button", { name: /Register/ })).toHaveCount(0);
  }
  // The transaction number travels as state, not in the URL (what the history's button leaves).
  await page.evaluate((t) => sessionStorage.setItem("portal.taxRegistration", t), zakat);
  await open(page, "/register/tax-deduction");
  await expect(
    page.getByRole("heading", { name: "Register a donation for tax deduction" }),
  ).toBeVisible();
  await expect(page.getByTestId("tax-registered")).toContainText(
    `NRIC *****${DONOR_NRIC.slice(-4)}`,
  );
  await expect(page.getByLabel("NRIC/FIN", { exact: true })).toHaveCount(0);
  expect(await page.content()).not.toContain(DONOR_NRIC);
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, testInfo, `tax-registered-${width}`);
  }
  // A reload keeps the donation (its history entry holds the number).
  await page.reload();
  await expect(page.getByTestId("tax-registered")).toBeVisible();
  await page.getByRole("link", { name: "Back to giving history" }).first().click();
  await expect(history(page).locator(`tr[data-transaction="${zakat}"]`)).toContainText("Included");

  // Change the e-mail with the code sent to the new address.
  await page.getByLabel("New e-mail address").fill(NEW_EMAIL);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(`We sent a code to ${NEW_EMAIL}`)).toBeVisible();
  const code = await lastCode(NEW_EMAIL, "email-code");
  await page.getByLabel("6-digit code from the e-mail").fill(code);
  await page.getByRole("button", { name: "Confirm new e-mail" }).click();
  await expect(page.getByText(`Your e-mail address is now ${NEW_EMAIL}`)).toBeVisible();
  await expect(page.getByTestId("account-email")).toHaveText(NEW_EMAIL);

  // The year-end statement, as a PDF turned into an image kept with the artifacts.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download statement (PDF)" }).click(),
  ]);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  execFileSync("pdftoppm", [
    "-png",
    "-r",
    "96",
    "-singlefile",
    file,
    testInfo.outputPath("statement"),
  ]);
  const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString();
  for (const transactionReceipt of ["$250.00", "$50.00", "$20.00"])
    expect(text).toContain(transactionReceipt);

  // The next zakat harta due date as a calendar file.
  const [calendar] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Add my next zakat harta due date to my calendar" }).click(),
  ]);
  const ics = testInfo.outputPath(calendar.suggestedFilename());
  await calendar.saveAs(ics);
  const event = readFileSync(ics, "utf8");
  expect(event).toContain("BEGIN:VCALENDAR\r\n");
  expect(event).toMatch(/DTSTART;VALUE=DATE:\d{8}/);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoOverflow(page);
  await keepScreenshot(page, testInfo, "account-phone");

  // Closing the account: what goes and what stays is said first, then a confirmation step; afterwards
  // the donor is signed out and the account answers nothing more.
  const close = page.locator("#account-close");
  await expect(close).toContainText("official receipts stay for five years");
  await close.getByRole("button", { name: "Close my account" }).click();
  await expect(close.getByText("Close your account now? This cannot be undone.")).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "account-close-375");
  await close.getByRole("button", { name: "Yes, close my account" }).click();
  await expect(page.getByText("Your account is closed and you are signed out.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Sign in to see your account" })).toBeVisible();
});

// Reminders (issue 33, docs/reminders.md): opted into on the account page in Malay, the day's run
// started through the test hook, the reminder opened from the outbox (Malay, with its calendar file),
// and stopped by its one-click link; a forged link is refused in words.
test("reminders: opt in, receive one from the outbox, unsubscribe by its link", async ({
  page,
  baseURL,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = "aminah.reminders@example.com";
  await signIn(page, email, nric("7272727"), "Aminah Reminder");
  const section = page.locator("#account-reminders");
  await expect(section.getByRole("heading", { name: "Reminders by e-mail" })).toBeVisible();
  await expect(section.getByLabel(/Before Ramadan/)).not.toBeChecked();
  await section.scrollIntoViewIfNeeded();
  await lookAtBothWidths(page, testInfo, "reminders-en");

  // In Malay: the reminders will be in Malay.
  await open(page, "/ms/profile");
  const ms = page.locator("#account-reminders");
  await expect(ms.getByRole("heading", { name: "Peringatan melalui e-mel" })).toBeVisible();
  await ms.getByLabel(/Sebelum Ramadan/).check();
  await ms.getByRole("button", { name: "Simpan peringatan" }).click();
  await expect(ms.getByRole("status").last()).toHaveText(
    "Disimpan. Peringatan akan dihantar dalam Bahasa Melayu.",
  );
  await ms.scrollIntoViewIfNeeded();
  await lookAtBothWidths(page, testInfo, "reminders-ms");
  await page.reload();
  await expect(page.locator("#account-reminders").getByLabel(/Sebelum Ramadan/)).toBeChecked();

  // The day's run, five days before 1 Ramadan 1447 (19 February 2026, as the council published it).
  const ran = await page.request.post("/__test/reminders", {
    headers: { authorization: `Bearer ${process.env.E2E_TEST_CONTROL_TOKEN}` },
    data: { today: "2026-02-14" },
  });
  expect(ran.status()).toBe(200);
  const mails = await readOutbox(path.join(process.env["E2E_DATA_DIR"] ?? "", "outbox"), {
    to: email,
    kind: "reminder",
  });
  expect(mails).toHaveLength(1);
  const mail = mails[0]!;
  expect(mail.subject).toBe("Ramadan 1447 bermula pada 19 Feb 2026: zakat fitrah");
  expect(mail.attachments?.[0]?.content).toContain("DTSTART;VALUE=DATE:20260219\r\n");
  expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

  // The mail's link opens the Malay page; one press stops the reminders.
  const link = new URL(mail.meta!["unsubscribeLink"]!);
  const here = new URL(`${link.pathname}${link.hash}`, baseURL).toString();
  await page.goto(here);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Hentikan e-mel peringatan" })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await checkScreen(page, testInfo, `unsubscribe-ms-${width}`);
  }
  await page.getByRole("button", { name: "Hentikan peringatan" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Selesai: kami tidak akan menghantar e-mel peringatan lagi.",
  );
  await expect(page.getByRole("button", { name: "Hentikan peringatan" })).toHaveCount(0);
  await checkScreen(page, testInfo, "unsubscribe-ms-done");

  // A forged link (its signature changed) is refused in words, in English, and changes nothing.
  const token = new URLSearchParams(link.hash.slice(1)).get("t")!;
  const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
  await page.goto(new URL(`/unsubscribe#t=${forged}`, baseURL).toString());
  await hydrated(page);
  await page.getByRole("button", { name: "Stop reminders" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This unsubscribe link is not valid. Use the link in your latest reminder e-mail, or sign in and turn reminders off in your account.",
  );
  await expect(page.getByRole("button", { name: "Stop reminders" })).toHaveCount(0);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await checkScreen(page, testInfo, `unsubscribe-en-refused-${width}`);
  }

  // The account page shows the reminders off.
  await open(page, "/profile");
  await expect(page.locator("#account-reminders").getByLabel(/Before Ramadan/)).not.toBeChecked();

  // Another donor, in English on a phone: opted in on the English page, the same day's run brings
  // the reminder in English (its calendar file too), and its link opens the English page.
  const english = await browser.newContext({
    baseURL: baseURL!,
    ...ownAddress("account-reminders-en"),
  });
  const other = await english.newPage();
  await other.setViewportSize({ width: 375, height: 800 });
  const adam = "adam.reminders@example.com";
  await signIn(other, adam, nric("7272736"), "Adam Reminder");
  const mine = other.locator("#account-reminders");
  await mine.getByLabel(/Before Ramadan/).check();
  await mine.getByRole("button", { name: "Save reminders" }).click();
  await expect(mine.getByRole("status").last()).toHaveText("Saved. Reminders will be in English.");
  const again = await other.request.post("/__test/reminders", {
    headers: { authorization: `Bearer ${process.env.E2E_TEST_CONTROL_TOKEN}` },
    data: { today: "2026-02-14" },
  });
  expect(again.status()).toBe(200);
  const adams = await readOutbox(path.join(process.env["E2E_DATA_DIR"] ?? "", "outbox"), {
    to: adam,
    kind: "reminder",
  });
  expect(adams).toHaveLength(1);
  expect(adams[0]!.subject).toBe("Ramadan 1447 begins on 19 Feb 2026: zakat fitrah");
  expect(adams[0]!.attachments?.[0]?.content).toContain("DTSTART;VALUE=DATE:20260219\r\n");
  // The Malay donor, unsubscribed, gets nothing more from the same day's run.
  expect(
    await readOutbox(path.join(process.env["E2E_DATA_DIR"] ?? "", "outbox"), {
      to: email,
      kind: "reminder",
    }),
  ).toHaveLength(1);
  const adamLink = new URL(adams[0]!.meta!["unsubscribeLink"]!);
  await other.goto(new URL(`${adamLink.pathname}${adamLink.hash}`, baseURL).toString());
  await hydrated(other);
  await expect(other.getByRole("heading", { name: "Stop reminder e-mails" })).toBeVisible();
  await lookAtBothWidths(other, testInfo, "unsubscribe-en");
  await other.getByRole("button", { name: "Stop reminders" }).click();
  await expect(other.getByRole("status")).toHaveText(
    "Done: we will send you no more reminder e-mails.",
  );
  await english.close();
});
