import { expect, test } from "@playwright/test";
import { officerSignedIn } from "./console-officers";
import { checkScreen, expectNoOverflow, keepScreenshot } from "./helpers";

// Issue 32, the mosque kiosk, on a portrait kiosk screen (1080 × 1920): an approver registers this
// browser as a kiosk for a mosque; a payer chooses fitrah (with the keyboard), counts persons, then
// names each of two instead (the household form; each is named on the receipt), pays by PayNow (the
// sandbox bank confirms it, as paynow.spec.ts does), and the receipt shows its number, verification
// code and people; it fits a phone too; left alone, the kiosk counts down and starts again. The
// minute of inactivity is the page's clock (Playwright's), not a wait.

test("a kiosk is registered, paid by PayNow, shows its receipt, and starts again when left alone", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const page = await officerSignedIn(browser, "approver", "/console", {
    viewport: { width: 1080, height: 1920 },
  });
  await page.clock.install();
  await page.goto("/kiosk");
  await expect(page.getByRole("heading", { name: "Set up this kiosk" })).toBeVisible();
  await page.getByLabel("Mosque").fill("Masjid Al-Istiqamah");
  await page.getByLabel("Name of this kiosk").fill("Kiosk by the main hall");
  await page.getByRole("button", { name: "Register this kiosk" }).click();
  await expect(page.getByTestId("kiosk-where")).toHaveText("Kiosk at Masjid Al-Istiqamah");
  const choose = page.getByRole("heading", { name: "Choose what you are paying" });
  await expect(choose).toBeVisible();
  await checkScreen(page, testInfo, "kiosk-funds-en-1080");

  // Fitrah for three persons, chosen with the keyboard; every target at least 64 px.
  await page.getByTestId("kiosk-fund-fitrah").press("Enter");
  await expect(page.getByRole("heading", { name: "How many persons?" })).toBeFocused();
  const more = page.getByRole("button", { name: "One person more at the normal rate" });
  const box = await more.boundingBox();
  expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(64);
  await more.click();
  await more.click();
  await page.getByRole("button", { name: "One person more at the premium rate" }).click();
  await expect(page.getByTestId("kiosk-total")).toHaveText(/^Total \$\d+\.\d\d$/);

  // Or each person named (the shared household form, keyboard first): a name missing is said
  // beside its field, which takes the focus; two people, each on the receipt.
  await page.getByTestId("kiosk-household-toggle").press("Enter");
  const firstName = page.getByLabel("Name (as on the receipt)").first();
  await expect(firstName).toBeFocused();
  await expect(page.getByTestId("kiosk-persons-normal")).toBeHidden();
  await page.getByRole("combobox", { name: "Zakat fitrah" }).first().selectOption("premium");
  await page.getByTestId("kiosk-next").click();
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAttribute("aria-invalid", "true");
  await page.keyboard.type("Siti Aminah");
  await page.getByRole("button", { name: "Add a person" }).press("Enter");
  await page.keyboard.type("Ahmad bin Ali");
  await page.getByRole("combobox", { name: "Zakat fitrah" }).nth(1).selectOption("normal");
  for (const target of [firstName, page.getByRole("button", { name: "Add a person" })]) {
    const size = await target.boundingBox();
    expect(Math.min(size?.width ?? 0, size?.height ?? 0)).toBeGreaterThanOrEqual(64);
  }
  await expect(page.getByTestId("kiosk-total")).toHaveText(/^Total \$\d+\.\d\d$/);
  await checkScreen(page, testInfo, "kiosk-household-en-1080");
  await page.getByTestId("kiosk-next").click();
  await page.getByTestId("kiosk-email").fill("kiosk.payer@example.sg");
  await checkScreen(page, testInfo, "kiosk-method-en-1080");

  await page.getByTestId("kiosk-pay-paynow").click();
  const qr = page.getByTestId("kiosk-paynow-qr");
  await expect(qr.locator("svg")).toBeVisible();
  await keepScreenshot(page, testInfo, "kiosk-paynow-en-1080");
  const payload = (await qr.getAttribute("data-payload")) ?? "";
  expect(payload).not.toBe("");
  const bank = await page.context().newPage();
  await bank.goto(`/sandbox/paynow-bank#${encodeURIComponent(payload)}`);
  await bank.getByRole("button", { name: /^Pay/ }).click();
  await expect(bank.getByRole("status")).toContainText("Paid.");
  await bank.close();
  // The kiosk asks the portal every 3 s and sees the payment.
  const receipt = page.getByTestId("kiosk-receipt");
  await expect(async () => {
    await page.clock.runFor(3_000);
    await expect(receipt).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("kiosk-receipt-no")).toHaveText(/^ZK-\d{8}$/);
  await expect(page.getByTestId("kiosk-verify-code")).toHaveText(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  await expect(receipt).toContainText("Masjid Al-Istiqamah");
  await expect(page.getByTestId("kiosk-receipt-person")).toHaveText([
    /^Siti Aminah · premium rate · \$\d+\.\d\d$/,
    /^Ahmad bin Ali · normal rate · \$\d+\.\d\d$/,
  ]);
  await expect(receipt.locator("svg")).toBeVisible();
  await expect(page.getByTestId("kiosk-email-it")).toHaveText(
    "E-mail it to kiosk.payer@example.sg",
  );
  await checkScreen(page, testInfo, "kiosk-receipt-en-1080");
  // A phone's width: the receipt fits without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoOverflow(page);
  await keepScreenshot(page, testInfo, "kiosk-receipt-en-375");
  await page.setViewportSize({ width: 1080, height: 1920 });

  // Left alone: after 50 s a countdown is shown and announced; at a minute the kiosk starts again.
  await page.clock.fastForward(50_500);
  await expect(page.getByTestId("kiosk-idle")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Still there?" })).toContainText(
    /starts again in ([1-9]|10) seconds\. Touch the screen to carry on\./,
  );
  await expect(page.getByRole("timer")).toHaveText(/^([1-9]|10)$/);
  await keepScreenshot(page, testInfo, "kiosk-idle-en-1080");
  await page.clock.fastForward(10_000);
  await expect(choose).toBeVisible();
  await expect(receipt).toBeHidden();
  await expect(page.getByTestId("kiosk-idle")).toBeHidden();
});
