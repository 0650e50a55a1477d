import { expect, test, type Page } from "@playwright/test";
import {
  checkScreen,
  expectBelowNav,
  expectNoAxeViolations,
  hydrated,
  keepScreenshot,
  onWakafHost,
  open,
} from "./helpers";
import { invitedAccount, ownAddress, PASSWORD, TEMPORARY_PASSWORD } from "./identity";

test.use(ownAddress("chrome-navigation"));

// The header and the page around the donor (spec §2): the scrolling helper on sectioned pages, the
// logo's target, the menu held open by a popup, and the not-registered state.

const dialog = (page: Page) => page.getByRole("dialog");

/**
 * The window resized as a person does it, one size at a time: the page's resize handler runs before
 * the next animation frame, so after two frames it has seen this width (Chromium coalesces resizes
 * that come faster, and on a loaded machine a later size could otherwise arrive first).
 */
const resizeTo = async (page: Page, width: number) => {
  await page.setViewportSize({ width, height: 740 });
  await page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
};

test("a wakaf landing's section nav scrolls to each section below the nav and highlights it", async ({
  page,
  baseURL,
}, testInfo) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const [lang, width] of [
    ["", 1280],
    ["/ms", 375],
  ] as const) {
    const en = lang === "";
    // A short window, so that every section can be scrolled up to the nav.
    await page.setViewportSize({ width, height: 400 });
    await page.goto(onWakafHost(baseURL, `${lang}/wms`));
    await hydrated(page);
    const nav = page.locator("[data-scroll-nav]");
    const pay = nav.getByRole("link", { name: en ? "Ways to pay" : "Cara pembayaran" });
    await pay.click();
    await expectBelowNav(page, nav, "ways-to-pay");
    await expect(pay).toHaveAttribute("aria-current", "location");
    await expect(page.locator("#ways-to-pay")).toBeFocused();

    const wall = nav.getByRole("link", { name: en ? "Donor wall" : "Dinding penderma" });
    await wall.click();
    await expect(wall).toHaveAttribute("aria-current", "location");
    await expect(pay).not.toHaveAttribute("aria-current");
    await expect(page.locator("#donor-wall")).toBeFocused();
    await checkScreen(page, testInfo, `wakaf-sections${lang.replace("/", "-")}-${width}`);

    // Scrolling back up moves the highlight to the section then in view (within the 500 ms throttle).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(
      nav.getByRole("link", { name: en ? "Give" : "Derma", exact: true }),
    ).toHaveAttribute("aria-current", "location", { timeout: 2_000 });
    await expect(wall).not.toHaveAttribute("aria-current");

    // 'home' goes to the top.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await nav.getByRole("link", { name: en ? "Top of the page" : "Bahagian atas halaman" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  }
});

test("a wakaf landing opened at a section's name shows it below the nav, whatever its case", async ({
  page,
  baseURL,
}) => {
  for (const [path, width] of [
    ["/wms#Ways-To-Pay", 1280],
    ["/ms/wms#ways%20to%20pay", 375],
  ] as const) {
    await page.setViewportSize({ width, height: 400 });
    await page.goto(onWakafHost(baseURL, path));
    const nav = page.locator("[data-scroll-nav]");
    const pay = nav.getByRole("link", { name: /^(Ways to pay|Cara pembayaran)$/ });
    await expect(pay).toHaveAttribute("aria-current", "location");
    await expectBelowNav(page, nav, "ways-to-pay");
    await expect(page.locator("#ways-to-pay")).toBeFocused();
  }
});

test("the logo follows the page's flow and the transaction state", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const logo = page.locator(".site-header .brand");
  await open(page, "/ms/kaffarah");
  await expect(logo).toHaveAttribute("href", "/ms/kaffarah");
  // A shared form keeps the flow the donor came from: here fidyah's.
  await open(page, "/fidyah");
  await open(page, "/enrollment/enroll-individual");
  await expect(logo).toHaveAttribute("href", "/fidyah");
  // A zakat donation under way: back to the calculator, where its entries are.
  await open(page, "/calculator");
  await expect(logo).toHaveAttribute("href", "/");
  await page.evaluate(() =>
    sessionStorage.setItem(
      "portal.sessionUser",
      JSON.stringify({ trxCreationTime: Date.now(), transactionPassed: false }),
    ),
  );
  await open(page, "/calculator");
  await expect(logo).toHaveAttribute("href", "/calculator");
  // Paid: home, which starts the next gift afresh.
  await page.evaluate(() =>
    sessionStorage.setItem("portal.sessionUser", JSON.stringify({ transactionPassed: true })),
  );
  await open(page, "/calculator");
  await expect(logo).toHaveAttribute("href", "/");
});

