import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, expectNoOverflow, keepScreenshot } from "./helpers";

const expirePages = [
  ["/session-expire", "/"],
  ["/fidyah/session-expire", "/fidyah"],
  ["/kaffarah/session-expire", "/kaffarah"],
  ["/wakaf-ilmu/session-expire", "/wakaf-ilmu"],
  ["/wms/session-expire", "/wms"],
] as const;

for (const [path, home] of expirePages) {
  for (const lang of ["en", "ms"] as const) {
    const url = lang === "ms" ? `/ms${path}` : path;
    const target = lang === "ms" ? (home === "/" ? "/ms/" : `/ms${home}`) : home;
    test(`${url} says the session expired and leads back to ${target}`, async ({ page }) => {
      await page.goto(url);
      // Issue 34: not the site header (spec §2: no sign-in, menu or language there), but the brand,
      // to the flow's home, and the way back to the council's site.
      const header = page.getByRole("banner");
      const wakaf = path.startsWith("/wakaf-ilmu") || path.startsWith("/wms");
      const site = `${wakaf ? "Wakaf" : "Zakat"} ${lang === "ms" ? "Singapura" : "Singapore"}`;
      await expect(header.getByRole("link", { name: site })).toHaveAttribute("href", target);
      await expect(header.locator(".back-to-site")).toHaveAttribute(
        "href",
        new RegExp(`^${lang === "ms" ? "/ms" : ""}/go/`),
      );
      await expect(header.getByRole("button")).toHaveCount(0);
      await expect(page.locator(".site-nav, [data-auth]")).toHaveCount(0);
      const title = lang === "ms" ? "Sesi anda telah tamat" : "Your session has expired";
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      const refresh = page.getByRole("link", { name: lang === "ms" ? "Muat semula" : "Refresh" });
      await expect(refresh).toHaveAttribute("href", target);
      await expectNoAxeViolations(page);
    });
  }
}

