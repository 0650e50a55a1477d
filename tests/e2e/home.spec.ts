import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

test("a donor reads the home page and switches it to Malay", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Zakat Singapore" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Calculate and pay zakat" })).toHaveAttribute(
    "href",
    "/calculator",
  );

  // The island hydrates and reads the chosen language from its nanostores atom.
  const language = page.getByLabel("Language");
  await expect(language).toHaveValue("en");
  await page.waitForFunction(() => !document.querySelector("astro-island[ssr]"));
  await language.selectOption("ms");

  await expect(page).toHaveURL(/\/ms\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ms");
  await expect(page.getByRole("heading", { level: 1, name: "Zakat Singapura" })).toBeVisible();
  await expect(page.getByLabel("Bahasa")).toHaveValue("ms");
});

test("the home page has no accessibility violations and works by keyboard", async ({ page }) => {
  await page.goto("/");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
});

test("the page is usable at a phone's width", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath("home-mobile.png"), fullPage: true });
});
