import { expect, test } from "@playwright/test";
import {
  expectNoAxeViolations,
  expectNoOverflow,
  hydrated,
  keepScreenshot,
  onWakafHost,
  open,
} from "./helpers";

test("the header leads through the zakat site and to sign-in", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, "/fidyah");
  const header = page.locator(".site-header");
  await expect(header.getByRole("link", { name: "Zakat Singapore" })).toHaveAttribute(
    "href",
    "/fidyah",
  );
  const nav = page.getByRole("navigation", { name: "Site navigation" });
  await expect(nav.getByRole("link", { name: "Fidyah", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(nav.getByRole("link", { name: "Kaffarah", exact: true })).toHaveAttribute(
    "href",
    "/kaffarah",
  );
  // The sites the header returns to (README, Configuration: PORTAL_*_SITE_URL defaults).
  await expect(nav.getByRole("link", { name: "Back to fidyah information" })).toHaveAttribute(
    "href",
    "https://www.zakat.sg/",
  );
  // Sign-in opens the login popup (tests/e2e/accounts.spec.ts); signed in, the name links to /profile.
  await expect(nav.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("button", { name: /menu/i })).toBeHidden();

  await open(page, "/kaffarah");
  await expect(header.getByRole("link", { name: "Zakat Singapore" })).toHaveAttribute(
    "href",
    "/kaffarah",
  );
  await expect(nav.getByRole("link", { name: "Back to zakat.sg" })).toHaveAttribute(
    "href",
    "https://www.zakat.sg/",
  );
});

test("on a phone the menu opens, closes with Escape, and closes when the window narrows", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await open(page, "/");
  const toggle = page.getByRole("button", { name: "Menu" });
  const nav = page.getByRole("navigation", { name: "Site navigation" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();
  await toggle.click();
  await expect(nav).toBeVisible();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  // The open menu's toggle leaves the site's logo and name their room.
  expect((await page.locator(".brand-mark").boundingBox())?.width).toBeGreaterThanOrEqual(24);
  await expectNoOverflow(page);
  await page.getByRole("link", { name: "Fidyah", exact: true }).focus();
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(toggle).toBeFocused();

  // Open, widen past 1024 px (always shown), narrow again: closed.
  await toggle.click();
  await page.setViewportSize({ width: 1280, height: 740 });
  await expect(nav).toBeVisible();
  await page.setViewportSize({ width: 800, height: 740 });
  await expect(nav).toBeHidden();
  await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
});

test("the footer shows the council's contacts and the zakat copyright", async ({ page }) => {
  await page.goto("/calculator");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "+65 6359 1199" })).toHaveAttribute(
    "href",
    "tel:+6563591199",
  );
  await expect(footer.getByRole("link", { name: "info@muis.gov.sg" })).toHaveAttribute(
    "href",
    "mailto:info@muis.gov.sg",
  );
  await expect(footer.getByRole("link", { name: /Singapore Islamic Hub/ })).toHaveAttribute(
    "href",
    /google\.com\/maps\/search\/\?api=1&query=Singapore%20Islamic%20Hub/,
  );
  for (const name of ["Facebook", "Instagram", "Youtube"]) {
    await expect(footer.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Zakat Singapore.`);
  await expect(footer.getByRole("link", { name: "Privacy statement" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Terms of use" })).toBeVisible();
});

test("the wakaf site has its own header and the council's name in the footer", async ({
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(onWakafHost(baseURL, "/ms/wms"));
  await hydrated(page);
  const header = page.locator(".site-header");
  await expect(header.getByRole("link", { name: "Wakaf Singapura" })).toHaveAttribute(
    "href",
    "/ms/wms",
  );
  await expect(header.getByRole("link", { name: "Wakaf Ilmu" })).toHaveAttribute(
    "href",
    "/ms/wakaf-ilmu",
  );
  await expect(header.getByRole("link", { name: "Kembali ke laman wakaf" })).toHaveAttribute(
    "href",
    "https://www.ourwakaf.sg/",
  );
  await expect(header.getByRole("button", { name: "Log masuk" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("Majlis Ugama Islam Singapura");
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "wakaf-chrome-1280");
});