test("rates changed: the entries are cleared and Continue replaces the history entry", async ({
  page,
  baseURL,
}) => {
  await page.goto("/fidyah");
  await page.evaluate(() => {
    sessionStorage.setItem("portal.fidyah", JSON.stringify({ state: {}, ratesVersion: 1 }));
    sessionStorage.setItem("portal.kaffarah", JSON.stringify({ kind: null, state: {} }));
    sessionStorage.setItem("portal.ratesChanged", "true");
  });
  await page.goto("/fidyah/session-expire");
  await expect(
    page.getByRole("heading", { level: 1, name: "The rates have been updated" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your session has expired" })).toHaveCount(0);
  await expect(page).toHaveTitle(/^The rates have been updated/);
  // The entries and the flag are gone; the page lifecycle's own keys (session, flow, rates) stay.
  const left = await page.evaluate(() => Object.keys(sessionStorage));
  for (const key of ["portal.fidyah", "portal.kaffarah", "portal.ratesChanged"]) {
    expect(left).not.toContain(key);
  }
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(new URL("/fidyah", baseURL).toString());
  // The session-expire page was replaced, so Back goes to the page before it.
  await page.goBack();
  await expect(page).toHaveURL(new URL("/fidyah", baseURL).toString());
});

test("rates changed by query flag, in Malay", async ({ page }) => {
  await page.goto("/ms/kaffarah/session-expire?reason=rates");
  await expect(
    page.getByRole("heading", { level: 1, name: "Kadar telah dikemas kini" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Teruskan" })).toHaveAttribute(
    "href",
    "/ms/kaffarah",
  );
});

test("an expired session with its timer stored clears this tab's storage", async ({ page }) => {
  await page.goto("/kaffarah");
  await page.evaluate(() => {
    sessionStorage.setItem("sessionExpiryId", "7");
    sessionStorage.setItem("portal.kaffarah", "{}");
    localStorage.setItem("portal.something", "1");
  });
  await page.goto("/kaffarah/session-expire");
  expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);
});

test("an unknown page is not found, with a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(/^404/);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  await expectNoAxeViolations(page);
});

test("not found in the fidyah flow leads back to /fidyah", async ({ page }) => {
  await page.goto("/fidyah/no-such-page");
  await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/fidyah");
});

test("not found under /ms/ speaks Malay", async ({ page }) => {
  await page.goto("/ms/tiada-halaman");
  await expect(page.locator("html")).toHaveAttribute("lang", "ms");
  await expect(
    page.getByRole("heading", { level: 1, name: "Halaman Tidak Dijumpai" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Kembali ke laman utama" })).toHaveAttribute(
    "href",
    "/ms/",
  );
  // The header and footer speak Malay too.
  await expect(page.getByLabel("Bahasa")).toHaveValue("ms");
  await expect(page.getByRole("heading", { level: 2, name: "Hubungi kami" })).toBeVisible();
  await page.goto("/ms/404");
  await expect(
    page.getByRole("heading", { level: 1, name: "Halaman Tidak Dijumpai" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the error page offers to try again and how to reach the council", async ({
  page,
  baseURL,
}) => {
  await page.goto("/error?from=/kaffarah");
  await expect(page.getByRole("heading", { level: 1, name: "Oops!" })).toBeVisible();
  await expect(page.getByText("We could not connect.")).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "+65 6359 1199" })).toHaveAttribute(
    "href",
    "tel:+6563591199",
  );
  await expect(main.getByRole("link", { name: "info@muis.gov.sg" })).toBeVisible();
  await expect(main.getByRole("link", { name: /273 Braddell Road/ })).toHaveAttribute(
    "href",
    /google\.com\/maps/,
  );
  await expect(main.getByRole("link", { name: /^Facebook/ })).toBeVisible();
  await expect(main.getByRole("link", { name: "Privacy statement" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Terms of use" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.evaluate(() => sessionStorage.setItem("portal.apiError", "true"));
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page).toHaveURL(new URL("/kaffarah", baseURL).toString());
  expect(await page.evaluate(() => sessionStorage.getItem("portal.apiError"))).toBeNull();
});

test("Try again never leaves the site, however the error page's ?from= is spelled", async ({
  page,
}) => {
  // Were the browser taken away, it would ask for the other site (answered here: nothing leaves).
  const evil = (url: URL | string) => new URL(url).hostname === "evil.example";
  await page.route(evil, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>evil</title>" }),
  );
  for (const from of [
    "%2F%09%2Fevil.example%2F",
    "%2F%0D%2Fevil.example%2F",
    "%2F%0A%2Fevil.example%2F",
    "%2F%5Cevil.example%2F",
    "https%3A%2F%2Fevil.example%2F",
  ]) {
    await page.goto(`/error?from=${from}`);
    const left = page
      .waitForRequest((request) => evil(request.url()), { timeout: 3_000 })
      .then(
        () => true,
        () => false,
      );
    await page.getByRole("button", { name: "Try again" }).click();
    expect(await left, from).toBe(false);
    await expect(page.getByRole("heading", { level: 1, name: "Oops!" })).toBeVisible();
  }
});

test("the Malay error page speaks Malay and reloads itself", async ({ page }) => {
  await page.goto("/ms/error");
  await expect(page.getByRole("heading", { level: 1, name: "Alamak!" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole("button", { name: "Cuba lagi" }).click();
  await page.waitForFunction(() => !("marker" in window));
  await expect(page).toHaveURL(/\/ms\/error$/);
});

for (const width of [375, 1280]) {
  for (const [name, path] of [
    ["session-expire", "/fidyah/session-expire"],
    ["not-found", "/no-such-page"],
    ["error", "/error"],
  ] as const) {
    test(`the ${name} page at ${width} px wide`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await expectNoOverflow(page);
      await keepScreenshot(page, testInfo, `${name}-${width}`);
    });
  }
}