test("the menu stays open on resize while the unauthorised popup shows, and closes otherwise", async ({
  page,
}) => {
  await resizeTo(page, 375);
  await open(page, "/fidyah");
  const nav = page.getByRole("navigation", { name: "Site navigation" });
  await page.getByRole("button", { name: "Menu" }).click();
  await nav.getByRole("button", { name: "Sign in" }).click();
  await expect(
    dialog(page).getByRole("heading", { name: "Sign in to your account" }),
  ).toBeVisible();
  // With the sign-in popup, narrowing closes the menu as always.
  await resizeTo(page, 1280);
  await resizeTo(page, 800);
  await expect(nav).toBeHidden();
  // The unauthorised popup (a social sign-in refused) holds it open.
  await resizeTo(page, 1280);
  await page.evaluate(() =>
    document.dispatchEvent(
      new CustomEvent("portal:auth-popup", { detail: { kind: "UNAUTHORISED" } }),
    ),
  );
  await expect(dialog(page).getByRole("heading", { name: "Unauthorised account" })).toBeVisible();
  await resizeTo(page, 800);
  await expect(nav).toBeVisible();
  await resizeTo(page, 375);
  await expect(nav).toBeVisible();
});

test("the pre-registered popup holds the menu open too, in Malay on a phone", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await resizeTo(page, 375);
  await open(page, "/ms/kaffarah");
  const nav = page.getByRole("navigation", { name: "Navigasi laman" });
  // Back from a social provider's logout with the pre-registered outcome kept (auth/social-return.ts).
  await page.evaluate(() => sessionStorage.setItem("portal.socialPopup", "PRE_REGISTERED"));
  await page.reload();
  await hydrated(page);
  const popup = dialog(page).getByRole("heading", { name: "Akaun telah didaftarkan" });
  await expect(popup).toBeVisible();
  // Widened, the menu shows; narrowed again while the popup shows, it stays open.
  for (const width of [1280, 800, 375]) {
    await resizeTo(page, width);
    await expect(nav).toBeVisible();
  }
  await checkScreen(page, testInfo, "pre-registered-menu-ms-375");
  // Closed, the popup no longer holds it: the next narrowing closes the menu.
  await dialog(page).getByRole("button", { name: "Tutup", exact: true }).click();
  await expect(popup).toHaveCount(0);
  await resizeTo(page, 1280);
  await resizeTo(page, 800);
  await expect(nav).toBeHidden();
});

test("an account that is not a donor's sees a blank masked page and a popup it cannot dismiss, on every load", async ({
  page,
}, testInfo) => {
  const email = "chrome-not-registered@example.sg";
  await invitedAccount(page, email, "Nur Belum");
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, "/fidyah");
  await page.getByRole("button", { name: "Sign in" }).click();
  await dialog(page).getByLabel("Email").fill(email);
  await dialog(page).getByLabel("Password", { exact: true }).fill(TEMPORARY_PASSWORD);
  await dialog(page).getByRole("button", { name: "Sign in", exact: true }).click();
  await dialog(page).getByLabel("New password").fill(PASSWORD);
  await dialog(page).getByRole("button", { name: "Save" }).click();

  const notRegistered = dialog(page).getByRole("heading", { name: "Not registered" });
  const expectBlocked = async () => {
    await expect(notRegistered).toBeVisible();
    await expect(page.locator("#main")).toBeHidden();
    await expect(page.locator(".site-header")).toBeHidden();
    await expect(dialog(page).getByRole("button", { name: "Close" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(notRegistered).toBeVisible();
  };
  await expectBlocked();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "not-registered-1280");

  // Checked again on load, on any page, in either language.
  await page.setViewportSize({ width: 375, height: 740 });
  await open(page, "/ms/calculator");
  await expect(dialog(page).getByRole("heading", { name: "Belum berdaftar" })).toBeVisible();
  await expect(page.locator("#main")).toBeHidden();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "not-registered-ms-375");
  await open(page, "/calculator");
  await expectBlocked();

  // Sign up leads to the NRIC step; closing it comes back to the not-registered popup.
  await dialog(page).getByRole("button", { name: "Sign up" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Enter your NRIC/FIN" })).toBeVisible();
  await dialog(page).getByRole("button", { name: "Close" }).click();
  await expectBlocked();

  // Back to login signs out: the page is back, with the sign-in popup.
  await dialog(page).getByRole("button", { name: "Back to login" }).click();
  await expect(
    dialog(page).getByRole("heading", { name: "Sign in to your account" }),
  ).toBeVisible();
  await dialog(page).getByRole("button", { name: "Close" }).click();
  await expect(page.locator("#main")).toBeVisible();
  await open(page, "/calculator");
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.locator("#main")).toBeVisible();
});
