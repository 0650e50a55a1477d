import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type ConsoleMessage, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  hydrated,
  keepScreenshot,
  lookAtBothWidths,
  onWakafHost,
  open,
} from "./helpers";

// Spec §3's images, drawn inline (src/components/giving/icons.tsx, payment-images.tsx): icons beside the calculators'
// section headings and options (hidden from screen readers, which read the heading), card brands and
// payment methods in checkout (named where they stand alone). And §9's "logging silenced in
// production": the built pages write nothing to the browser's console.

// Each journey looks at its screens at two widths, with axe: slower than most on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** The icon in a heading of this name: drawn, hidden from screen readers, the name unchanged. */
const headingIcon = async (page: Page, name: string, icon: string) => {
  const heading = page.getByRole("heading", { level: 2, name, exact: true });
  const image = heading.locator(`svg[data-icon="${icon}"]`);
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("aria-hidden", "true");
};

const ASSETS = {
  en: ["Savings", "Gold", "Insurance", "Shares", "Business", "Zakat fitrah"],
  ms: ["Simpanan", "Emas", "Insurans", "Saham", "Perniagaan", "Zakat Fitrah"],
} as const;
const ASSET_ICONS = ["savings", "gold", "insurance", "shares", "business", "zakat_fitrah"];

test("the zakat calculator shows each asset's icon beside its heading, in English and Malay", async ({
  page,
}, testInfo) => {
  for (const lang of ["en", "ms"] as const) {
    await open(page, lang === "en" ? "/calculator" : "/ms/calculator");
    for (const [index, name] of ASSETS[lang].entries()) {
      await headingIcon(page, name, ASSET_ICONS[index] ?? "");
    }
    await lookAtBothWidths(page, testInfo, `calculator-icons-${lang}`);
  }
});

test("the fidyah page shows each reason's icon, and the calculator icon on its own way of counting", async ({
  page,
}, testInfo) => {
  await open(page, "/fidyah");
  await headingIcon(page, "Menstruation and other reasons", "HAID_OTHER_REASON");
  await headingIcon(page, "Pregnancy or breastfeeding", "PREGNANCY_FEEDING");
  await headingIcon(page, "Illness or old age", "ILLNESS_OLD_AGE");
  const calc = page.getByRole("radio", {
    name: "The same days each year, over several years",
    exact: true,
  });
  await expect(calc).toBeVisible();
  await expect(
    page.locator("label", { has: calc }).locator('svg[data-icon="ICON_CALC"]'),
  ).toHaveAttribute("aria-hidden", "true");
  await lookAtBothWidths(page, testInfo, "fidyah-icons-en");
  await open(page, "/ms/fidyah");
  await headingIcon(page, "Sakit atau tua", "ILLNESS_OLD_AGE");
  await lookAtBothWidths(page, testInfo, "fidyah-icons-ms");
});

