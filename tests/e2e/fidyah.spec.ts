import { expect, test } from "@playwright/test";
import {
  formatMoney,
  initialFidyahState,
  reduceFidyah,
  seedRates,
  type FidyahAction,
} from "@portal/domain";
import {
  everyScreen,
  expectNoAxeViolations,
  expectNoOverflow,
  hydrated,
  keepScreenshot,
  open,
} from "./helpers";

/** What the domain says these entries cost, at the seeded rates the server also serves. */
const domainTotal = (actions: ReadonlyArray<FidyahAction>) =>
  formatMoney(
    actions.reduce((s, a) => reduceFidyah(s, a, seedRates), initialFidyahState).totalAmount,
  );

test("a donor works out fidyah over three reasons and hands it to checkout", async ({ page }) => {
  await open(page, "/fidyah");
  await expect(page.getByRole("heading", { level: 1, name: "Pay fidyah" })).toBeVisible();
  await expect(page.getByTestId("fidyah-per-day")).toHaveText("$4.00");

  const haid = page.getByRole("group", { name: "Menstruation and other reasons" });
  await haid.getByRole("group", { name: "Year 1" }).getByLabel("Year (optional)").fill("2024");
  await haid.getByRole("group", { name: "Year 1" }).getByLabel("Days missed").fill("7");
  await haid.getByRole("button", { name: "Add year" }).click();
  await haid.getByRole("group", { name: "Year 2" }).getByLabel("Days missed").fill("5");
  await expect(haid.getByRole("group", { name: "Year 2" })).toContainText(
    "5 days × $4.00 = $20.00",
  );
  await expect(page.getByTestId("haid-total")).toHaveText("$48.00");

  const pregnancy = page.getByRole("group", { name: "Pregnancy or breastfeeding" });
  await pregnancy.getByLabel("Days missed").fill("30");

  // Illness over several years: 3 years × 10 days.
  const illness = page.getByRole("group", { name: "Illness or old age" });
  await illness.getByLabel("The same days each year, over several years").check();
  await illness.getByLabel("Number of years").fill("3");
  await illness.getByLabel("Days missed each year").fill("10");
  await expect(page.getByTestId("illness-total")).toHaveText("$120.00");
  // §5's text helper on the illness remark as it is typed.
  const remark = illness.getByLabel("Remark (optional)");
  await remark.fill("  Kidney  <b>stone</b>");
  await expect(remark).toHaveValue("Kidney stone");

  // A refused entry says why and changes nothing.
  const days = pregnancy.getByLabel("Days missed");
  await days.fill("31");
  await expect(days).toHaveAttribute("aria-invalid", "true");
  await expect(days).toHaveAccessibleDescription("Enter a whole number of days from 0 to 30");
  // Negative or fractional days are refused too, never read as 0 or rounded; the typed value stays
  // (the field holds two characters, so a fraction is ".5").
  for (const typed of ["-3", ".5"]) {
    await days.fill(typed);
    await expect(days).toHaveValue(typed);
    await expect(days).toHaveAttribute("aria-invalid", "true");
    await expect(days).toHaveAccessibleDescription("Enter a whole number of days from 0 to 30");
  }
  await days.fill("30");

  const expected = domainTotal([
    { type: "updateRow", category: "haid", index: 0, patch: { year: "2024", noOfDays: 7 } },
    { type: "addRow", category: "haid" },
    { type: "updateRow", category: "haid", index: 1, patch: { noOfDays: 5 } },
    { type: "updateRow", category: "pregnancy", index: 0, patch: { noOfDays: 30 } },
    { type: "updateCalcRow", index: 0, patch: { noOfYear: 3, noOfDays: 10 } },
  ]);
  expect(expected).toBe("$288.00");
  await expect(page.getByTestId("total")).toHaveText(expected);

  // The entries survive a reload.
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("total")).toHaveText(expected);
  await expect(haid.getByRole("group", { name: "Year 2" }).getByLabel("Days missed")).toHaveValue(
    "5",
  );
  await expect(illness.getByLabel("Number of years")).toHaveValue("3");
  await expect(remark).toHaveValue("Kidney stone");

  // Pay, by keyboard.
  const pay = page.getByRole("link", { name: "Pay fidyah now" });
  await expect(pay).toHaveAttribute("href", "/checkout?flow=FIDYAH");
  await pay.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout\?flow=FIDYAH$/);
  const stored = await page.evaluate(() => sessionStorage.getItem("portal.fidyah"));
  expect(JSON.parse(stored ?? "{}").state.totalAmount).toBe(28800);
});

