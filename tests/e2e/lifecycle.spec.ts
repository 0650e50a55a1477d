import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  expectNoOverflow,
  hydrated,
  keepScreenshot,
  onWakafHost,
} from "./helpers";

// Spec §4 session, stale transaction and rate change, §8 offline: driven with Playwright's clock.
const MINUTE = 60_000;
const start = new Date("2026-03-02T09:00:00+08:00").getTime();

/** Records sign-outs in window.name, which survives the navigation and the cleared storage. */
const recordSignOuts = (page: Page) =>
  page.addInitScript(() => {
    document.addEventListener("portal:sign-out", (event) => {
      window.name = `${window.name}|${(event as CustomEvent<{ reason: string }>).detail.reason}`;
    });
  });

const storage = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key);

for (const [flow, path, expired] of [
  ["ZAKAT", "/calculator", "/session-expire"],
  ["FIDYAH", "/fidyah", "/fidyah/session-expire"],
  ["KAFFARAH", "/kaffarah", "/kaffarah/session-expire"],
  ["ILMU", "/wakaf-ilmu", "/wakaf-ilmu/session-expire"],
  ["WMS", "/wms", "/wms/session-expire"],
  ["FIDYAH in Malay", "/ms/fidyah", "/ms/fidyah/session-expire"],
] as const) {
  test(`${flow}: 30 minutes idle ends on ${expired}, signed out and cleared`, async ({
    page,
    baseURL,
  }) => {
    const wakaf = flow === "ILMU" || flow === "WMS";
    const at = (p: string) => (wakaf ? onWakafHost(baseURL, p) : new URL(p, baseURL).toString());
    await recordSignOuts(page);
    await page.clock.install({ time: start });
    await page.goto(at(path));
    await hydrated(page);
    expect(await storage(page, "sessionExpiryId")).toMatch(/^\d+$/);
    await page.evaluate(() => localStorage.setItem("portal.language", "ms"));

    await page.clock.fastForward(29 * MINUTE + 58_000);
    await expect(page).toHaveURL(at(path));

    await page.clock.fastForward(3_000);
    await expect(page).toHaveURL(at(expired));
    const title = flow.endsWith("Malay") ? "Sesi anda telah tamat" : "Your session has expired";
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    expect(await page.evaluate(() => window.name)).toBe("|session-expired");
    const left = await page.evaluate(() => [
      Object.keys(sessionStorage),
      Object.keys(localStorage),
    ]);
    expect(left).toEqual([[], []]);
  });
}

test("a recurring-payment redirect extends the session once", async ({ page }) => {
  await page.clock.install({ time: start });
  await page.goto("/calculator");
  await hydrated(page);
  // What checkout's markRecurringRedirect() keeps (src/lib/transaction.ts).
  await page.evaluate(
    (now) =>
      sessionStorage.setItem(
        "portal.sessionUser",
        JSON.stringify({ trxCreationTime: now, redirectToOxiPay: true, transactionPassed: false }),
      ),
    start,
  );

  await page.clock.fastForward(30 * MINUTE + 1_000);
  await expect(page).toHaveURL(/\/calculator$/);
  const session = JSON.parse((await storage(page, "portal.session")) ?? "{}");
  expect(session.extended).toBe(true);
  // Extended by a token life from the moment it ran out (the page's clock also ran a little).
  expect(session.expiresAt).toBeGreaterThanOrEqual(start + 60 * MINUTE + 1_000);
  expect(session.expiresAt).toBeLessThan(start + 61 * MINUTE);

  await page.clock.fastForward(30 * MINUTE);
  await expect(page).toHaveURL(/\/session-expire$/);
});

test("a transaction started over 30 minutes ago expires on load and reloads once", async ({
  page,
}) => {
  await recordSignOuts(page);
  await page.clock.install({ time: start });
  await page.goto("/fidyah");
  await hydrated(page);
  await page
    .getByRole("group", { name: "Pregnancy or breastfeeding" })
    .getByLabel("Days missed")
    .fill("30");
  await expect.poll(() => storage(page, "portal.fidyah")).not.toBeNull();
  // What checkout's startTransaction() keeps.
  await page.evaluate(
    (now) =>
      sessionStorage.setItem(
        "portal.sessionUser",
        JSON.stringify({ trxCreationTime: now, redirectToOxiPay: false, transactionPassed: false }),
      ),
    start,
  );

  // The donor leaves for the payment page and comes back 31 minutes later.
  await page.goto("about:blank");
  await page.clock.setSystemTime(start + 31 * MINUTE);
  // The reload may come before the first load event, so count the page's requests instead.
  let loads = 0;
  page.on("request", (r) => {
    if (r.isNavigationRequest() && new URL(r.url()).pathname === "/fidyah") loads += 1;
  });
  await page.goto("/fidyah");
  await expect.poll(() => loads).toBe(2);
  await hydrated(page);
  await page.clock.runFor(2_000);
  expect(loads).toBe(2);
  expect(await page.evaluate(() => window.name)).toBe("|stale-transaction");
  expect(await storage(page, "portal.fidyah")).toBeNull();
  expect(await storage(page, "portal.sessionUser")).toBeNull();
  expect(await storage(page, "portal.staleReload")).toBeNull();
  await expect(
    page.getByRole("group", { name: "Pregnancy or breastfeeding" }).getByLabel("Days missed"),
  ).toHaveValue("");
  // A fresh session started with the reloaded page.
  const session = JSON.parse((await storage(page, "portal.session")) ?? "{}");
  expect(session.expiresAt).toBeGreaterThan(start + 31 * MINUTE);
});

