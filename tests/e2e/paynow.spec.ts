import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  expectCodeCentred,
  expectNoAxeViolations,
  expectNoOverflow,
  keepScreenshot,
  open,
} from "./helpers";

// A PayNow code that runs out, on a phone, in Malay: "get a new code" is offered the moment the code
// expires, the new code is made once the 30 s enquiry grace ends (a late payment of the old one can
// still be seen until then), and the new one pays. The browser's clock is Playwright's; the portal's
// payment clock is moved the same way through the test-only control (forward only: journeys after
// this file see the portal five and a half minutes ahead, as after any long wait).

const MINUTE = 60_000;

const movePortalClock = async (request: APIRequestContext, advanceMs: number) => {
  const response = await request.post("/__test/clock", {
    headers: { authorization: `Bearer ${process.env.E2E_TEST_CONTROL_TOKEN}` },
    data: { advanceMs },
  });
  expect(response.status()).toBe(200);
};

/** Axe's own timers run on the page's clock: it is stepped on (a few seconds at most) while axe runs. */
const axeOnPausedClock = async (page: Page) => {
  let finished = false;
  const run = expectNoAxeViolations(page).finally(() => {
    finished = true;
  });
  while (!finished) await page.clock.runFor(20);
  await run;
};

test("on a phone, in Malay, an expired PayNow code is replaced at once and the new one pays", async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.clock.install();
  await open(page, "/ms/calculator");
  const savings = page.getByRole("group", { name: /Simpanan/ });
  await savings.getByRole("group").first().getByRole("textbox").first().fill("20000");
  await open(page, "/ms/checkout?flow=zakat");
  await expect(page.getByTestId("checkout-total")).toHaveText("$500.00");
  await page.getByTestId("donor-name").fill("Rahmah binte Ali");
  await page.getByTestId("donor-email").fill("paynow.expiry@example.sg");
  await page.getByTestId("method-paynow").check();
  const image = page.waitForResponse((response) => response.url().endsWith("/payNowQrImage"));
  await page.getByTestId("checkout-pay").click();
  const { expiresAt } = (await (await image).json()).data as { expiresAt: string };
  await expect(page.getByTestId("paynow-qr").locator("svg")).toBeVisible();
  // From here the page's time is the portal's (the code was made five minutes before it expires) and
  // moves only when the test moves it: a loaded machine's slowness is not the donor's waiting.
  const made = Date.parse(expiresAt) - 5 * MINUTE;
  await page.clock.pauseAt(Math.max(made, await page.evaluate(() => Date.now())) + 1_000);
  await expect(page.getByTestId("paynow-status")).toContainText(
    /Kod tamat tempoh dalam (5:00|4:5\d)/,
  );
  const first = (await page.getByTestId("paynow-reference").textContent()) ?? "";
  expect(first).toMatch(/^ZK\d+$/);
  // The phone showing the code cannot scan it: saving it, for the bank app's scanner, is one tap.
  const save = page.getByRole("button", { name: "Simpan kod QR sebagai imej" });
  await expect(save).toBeInViewport({ ratio: 1 });
  await expect(save).toHaveAccessibleDescription(
    "Membayar daripada telefon ini? Simpan kod ini, kemudian bukanya daripada pengimbas QR aplikasi bank anda.",
  );
  const download = page.waitForEvent("download");
  await save.click();
  expect((await download).suggestedFilename()).toBe(`PayNow-${first}.png`);
  await expectNoOverflow(page);
  await axeOnPausedClock(page);
  await expectCodeCentred(page.getByTestId("paynow-qr"));
  await keepScreenshot(page, testInfo, "paynow-ms-375");

  // Five minutes on: the code is gone and a new one is offered at once, not after the grace.
  await page.clock.fastForward(5 * MINUTE);
  await expect(page.getByTestId("paynow-qr")).toHaveCount(0);
  await expect(page.getByTestId("paynow-status")).toHaveText(
    "Kod telah tamat tempoh. Jika anda sudah membayar, tunggu sebentar; jika tidak, minta kod baharu.",
  );
  const renew = page.getByRole("button", { name: "Dapatkan kod baharu" });
  await expect(renew).toBeEnabled();
  await expect(renew).toBeFocused();
  await axeOnPausedClock(page);
  await keepScreenshot(page, testInfo, "paynow-expired-ms-375");
  // Asked for within the grace: it says it is coming, and the old code is still being checked.
  await renew.click();
  const renewing = page.getByRole("button", { name: "Mendapatkan kod baharu…" });
  await expect(renewing).toBeDisabled();
  await expect(renewing).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("button", { name: "Pilih cara pembayaran lain" })).toBeEnabled();

  // The grace ends (for the portal too): the new code comes by itself, with its own reference.
  await movePortalClock(request, 5 * MINUTE + 31_000);
  await page.clock.fastForward(30_000);
  await expect(page.getByTestId("paynow-qr").locator("svg")).toBeVisible();
  await expect(page.getByTestId("paynow-reference")).toHaveText(`${first}-1`);
  await expect(page.getByTestId("paynow-status")).toContainText(
    /Kod tamat tempoh dalam (5:00|4:5\d)/,
  );
  await keepScreenshot(page, testInfo, "paynow-renewed-ms-375");
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoOverflow(page);
  await keepScreenshot(page, testInfo, "paynow-renewed-ms-1280");

  const href = (await page.getByTestId("paynow-sandbox-bank").getAttribute("href")) ?? "";
  const bank = await context.newPage();
  await bank.goto(href);
  await bank.getByRole("button", { name: /^Pay/ }).click();
  await expect(bank.getByRole("status")).toContainText("Paid.");
  // The page asks the portal every 3 s and sees the payment.
  await expect(async () => {
    await page.clock.runFor(3_000);
    await expect(page.getByTestId("checkout-done")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText("Dibayar dengan PayNow")).toBeVisible();
});