test("removing a year keeps the others and reset clears everything", async ({ page }) => {
  await open(page, "/fidyah");
  const haid = page.getByRole("group", { name: "Menstruation and other reasons" });
  await haid.getByLabel("Days missed").fill("3");
  await haid.getByRole("button", { name: "Add year" }).click();
  await haid.getByRole("group", { name: "Year 2" }).getByLabel("Days missed").fill("9");
  await haid.getByRole("button", { name: "Remove year 1" }).click();
  await expect(haid.getByLabel("Days missed")).toHaveValue("9");
  await expect(haid.getByRole("button", { name: "Add year" })).toBeFocused();
  await expect(page.getByTestId("total")).toHaveText("$36.00");
  await page.getByRole("button", { name: "Reset" }).click();
  await expect(page.getByTestId("total")).toHaveText("$0.00");
  await expect(haid.getByLabel("Days missed")).toHaveValue("");
});

test("the Malay fidyah page speaks Malay", async ({ page }) => {
  await open(page, "/ms/fidyah");
  await expect(page.locator("html")).toHaveAttribute("lang", "ms");
  await expect(page.getByRole("heading", { level: 1, name: "Bayar fidyah" })).toBeVisible();
  const haid = page.getByRole("group", { name: "Haid dan sebab lain" });
  await haid.getByLabel("Hari ditinggalkan").fill("10");
  await expect(page.getByTestId("total")).toHaveText("$40.00");
  // A refused number of days says why in Malay, keeps what was typed, and prices nothing from it.
  const days = page
    .getByRole("group", { name: "Hamil atau menyusu" })
    .getByLabel("Hari ditinggalkan");
  await days.fill("-2");
  await expect(days).toHaveValue("-2");
  await expect(days).toHaveAccessibleDescription("Masukkan nombor bulat hari dari 0 hingga 30");
  await expect(page.getByTestId("total")).toHaveText("$40.00");
  await expect(page.getByRole("link", { name: "Bayar fidyah sekarang" })).toHaveAttribute(
    "href",
    "/ms/checkout?flow=FIDYAH",
  );
});

for (const path of ["/fidyah", "/ms/fidyah"]) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await open(page, path);
    await page.locator(".calc-card").first().getByRole("textbox").nth(1).fill("99");
    await expectNoAxeViolations(page);
  });
}

for (const [prefix, width] of everyScreen) {
  test(`the fidyah page ${prefix || "(en)"} at ${width} px wide`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page, `${prefix}/fidyah`);
    // The first reason's days missed (the same field in either language).
    await page.locator(".calc-card").first().getByRole("textbox").nth(1).fill("12");
    await expectNoOverflow(page);
    await keepScreenshot(page, testInfo, `fidyah${prefix.replace("/", "-")}-${width}`);
    // With a refused number of days showing beside its field.
    const days = page.locator(".calc-card").nth(1).getByRole("textbox").nth(1);
    await days.fill(".5");
    await expect(days).toHaveAttribute("aria-invalid", "true");
    await expectNoOverflow(page);
    await days.evaluate((field) => field.scrollIntoView({ block: "center" }));
    await page.screenshot({
      path: testInfo.outputPath(`fidyah-refused${prefix.replace("/", "-")}-${width}.png`),
    });
  });
}