/** Publish test rates through the test-only control (as an officer's publication would land). */
const publishTestRates = async (request: APIRequestContext, rates: Record<string, number>) => {
  const response = await request.post("/__test/rates", {
    headers: { authorization: `Bearer ${process.env.E2E_TEST_CONTROL_TOKEN}` },
    data: rates,
  });
  expect(response.status()).toBe(200);
};

test("a rate changed mid-session leads to the rates-updated page and the new nisab", async ({
  page,
  request,
}) => {
  const changeRates = (rates: Record<string, number>) => publishTestRates(request, rates);
  await page.clock.install({ time: start });
  await page.goto("/calculator");
  await hydrated(page);
  await expect(page.getByTestId("nisab")).toHaveText("$10,975.00");
  const account = page.getByRole("group", { name: "Savings" }).getByRole("group", {
    name: "Account 1",
  });
  await account.getByLabel("Amount ($)").fill("11000");
  await expect(page.getByTestId("total")).toHaveText("$275.00");
  await page.evaluate(() =>
    sessionStorage.setItem("portal.kaffarah", JSON.stringify({ kind: null, state: {} })),
  );

  try {
    await changeRates({ nisabValue: 1_120_000 });
    await page.clock.fastForward(5 * MINUTE);
    await page.reload();
    await expect(page).toHaveURL(/\/session-expire$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "The rates have been updated" }),
    ).toBeVisible();
    expect(await storage(page, "portal.kaffarah")).toBeNull();
    expect(JSON.parse((await storage(page, "portal.rates")) ?? "{}").nisabValue).toBe(1_120_000);
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(page).toHaveURL(/:\d+\/$/);

    await page.goto("/calculator");
    await hydrated(page);
    await expect(page.getByTestId("nisab")).toHaveText("$11,200.00");
    // The calculator keeps its entries (§4 does not reset it) and prices them on the new nisab.
    await expect(account.getByLabel("Amount ($)")).toHaveValue("11000.00");
    await expect(page.getByTestId("total")).toHaveText("$0.00");
    await expect(page).toHaveURL(/\/calculator$/);
  } finally {
    await changeRates({ nisabValue: 1_097_500 });
  }
});

test("a new normal fitrah rate leads to the rates-updated page, which empties checkout's kept choices", async ({
  page,
  request,
}) => {
  const changeRates = (rates: Record<string, number>) => publishTestRates(request, rates);
  await page.goto("/calculator");
  await hydrated(page);
  const fitrah = page.getByRole("group", { name: "Zakat fitrah" });
  await fitrah
    .getByRole("group", { name: /^Normal rate/ })
    .getByLabel("Number of persons")
    .fill("2");
  await expect(page.getByTestId("total")).toHaveText("$10.00");
  await page.getByRole("link", { name: "Pay zakat" }).click();
  await expect(page).toHaveURL(/\/checkout\?flow=zakat$/i);
  await hydrated(page);
  await page.getByTestId("donor-name").fill("Nur Aisyah");
  await expect(page.getByTestId("donor-name")).toHaveValue("Nur Aisyah");
  expect(await storage(page, "portal.checkout.donor")).not.toBeNull();
  // What checkout keeps of a donation it is paying (stored-checkout.ts), priced at the old rates.
  await page.evaluate(() =>
    sessionStorage.setItem(
      "portal.checkout",
      JSON.stringify({ donationId: "d", clientSecret: "s", flow: "ZAKAT", owner: "guest" }),
    ),
  );
  try {
    await changeRates({ fitrahNormalRate: 600 });
    await page.reload();
    await expect(page).toHaveURL(/\/session-expire$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "The rates have been updated" }),
    ).toBeVisible();
    expect(await storage(page, "portal.checkout")).toBeNull();
    expect(await storage(page, "portal.checkout.donor")).toBeNull();
    // Back at the calculator, the fitrah is priced at the new rate and checkout starts empty.
    await page.goto("/calculator");
    await hydrated(page);
    await expect(page.getByTestId("total")).toHaveText("$12.00");
    await page.getByRole("link", { name: "Pay zakat" }).click();
    await expect(page).toHaveURL(/\/checkout\?flow=zakat$/i);
    await hydrated(page);
    await expect(page.getByTestId("donor-name")).toHaveValue("");
  } finally {
    await changeRates({ fitrahNormalRate: 500 });
  }
});

