import { readFileSync } from "node:fs";
import path from "node:path";
import {
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { expectNoAxeViolations, expectNoOverflow, hydrated, keepScreenshot, open } from "./helpers";

/** A seeded officer's password, from the embedded staff directory's state in the portal's data. */
export const officerPassword = (
  username: string,
  dataDir = process.env["E2E_DATA_DIR"] ?? "",
): string => {
  const file = path.join(dataDir, "staff-directory", "directory.json");
  const state = JSON.parse(readFileSync(file, "utf8")) as {
    officers: Array<{ username: string; password: string }>;
  };
  return state.officers.find((officer) => officer.username === username)?.password ?? "";
};

/**
 * A fresh browser (its own cookies) signed in to the console as `username`, on `where`: of the shared
 * portal, or of another one (`dataDir`, and its `baseURL` among the context's `options`).
 */
export const officerSignedIn = async (
  browser: Browser,
  username: string,
  where: string,
  { dataDir, ...options }: BrowserContextOptions & { dataDir?: string } = {},
) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL ?? "",
    ...options,
  });
  const page = await context.newPage();
  await open(page, where);
  await page
    .getByRole("link", { name: /Sign in with your staff account|Log masuk dengan akaun/ })
    .click();
  await expect(page.getByRole("heading", { name: "Council staff directory" })).toBeVisible();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(officerPassword(username, dataDir));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${where}$`));
  await hydrated(page);
  return page;
};

/** A console screen axe-checked, then kept at 375 and 1280 px without sideways scrolling. */
export const consoleScreens = async (page: Page, testInfo: TestInfo, name: string) => {
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    await keepScreenshot(page, testInfo, `${name}-${width}`);
  }
};
