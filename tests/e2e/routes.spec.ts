import { expect, test } from "@playwright/test";
import { localizedPath } from "../../src/i18n/paths";
import {
  expectNoAxeViolations,
  expectNoOverflow,
  hydrated,
  keepScreenshot,
  onWakafHost,
} from "./helpers";

// Every route of spec §2, in both languages and on both brands' hosts: each answers, has a main
// landmark and no axe violations, fits a 375 px screen, and is kept as a screenshot at 375 and 1280 px
// (test-results/). Journeys elsewhere test what the pages do; this one keeps the whole site in view.

const wakaf = "wakaf";
const routes = [
  "/",
  "/calculator",
  "/fidyah",
  "/kaffarah",
  `/${wakaf}-ilmu`,
  "/wms",
  "/checkout?flow=ZAKAT",
  "/profile",
  "/fidyah/profile",
  "/kaffarah/profile",
  `/${wakaf}-ilmu/profile`,
  "/wms/profile",
  "/enrollment",
  "/enrollment/1",
  "/enrollment/2",
  "/enrollment/7",
  "/enrollment/enroll-individual",
  // /enrollment/singpass hands the browser on to Singpass (MockPass): enrolment.spec.ts follows it.
  "/enrollment/singpass-update",
  "/fidyah/enrollment",
  "/kaffarah/enrollment",
  `/${wakaf}-ilmu/enrollment`,
  "/wms/enrollment",
  "/session-expire",
  "/fidyah/session-expire",
  "/kaffarah/session-expire",
  `/${wakaf}-ilmu/session-expire`,
  "/wms/session-expire",
  "/aws-pool",
  "/singpass/confirmation",
  "/reset-password",
  "/receipt/harta",
  "/receipt/fitrah",
  "/receipt/fidyah",
  "/receipt/kaffarah",
  `/receipt/${wakaf}`,
  "/receipt/official",
  "/certificate",
  "/register",
  "/register/tax-deduction",
  "/error",
  "/no-such-page",
];

for (const brand of ["zakat", "wakaf"] as const) {
  for (const lang of ["en", "ms"] as const) {
    test(`every route in ${lang} on the ${brand} host`, async ({ page, baseURL }, testInfo) => {
      test.setTimeout(240_000);
      for (const route of routes) {
        const path = localizedPath(route, lang);
        const url = brand === "wakaf" ? onWakafHost(baseURL, path) : path;
        await page.setViewportSize({ width: 1280, height: 900 });
        const response = await page.goto(url);
        expect(response?.status(), path).toBeLessThan(route === "/no-such-page" ? 500 : 400);
        await hydrated(page);
        await expect(page.locator("main").first(), path).toBeAttached();
        const name = `${brand}-${lang}${route.replace(/[/?=]+/g, "-").replace(/-$/, "") || "-home"}`;
        await expectNoAxeViolations(page);
        await keepScreenshot(page, testInfo, `${name}-1280`);
        await page.setViewportSize({ width: 375, height: 800 });
        await expectNoOverflow(page);
        await keepScreenshot(page, testInfo, `${name}-375`);
      }
    });
  }
}
