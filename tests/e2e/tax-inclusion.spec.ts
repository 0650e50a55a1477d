import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoOverflow, keepScreenshot, open } from "./helpers";

// Issue 22 item 7: IRAS inclusion is offered only for gifts that qualify (design/facts.md): zakat and
// the wakaf funds. Fidyah and kaffarah are not deductible: checkout neither offers inclusion nor asks
// for an identity number there.

const iras = (page: Page, lang: "en" | "ms") =>
  page.getByRole("checkbox", {
    name:
      lang === "en"
        ? "Include this payment in my tax assessment (IRAS)"
        : "Masukkan bayaran ini dalam taksiran cukai saya (IRAS)",
  });

for (const lang of ["en", "ms"] as const) {
  const at = (path: string) => (lang === "ms" ? `/ms${path}` : path);

  test(`${lang}: fidyah and kaffarah checkout offer no IRAS inclusion; zakat's does`, async ({
    page,
  }, testInfo) => {
    await open(page, at("/fidyah"));
    // The first "days missed" field (menstruation, year 1), by its place in either language.
    await page.locator("main input[inputmode]").nth(1).fill("7");
    await open(page, at("/checkout?flow=FIDYAH"));
    await expect(page.getByTestId("checkout-total")).toHaveText("$28.00");
    await expect(page.getByTestId("donor-name")).toBeVisible();
    await expect(iras(page, lang)).toHaveCount(0);
    await expect(page.getByTestId("donor-tax-id")).toHaveCount(0);
    await expectNoAxeViolations(page);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoOverflow(page);
      await keepScreenshot(page, testInfo, `checkout-fidyah-${lang}-${width}`);
    }

    await open(page, at("/kaffarah"));
    await page.getByRole("radio").first().check();
    await page.getByTestId("kaffarah-quantity").fill("1");
    await open(page, at("/checkout?flow=KAFFARAH"));
    await expect(page.getByTestId("donor-name")).toBeVisible();
    await expect(iras(page, lang)).toHaveCount(0);

    await open(page, at("/calculator"));
    const savings = page.getByRole("group", { name: lang === "en" ? /Savings/ : /Simpanan/ });
    await savings.getByRole("group").first().getByRole("textbox").first().fill("20000");
    await open(page, at("/checkout?flow=zakat"));
    await expect(page.getByTestId("donor-name")).toBeVisible();
    await expect(iras(page, lang)).toHaveCount(1);
  });
}