test("the test-only rate change refuses a request without its token", async ({ request }) => {
  const response = await request.post("/__test/rates", { data: { nisabValue: 1 } });
  expect(response.status()).toBe(401);
});

test("going offline shows 'Oops!', and try again brings the page back with its entries", async ({
  page,
  context,
}, testInfo) => {
  await page.goto("/calculator");
  await hydrated(page);
  const amount = page
    .getByRole("group", { name: "Savings" })
    .getByRole("group", { name: "Account 1" })
    .getByLabel("Amount ($)");
  await amount.fill("12000");
  await expect(page.getByTestId("total")).toHaveText("$300.00");

  await context.setOffline(true);
  const oops = page.getByRole("heading", { level: 1, name: "Oops!" });
  await expect(oops).toBeVisible();
  await expect(oops).toBeFocused();
  await expect(page.locator("#main")).toBeHidden();
  expect(await storage(page, "portal.apiError")).toBe("true");
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoOverflow(page);
    await keepScreenshot(page, testInfo, `offline-${width}`);
  }

  // Still offline, try again keeps the notice rather than reloading into the browser's error.
  const tryAgain = page.getByRole("button", { name: "Try again" });
  await tryAgain.click();
  await expect(oops).toBeVisible();

  await context.setOffline(false);
  await Promise.all([page.waitForEvent("load"), tryAgain.click()]);
  await hydrated(page);
  await expect(oops).toBeHidden();
  await expect(amount).toHaveValue("12000.00");
  await expect(page.getByTestId("total")).toHaveText("$300.00");
  expect(await storage(page, "portal.apiError")).toBeNull();
});

test("after a passed transaction a landing route starts afresh", async ({ page }) => {
  await page.goto("/kaffarah");
  await hydrated(page);
  await page.evaluate(() => {
    sessionStorage.setItem("portal.fidyah", JSON.stringify({ state: {}, ratesVersion: 1 }));
    // What checkout's markTransactionPassed() keeps.
    sessionStorage.setItem(
      "portal.sessionUser",
      JSON.stringify({ trxCreationTime: null, redirectToOxiPay: false, transactionPassed: true }),
    );
  });
  await page.goto("/fidyah");
  await hydrated(page);
  expect(await storage(page, "portal.fidyah")).toBeNull();
  expect(JSON.parse((await storage(page, "portal.sessionUser")) ?? "{}").transactionPassed).toBe(
    false,
  );
  expect(await storage(page, "portal.flow")).toBe("FIDYAH");
});

test("a call that cannot reach the server shows 'Oops!', and try again reads again", async ({
  page,
}) => {
  let lost = true;
  await page.route("**/getSingpassPerson", (route) => (lost ? route.abort() : route.fallback()));
  await page.goto("/enrollment/singpass-update");
  const notice = page.locator("[data-error-notice]");
  await expect(notice.getByRole("heading", { name: "Oops!" })).toBeVisible();
  await expect(page.locator("#main")).toBeHidden();
  expect(await storage(page, "portal.apiError")).toBe("true");
  lost = false;
  await notice.getByRole("button", { name: "Try again" }).click();
  await hydrated(page);
  await expect(notice).toBeHidden();
  // No Singpass login in this session: the page says so (the read was answered this time).
  await expect(page.locator("#main")).toBeVisible();
  expect(await storage(page, "portal.apiError")).toBeNull();
});

test("a failing service reloads the page once, then shows 'Oops!' instead of reloading again", async ({
  page,
}) => {
  await page.route("**/getSingpassPerson", (route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
  );
  let loads = 0;
  page.on("load", () => (loads += 1));
  await page.goto("/enrollment/singpass-update");
  await expect(
    page.locator("[data-error-notice]").getByRole("heading", { name: "Oops!" }),
  ).toBeVisible();
  expect(loads).toBe(2);
  await page.waitForTimeout(1_000);
  expect(loads).toBe(2);
});

test("without PUBLIC_SENTRY_DSN no page loads any Sentry code", async ({ page }) => {
  const scripts: string[] = [];
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script") scripts.push(await response.text());
  });
  for (const path of ["/", "/calculator", "/fidyah", "/error"]) {
    await page.goto(path);
    await hydrated(page);
  }
  // Wait past the page's load and idle time, when a build with a DSN fetches the SDK.
  await page.waitForTimeout(1_500);
  expect(scripts.length).toBeGreaterThan(3);
  expect(scripts.filter((code) => /sentry/i.test(code))).toEqual([]);
  expect(requested.filter((url) => /sentry/i.test(url))).toEqual([]);
});
