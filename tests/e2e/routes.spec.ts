import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { expect, test } from "@playwright/test";
import { localizedPath } from "../../src/i18n/paths";
import { axe, expectNoOverflow, hydrated, keepScreenshot, onWakafHost, wcagTags } from "./helpers";

// Every route of spec §2, in both languages and on both brands' hosts: each answers, has a main
// landmark and no axe violations, fits a 375 px screen, and is kept as a screenshot at 375 and 1280 px
// (test-results/). Journeys elsewhere test what the pages do; this one keeps the whole site in view.
// axe runs at 1280 px and at 375 px with the menu open; each sweep leaves its results in reports/axe/
// (the bench report's axe section reads them).

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
  // Issue 33: saved and downloaded zakat assessments.
  "/account/assessments",
  "/enrollment",
  "/enrollment/1",
  "/enrollment/2",
  "/enrollment/7",
  "/enrollment/enroll-individual",
  // /enrollment/singpass hands the browser on to Singpass (the stand-in): enrolment.spec.ts follows it.
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
  "/manage-gift",
  // Issue 32's receipt check, as a receipt's QR code opens it (no such receipt here: "not genuine").
  "/verify?no=ZK-00000001&code=00000-00000",
  "/collections",
  // Issue 32's counter app, as a device not yet set up shows it.
  "/counter",
  "/register",
  "/register/tax-deduction",
  // Issue 33's haul tracker, as a signed-out visitor meets it.
  "/account/haul",
  // Issue 34: the portal's own privacy statement and terms of use.
  "/privacy",
  "/terms",
  "/error",
  "/no-such-page",
];

/** How axe's WCAG 2.2 target-size rule (24 × 24 px) came out on a page. */
const targetSize = (results: Awaited<ReturnType<typeof axe>>) =>
  results.violations.some((r) => r.id === "target-size")
    ? "violation"
    : results.incomplete.some((r) => r.id === "target-size")
      ? "incomplete"
      : results.passes.some((r) => r.id === "target-size")
        ? "passed"
        : "inapplicable";

for (const brand of ["zakat", "wakaf"] as const) {
  for (const lang of ["en", "ms"] as const) {
    test(`every route in ${lang} on the ${brand} host`, async ({ page, baseURL }, testInfo) => {
      test.setTimeout(480_000);
      // No page breaks its own Content-Security-Policy (Chromium reports each refusal on the console).
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      const record = {
        host: brand === "wakaf" ? "wakaf.localhost" : "localhost",
        lang,
        date: new Date().toISOString(),
        axeVersion: "",
        tags: wcagTags,
        complete: false,
        pages: [] as { path: string; width: number; violations: string[]; targetSize: string }[],
      };
      /** axe on the page as it is now, recorded; its violations are expected to be none. */
      const check = async (path: string, width: number) => {
        const results = await axe(page);
        const violations = results.violations.map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`,
        );
        record.axeVersion = results.testEngine.version;
        record.pages.push({ path, width, violations, targetSize: targetSize(results) });
        expect(violations, `${path} at ${width} px`).toEqual([]);
      };
      try {
        for (const route of routes) {
          const path = localizedPath(route, lang);
          const url = brand === "wakaf" ? onWakafHost(baseURL, path) : path;
          await page.setViewportSize({ width: 1280, height: 900 });
          const response = await page.goto(url);
          expect(response?.status(), path).toBeLessThan(route === "/no-such-page" ? 500 : 400);
          await hydrated(page);
          await expect(page.locator("main").first(), path).toBeAttached();
          const name = `${brand}-${lang}${route.replace(/[/?=]+/g, "-").replace(/-$/, "") || "-home"}`;
          await check(path, 1280);
          await keepScreenshot(page, testInfo, `${name}-1280`);
          await page.setViewportSize({ width: 375, height: 800 });
          await expectNoOverflow(page);
          await keepScreenshot(page, testInfo, `${name}-375`);
          // On a phone, with the menu open (its links, language select and sign-in are then shown),
          // except on the pages that open an accounts popup themselves (it keeps the page inert).
          const toggle = page.locator(".menu-toggle");
          const popupPage = (await page.locator("[data-auth-page]").count()) > 0;
          if (!popupPage && (await toggle.isVisible())) {
            await toggle.click();
            await expect(toggle).toHaveAttribute("aria-expanded", "true");
          }
          await check(path, 375);
          expect(violations, path).toEqual([]);
        }
        record.complete = true;
      } finally {
        const dir = join(dirname(testInfo.config.configFile ?? "."), "reports", "axe");
        mkdirSync(dir, { recursive: true });
        writeFileSync(
          join(dir, `routes-${brand}-${lang}.json`),
          `${JSON.stringify(record, null, 2)}\n`,
        );
      }
    });
  }
}

test("a page's Content-Security-Policy stops an injected inline script and event handler", async ({
  page,
}) => {
  const reported: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) reported.push(message.text());
  });
  for (const path of ["/", "/checkout?flow=ZAKAT", "/error"]) {
    const response = await page.goto(path);
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy, path).toContain("object-src 'none'");
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(policy, path).not.toContain("'unsafe-inline' 'self'");
    await hydrated(page);
    const violated = page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          document.addEventListener("securitypolicyviolation", (event) =>
            resolve(event.effectiveDirective),
          ),
        ),
    );
    // What an injection through some markup would try: an inline script, an event attribute.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = 'script';";
      document.body.append(script);
      const image = document.createElement("img");
      image.setAttribute("src", "data:,");
      image.setAttribute("onerror", "window.__injected = 'handler';");
      document.body.append(image);
    });
    expect(await violated, path).toMatch(/^script-src/);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => (window as { __injected?: string }).__injected), path).toBe(
      undefined,
    );
    expect(reported.length, path).toBeGreaterThan(0);
    reported.length = 0;
  }
});