test("checkout shows each way to pay with its image, the cards accepted, and the brand of the card typed", async ({
  page,
}, testInfo) => {
  await open(page, "/fidyah");
  await page
    .getByRole("group", { name: "Menstruation and other reasons" })
    .getByLabel("Days missed")
    .first()
    .fill("7");
  for (const lang of ["en", "ms"] as const) {
    await open(page, `${lang === "en" ? "" : "/ms"}/checkout?flow=FIDYAH`);
    await expect(page.getByTestId("checkout-pay")).toBeVisible();
    // Each way keeps its name; its image sits beside it, hidden.
    for (const [method, image] of [
      ["card", "DefaultCard"],
      ["paynow", "paynow"],
      ["google_pay", "googlepay"],
      ["apple_pay", "applepay"],
    ]) {
      const option = page.locator("label", { has: page.getByTestId(`method-${method}`) });
      await expect(option.locator(`svg[data-image="${image}"]`)).toHaveAttribute(
        "aria-hidden",
        "true",
      );
    }
    await expect(page.getByRole("radio", { name: "Google Pay", exact: true })).toBeVisible();
    const accepted = page.locator(".accepted-cards svg");
    await expect(accepted).toHaveCount(3);
    await expect(page.locator(".accepted-cards")).toContainText(
      lang === "en" ? "We accept Visa, Mastercard and American Express." : "Visa",
    );
    // §5's grouping as the donor types: American Express 4-6-5, every other card in fours.
    const number = page.getByTestId("card-number");
    await number.pressSequentially("378282246310005");
    await expect(number).toHaveValue("3782 822463 10005");
    await expect(page.getByTestId("card-brand")).toHaveAccessibleName("American Express");
    // The security code is shown as typed, four digits on an American Express card, three on others.
    const cvc = page.getByTestId("card-cvc");
    await expect(cvc).toHaveAttribute("type", "text");
    await expect(cvc).toHaveAttribute("autocomplete", "cc-csc");
    await cvc.pressSequentially("12345");
    await expect(cvc).toHaveValue("1234");
    await lookAtBothWidths(page, testInfo, `checkout-card-amex-${lang}`);
    await cvc.fill("");
    await number.fill("");
    await number.pressSequentially("4242424242424242");
    await expect(number).toHaveValue("4242 4242 4242 4242");
    await expect(cvc).toHaveAttribute("maxlength", "3");
    await number.fill("");
    await lookAtBothWidths(page, testInfo, `checkout-images-${lang}`);
  }
  // The brand of the number typed, as an image of that name.
  for (const [number, brand] of [
    ["4242 4242 4242 4242", "Visa"],
    ["5555 5555 5555 4444", "Mastercard"],
    ["3782 822463 10005", "American Express"],
  ] as const) {
    await page.getByTestId("card-number").fill(number);
    await expect(page.getByRole("img", { name: brand, exact: true })).toBeVisible();
  }
  await page.setViewportSize({ width: 375, height: 900 });
  await keepScreenshot(page, testInfo, "checkout-card-brand-375");
  await expectNoAxeViolations(page);
});

test("the wakaf page's ways to pay are images with their names", async ({
  page,
  baseURL,
}, testInfo) => {
  for (const lang of ["ms", "en"] as const) {
    await page.goto(onWakafHost(baseURL, lang === "ms" ? "/ms/wakaf-ilmu" : "/wakaf-ilmu"));
    await hydrated(page);
    const partners = page.getByTestId("pay-partners");
    // Each an SVG image with its name as its text alternative; card brands spelt as everywhere else.
    const names = ["Visa", "Mastercard", "American Express", "Google Pay", "Apple Pay", "PayNow"];
    await expect(partners.getByRole("img")).toHaveCount(names.length);
    for (const [index, name] of names.entries()) {
      const image = partners.getByRole("img").nth(index);
      await expect(image).toHaveAccessibleName(name);
      await expect(image).toHaveJSProperty("tagName", "svg");
      await expect(image.locator("title")).toHaveText(name);
    }
    await expect(partners.locator('[data-image="MasterCard"] text')).toHaveText("Mastercard");
    await lookAtBothWidths(page, testInfo, `wakaf-pay-partners-${lang}`);
  }
});

test("the built pages write nothing to the browser's console", async ({ page }) => {
  // What the build ships: the minifier drops every direct console call (astro.config.mjs); the
  // libraries that log through a console they look up (Amplify, html2canvas, jsPDF) are set quiet
  // where the pages use them, and are not matched here.
  const dir = path.join(import.meta.dirname, "../../dist/client/_astro");
  const calls = readdirSync(dir)
    .filter((name) => name.endsWith(".js"))
    .flatMap((name) =>
      [...readFileSync(path.join(dir, name), "utf8").matchAll(/(?<![\w.$])console\.\w+\s*\(/g)].map(
        (match) => `${name}: ${match[0]}`,
      ),
    );
  expect(calls).toEqual([]);

  // And what the pages do: a donor's way through the main pages, every console message kept.
  const messages: string[] = [];
  const keep = (message: ConsoleMessage) =>
    messages.push(`${message.type()} ${message.location().url}: ${message.text()}`);
  page.on("console", keep);
  for (const where of [
    "/",
    "/ms/calculator",
    "/fidyah",
    "/kaffarah",
    "/enrollment",
    "/enrollment/enroll-individual",
  ]) {
    await open(page, where);
  }
  await open(page, "/fidyah");
  await page
    .getByRole("group", { name: "Menstruation and other reasons" })
    .getByLabel("Days missed")
    .first()
    .fill("7");
  await page.getByRole("link", { name: "Pay fidyah" }).click();
  await hydrated(page);
  await page.getByTestId("card-number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Sign in" }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(messages).toEqual([]);
});
