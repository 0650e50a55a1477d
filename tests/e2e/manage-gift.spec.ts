import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { readOutbox } from "@portal/adapters/mail";
import {
  expectNoAxeViolations,
  expectNoOverflow,
  hydrated,
  keepScreenshot,
  onWakafHost,
  lookAtBothWidths,
} from "./helpers";
import { give, signedInDonor } from "./donor-account";
import { nricOf } from "../support/donations";

// A guest's monthly gift, stopped through the "manage this gift" link of the receipt e-mail: the
// thank-you page offers no cancel (the receipt token controls nothing), the e-mail carries the link in
// the gift's language, and the page it opens (on either host) shows the plan and stops it.

const email = "manage.monthly@example.sg";

const receiptMails = () =>
  readOutbox(path.join(process.env["E2E_DATA_DIR"] ?? "", "outbox"), {
    to: email,
    kind: "receipt",
  });

/** The manage link of the e-mail, at this test server's address (the mail names PORTAL_PUBLIC_URL). */
const manageLinkOn = (text: string, origin: string) => {
  const found = /https?:\/\/\S+\/manage-gift#\S+/.exec(text);
  expect(found, text).not.toBeNull();
  const link = new URL(found![0]);
  return new URL(`${link.pathname}${link.hash}`, origin).toString();
};

const shoot = async (page: Page, testInfo: Parameters<typeof keepScreenshot>[1], name: string) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    await keepScreenshot(page, testInfo, `${name}-${width}`);
  }
};

