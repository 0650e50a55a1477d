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
  // The sites the header returns to: site content officers change (issue 34), so the page links to
  // /go/, which redirects to the address as stored (the embedded defaults here).
  await expect(nav.getByRole("link", { name: "Back to fidyah information" })).toHaveAttribute(
    "href",
    "/go/fidyahSite",
  );
  const back = await page.request.get("/go/fidyahSite", { maxRedirects: 0 });
  expect(back.status()).toBe(302);
  expect(back.headers()["location"]).toBe("https://www.zakat.sg/");
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
    "/go/zakatSite",
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
  await expect(footer.getByRole("link", { name: "Terms of use" })).toHaveAttribute(
    "href",
    "/go/terms",
  );
  // Issue 34: the privacy link opens the portal's own privacy statement.
  await footer.getByRole("link", { name: "Privacy statement" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy statement" })).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "Your rights: access and correction" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "How long we keep it" })).toBeVisible();
  await expectNoAxeViolations(page);
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
    "/ms/go/wakafSite",
  );
  const back = await page.request.get("/ms/go/wakafSite", { maxRedirects: 0 });
  expect(back.headers()["location"]).toBe("https://www.ourwakaf.sg/");
  await expect(header.getByRole("button", { name: "Log masuk" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("Majlis Ugama Islam Singapura");
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "wakaf-chrome-1280");

  // Issue 34: on a phone, the Malay privacy link opens the Malay statement on the wakaf host, in the
  // wakaf brand.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole("contentinfo").getByRole("link", { name: "Kenyataan privasi" }).click();
  await expect(page).toHaveURL(/wakaf\.localhost:\d+\/ms\/privacy$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Kenyataan privasi" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Hak anda: akses dan pembetulan" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("Majlis Ugama Islam Singapura");
  await expectNoOverflow(page);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "wakaf-privacy-ms-375");
});
