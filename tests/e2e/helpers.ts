import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  expect,
  type Frame,
  type Locator,
  type Page,
  type Request,
  type TestInfo,
} from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

/** Waits until every island on the page has hydrated. */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => !document.querySelector("astro-island[ssr]"));

/** Opens a path and waits for its islands. */
export const open = async (page: Page, path: string) => {
  await page.goto(path);
  await hydrated(page);
};

/**
 * Every axe rule of WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe-core's tags; `wcag22aa` brings the
 * 24 × 24 px target-size rule, which axe leaves off unless a tag asks for it; axe has no `wcag22a` rule
 * yet, and accepts the tag).
 */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * axe-core as @axe-core/playwright brings it (the same copy its AxeBuilder injects), configured as
 * AxeBuilder's legacy mode configures it: frames of the page's own origin answer its frame messaging.
 */
const axeSource = `${readFileSync(
  createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright")).resolve(
    "axe-core/axe.min.js",
  ),
  "utf8",
)};axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } });`;

/** axe in a frame, injected unless the frame's document has it already (a frame that hangs: none). */
const withAxe = async (frame: Frame, main: boolean) => {
  const has = frame.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function",
  );
  const inject = has.then((present) => (present ? undefined : frame.evaluate(axeSource)));
  if (main) return inject;
  await Promise.race([inject, new Promise((resolve) => setTimeout(resolve, 1_000))]).catch(
    () => undefined,
  );
};

/**
 * Runs axe with the WCAG 2.2 A and AA rules on the page as it is now, in the page itself and its frames
 * (axe's own frame messaging), as AxeBuilder's legacy mode does, with two savings: axe is injected
 * once per document (a second check of the same page, say at another width, reuses it: parsing axe
 * took about 0.4 s of each check here), and only violations come back with all their elements (the
 * other results name their rules with one element each, which is all any check reads).
 */
export const axe = async (page: Page): Promise<AxeResults> => {
  for (const frame of page.frames()) await withAxe(frame, frame === page.mainFrame());
  const options: RunOptions = {
    runOnly: { type: "tag", values: wcagTags },
    resultTypes: ["violations"],
  };
  return page.evaluate(
    (run) =>
      (
        window as unknown as { axe: { run: (d: Document, o: RunOptions) => Promise<AxeResults> } }
      ).axe.run(document, run),
    options,
  );
};

/** WCAG 2.2 A and AA checks by axe; the violations' ids, help texts and elements, expected none. */
export const expectNoAxeViolations = async (page: Page) => {
  const results = await axe(page);
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`,
    ),
  ).toEqual([]);
};

/** No sideways scrolling at the current width. */
export const expectNoOverflow = async (page: Page) => {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
};

/**
 * A full-page screenshot kept with the test's artifacts (test-results/), for a person to look at. It
 * asserts nothing, so CI, which keeps no artifacts, skips it (E2E_SCREENSHOTS=on keeps them there too).
 */
export const keepScreenshot = async (page: Page, testInfo: TestInfo, name: string) => {
  if (process.env.CI && process.env.E2E_SCREENSHOTS !== "on") return;
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
};

/** The four screens a changed page is looked at on: English and Malay, at 375 and 1280 px. */
export const everyScreen = [
  ["", 375],
  ["", 1280],
  ["/ms", 375],
  ["/ms", 1280],
] as const;

/** A screen as a donor sees it: no sideways scrolling, no axe violation; kept as `name`. */
export const checkScreen = async (page: Page, testInfo: TestInfo, name: string) => {
  await expectNoOverflow(page);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, name);
};

/** The same path on the wakaf host (`wakaf.localhost`, which Chromium resolves to this machine). */
export const onWakafHost = (baseURL: string | undefined, path: string) => {
  const url = new URL(path, baseURL);
  url.hostname = "wakaf.localhost";
  return url.toString();
};

/** A screen at 375 and 1280 px (no sideways scroll, a screenshot each), then axe-checked once. */
export const lookAtBothWidths = async (page: Page, testInfo: TestInfo, name: string) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    await keepScreenshot(page, testInfo, `${name}-${width}`);
  }
  await expectNoAxeViolations(page);
};

/** Where the element of this id has its top in the viewport, in px. */
export const topOf = (page: Page, id: string) =>
  page.evaluate((el) => document.getElementById(el)!.getBoundingClientRect().top, id);

/**
 * The section `id` stops just below the scroll nav (spec §2): 100 px from the top at 1024 px wide or
 * narrower, else the nav bar's height. Returns that offset.
 */
export const expectBelowNav = async (page: Page, nav: Locator, id: string) => {
  const width = page.viewportSize()?.width ?? 0;
  const offset =
    width <= 1024 ? 100 : await nav.evaluate((el) => el.getBoundingClientRect().height);
  await expect.poll(() => topOf(page, id)).toBeGreaterThan(offset - 2);
  expect(await topOf(page, id)).toBeLessThan(offset + 2);
  return offset;
};

/**
 * Issue 34: a PayNow code sits in the middle of its purple frame (as much white on either side), where
 * a width in % of the fit-content frame had left it 12 px off to the left.
 */
export const expectCodeCentred = async (frame: Locator) => {
  const outer = await frame.boundingBox();
  const code = await frame.locator("svg").boundingBox();
  if (!outer || !code) throw new Error("The PayNow code is not shown");
  const left = code.x - outer.x;
  const right = outer.x + outer.width - (code.x + code.width);
  expect(Math.abs(left - right)).toBeLessThanOrEqual(1);
};

/** Every payment call the page makes from now on (create, confirm, retrieve, ...), as sent. */
export const paymentCalls = (page: Page) => {
  const calls: Request[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/svc/payment/v1/donations/")) calls.push(request);
  });
  return calls;
};

/** The calls of `paymentCalls` to one of the payment API's donation calls (`create`, `confirm`...). */
export const callsTo = (calls: ReadonlyArray<Request>, name: string) =>
  calls.filter((request) => request.url().endsWith(`/donations/${name}`));