test("a guest gives monthly in Malay and stops the gift from the e-mailed link", async ({
  page,
  baseURL,
}, testInfo) => {
  // A whole journey: checkout, the e-mail, the page on both hosts in both languages, seven axe runs.
  test.setTimeout(90_000);
  await page.goto(onWakafHost(baseURL, "/ms/wakaf-ilmu"));
  await hydrated(page);
  await page.getByTestId("wakaf-amount").fill("20");
  await page.getByTestId("wakaf-give").click();
  await hydrated(page);
  await page.getByTestId("donor-name").fill("Aminah binte Salleh");
  await page.getByTestId("donor-email").fill(email);
  await page.getByTestId("frequency-monthly").check();
  await page.getByTestId("card-number").fill("4242 4242 4242 4242");
  await page.getByTestId("card-month").selectOption("12");
  await page.getByTestId("card-year").selectOption(String(new Date().getFullYear() + 2));
  await page.getByTestId("card-cvc").fill("123");
  await page.getByTestId("checkout-pay").click();
  await expect(page.getByTestId("checkout-done")).toBeVisible({ timeout: 15_000 });
  const transactionNo = (await page.getByTestId("transaction-no").textContent()) ?? "";
  // The thank-you page points to the e-mail's link; it offers no cancel of its own.
  await expect(page.getByTestId("recurring-manage")).toContainText(
    "E-mel resit yang kami hantar mempunyai pautan untuk mengurus atau menghentikannya",
  );
  await expect(page.getByRole("button", { name: /batal|hentikan|cancel|stop/i })).toHaveCount(0);

  // The receipt e-mail, in Malay as the gift was made, carries the manage link.
  await expect.poll(async () => (await receiptMails()).length, { timeout: 10_000 }).toBe(1);
  const [mail] = await receiptMails();
  expect(mail?.subject).toContain("sumbangan bulanan anda");
  expect(mail?.text).toContain("Urus atau hentikan sumbangan bulanan ini:");
  const link = manageLinkOn(mail?.text ?? "", onWakafHost(baseURL, "/"));
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get("key") ?? "";
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(new URL(link).pathname).toBe("/ms/manage-gift");

  // The token never leaves the browser: not in a request's address, not in a Referer.
  const leaks: string[] = [];
  page.on("request", (request) => {
    const referer = request.headers()["referer"] ?? "";
    if (request.url().includes(token) || referer.includes(token)) leaks.push(request.url());
  });

  // Opened on the wakaf host, in Malay: the plan, then stopping it with a confirmation.
  await page.goto(link);
  await hydrated(page);
  const plan = page.getByTestId("manage-gift");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Urus sumbangan berulang anda");
  await expect(plan).toContainText("Wakaf Ilmu");
  await expect(plan).toContainText("$20.00");
  await expect(plan).toContainText("Bulanan");
  await expect(plan).toContainText(transactionNo);
  await expect(page.getByTestId("manage-gift-status")).toHaveText("Aktif");
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, "manage-gift-ms");

  // The same link on the main host, in English (the language switch keeps the link).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("link", { name: "English" }).click();
  await hydrated(page);
  await expect(page).toHaveURL(/\/manage-gift#/);
  await expect(page.getByTestId("manage-gift-status")).toHaveText("Active");
  await page.goto(
    new URL(
      `${new URL(link).pathname.replace(/^\/ms/, "")}${new URL(link).hash}`,
      baseURL,
    ).toString(),
  );
  await hydrated(page);
  await expect(page.getByTestId("manage-gift-status")).toHaveText("Active");
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, "manage-gift-en");

  // By keyboard: Stop, then the question with the focus on its answer; "No" keeps the gift.
  await page.getByRole("button", { name: "Stop this gift" }).focus();
  await page.keyboard.press("Enter");
  const question = page.getByRole("group", {
    name: /Stop your monthly gift of \$20\.00 to Wakaf Ilmu\?/,
  });
  await expect(question).toBeVisible();
  await expect(question.getByRole("button", { name: "Yes, stop it" })).toBeFocused();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "manage-gift-confirm-en-1280");
  await question.getByRole("button", { name: "No, keep it" }).click();
  await expect(page.getByRole("button", { name: "Stop this gift" })).toBeFocused();

  // Back in Malay, stopped for good.
  await page.goto(link);
  await hydrated(page);
  await page.getByRole("button", { name: "Hentikan sumbangan ini" }).click();
  await page.getByRole("button", { name: "Ya, hentikan" }).press("Enter");
  await expect(page.getByRole("status")).toHaveText(
    "Sumbangan anda telah dihentikan. Ia tidak akan dicaj lagi.",
  );
  await expect(page.getByTestId("manage-gift-status")).toHaveText("Dihentikan");
  await expect(page.getByRole("button", { name: "Hentikan sumbangan ini" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, "manage-gift-stopped-ms");
  // Opened again later, the page says the gift is stopped.
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("manage-gift-status")).toHaveText("Dihentikan");
  expect(leaks).toEqual([]);
});

test("a wrong link opens nothing, in English and Malay", async ({ page, baseURL }, testInfo) => {
  for (const [where, heading] of [
    ["/manage-gift#no=WK1&key=" + "x".repeat(43), "This link does not open a gift"],
    ["/ms/manage-gift", "Pautan ini tidak membuka sebarang sumbangan"],
  ] as const) {
    await page.goto(new URL(where, baseURL).toString());
    await hydrated(page);
    await expect(page.getByRole("heading", { name: heading })).toBeFocused();
    await expectNoAxeViolations(page);
  }
  await shoot(page, testInfo, "manage-gift-missing-ms");
});

