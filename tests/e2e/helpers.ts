import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

/** Waits until every island on the page has hydrated. */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => !document.querySelector("astro-island[ssr]"));

/** Opens a path and waits for its islands. */
export const open = async (page: Page, path: string) => {
  await page.goto(path);
  await hydrated(page);
};

/** WCAG 2 A and AA checks by axe; the violations' ids and help texts, expected to be none. */
export const expectNoAxeViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
};

/** No sideways scrolling at the current width. */
export const expectNoOverflow = async (page: Page) => {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
};

/** A full-page screenshot kept with the test's artifacts (test-results/). */
export const keepScreenshot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

/** The same path on the wakaf host (`wakaf.localhost`, which Chromium resolves to this machine). */
export const onWakafHost = (baseURL: string | undefined, path: string) => {
  const url = new URL(path, baseURL);
  url.hostname = "wakaf.localhost";
  return url.toString();
};