test("a donor schedules the last ten nights on the wakaf site and stops them from the e-mailed link", async ({
  page,
  baseURL,
}, testInfo) => {
  // Issue 33 (docs/last-ten-nights.md): English and Malay, 375 and 1280 px, both pages.
  test.setTimeout(120_000);
  const donorEmail = "ten.nights@example.sg";
  await signedInDonor(
    page,
    donorEmail,
    nricOf("4023190"),
    "Nur Malam",
    onWakafHost(baseURL, "/profile"),
  );
  await expect(
    page.getByRole("link", { name: "Schedule the last ten nights of Ramadan" }),
  ).toBeVisible();
  await give(page, "WMS", { wms: 2_000 }, 2_000, "one time", true);

  await page.goto(onWakafHost(baseURL, "/wms/last-ten-nights"));
  await hydrated(page);
  const form = page.locator("form.nights-form");
  await expect(
    form.getByRole("heading", { name: /Schedule the nights of Ramadan \d{4}/ }),
  ).toBeVisible();
  await expect(page.getByTestId("nights-card")).toContainText("ending 4242");
  const rows = form.getByTestId("nights-table").locator("tbody tr");
  expect(await rows.count()).toBeGreaterThanOrEqual(1);
  await expect(rows.first().getByRole("rowheader")).toContainText(/\d{2} Ramadan \d{4}/);
  // A typed amount outside WMS's limits is refused in words and kept.
  await page.getByTestId("nights-amount").fill("5");
  await form.getByRole("button", { name: "Schedule the nights" }).click();
  await expect(form).toContainText("Enter an amount from $10.00 to $20,000.00");
  await expect(page.getByTestId("nights-amount")).toHaveValue("5");
  await page.getByTestId("nights-amount").fill("25");
  await expect(page.getByTestId("nights-total")).toContainText(/Total for \d+ nights: \$\d/);
  await lookAtBothWidths(page, testInfo, "nights-form-en");
  await form.getByRole("button", { name: "Schedule the nights" }).click();
  await expect(page.getByRole("status")).toContainText("Scheduled. We have e-mailed you a link");
  const card = page.getByTestId("nights-schedule");
  await expect(card.getByTestId("nights-schedule-status")).toHaveText("Active");
  await expect(card).toContainText("$25.00 a night");
  await expect(card.locator("tbody tr").first()).toContainText("Scheduled");
  await lookAtBothWidths(page, testInfo, "nights-scheduled-en");

  // The e-mail carries the manage link (on the wakaf site, the token in the fragment).
  const nightsMails = () =>
    readOutbox(path.join(process.env["E2E_DATA_DIR"] ?? "", "outbox"), {
      to: donorEmail,
      kind: "nights",
    });
  await expect.poll(async () => (await nightsMails()).length, { timeout: 10_000 }).toBe(1);
  const found = /https?:\/\/\S+\/wms\/manage-nights#key=\S+/.exec(
    (await nightsMails())[0]?.text ?? "",
  );
  expect(found).not.toBeNull();
  const mailed = new URL(found![0]);
  const link = onWakafHost(baseURL, `/ms${mailed.pathname}${mailed.hash}`);

  // In Malay from the link: the schedule, and stopping it after the question.
  await page.goto(link);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sepuluh malam terakhir anda");
  await expect(page.getByTestId("nights-schedule-status")).toHaveText("Aktif");
  await lookAtBothWidths(page, testInfo, "nights-manage-ms");
  await page.getByRole("button", { name: "Hentikan malam-malam ini" }).click();
  await page.getByRole("button", { name: "Ya, hentikan" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Telah dihentikan. Tiada malam akan datang yang akan dikenakan caj.",
  );
  await expect(page.getByTestId("nights-schedule-status")).toHaveText("Dihentikan");
  await expect(page.locator("tbody tr").first()).toContainText("Dihentikan");
  await lookAtBothWidths(page, testInfo, "nights-manage-stopped-ms");

  // The schedule page in Malay shows it stopped, and offers a new one; a wrong link opens nothing.
  await page.goto(onWakafHost(baseURL, "/ms/wms/last-ten-nights"));
  await hydrated(page);
  await expect(page.getByTestId("nights-schedule-status")).toHaveText("Dihentikan");
  await expect(page.getByRole("heading", { name: /Jadualkan malam-malam Ramadan/ })).toBeVisible();
  await lookAtBothWidths(page, testInfo, "nights-form-ms");
  await page.goto(onWakafHost(baseURL, "/wms/manage-nights#key=wrong"));
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "This link opens nothing" })).toBeVisible();
  await lookAtBothWidths(page, testInfo, "nights-manage-wrong-en");
});
