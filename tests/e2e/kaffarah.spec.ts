import { expect, test } from "@playwright/test";
import { Result } from "effect";
import {
  dollarsToCents,
  formatMoney,
  initialKaffarahState,
  reduceKaffarah,
  seedRates,
  type KaffarahAction,
} from "@portal/domain";
import {
  everyScreen,
  expectNoAxeViolations,
  expectNoOverflow,
  hydrated,
  keepScreenshot,
  open,
} from "./helpers";

/** What the domain says an edit costs, at the seeded rates the server also serves. */
const domainTotal = (action: KaffarahAction) =>
  formatMoney(
    dollarsToCents(
      Number(
        Result.getOrThrow(reduceKaffarah(initialKaffarahState, action, seedRates)).totalAmount,
      ),
    ),
  );

test("a donor pays kaffarah for jimak, then switches to an amount of their own", async ({
  page,
}) => {
  await open(page, "/kaffarah");
  await expect(page.getByRole("heading", { level: 1, name: "Pay kaffarah" })).toBeVisible();
  await expect(page.getByTestId("kaffarah-per-person")).toHaveText("$4.00");
  await expect(page.getByText("Choose an option and enter how many times")).toBeVisible();

  // Jimak, by keyboard: 60 persons × $4 = $240 for each day.
  await page.getByRole("radio", { name: /^Jimak/ }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("radio", { name: /^Jimak/ })).toBeChecked();
  const quantity = page.getByTestId("kaffarah-quantity");
  await quantity.fill("2");
  const jimak = domainTotal({ type: "choose", kind: "jimak", quantity: 2 });
  expect(jimak).toBe("$480.00");
  await expect(page.getByTestId("total")).toHaveText(jimak);
  await expect(page.getByTestId("kaffarah-line")).toHaveText("2 × $240.00 = $480.00");

  // Not a whole number: refused, and nothing is payable. The field takes at most four digits (9999).
  await expect(quantity).toHaveAttribute("maxlength", "4");
  await quantity.fill("2.5");
  await expect(quantity).toHaveAttribute("aria-invalid", "true");
  await expect(quantity).toHaveAccessibleDescription(/Enter a whole number from 0 to 9999/);
  await expect(page.getByTestId("total")).toHaveText("$0.00");
  await quantity.fill("9999");
  await expect(page.getByTestId("total")).toHaveText(
    domainTotal({ type: "choose", kind: "jimak", quantity: 9999 }),
  );

  // Nazar carries the quantity over; the options are exclusive.
  await page.getByRole("radio", { name: /^Nazar/ }).check();
  await quantity.fill("3");
  await expect(page.getByTestId("total")).toHaveText(
    domainTotal({ type: "choose", kind: "nazar", quantity: 3 }),
  );

  // Another amount: under $5 is refused, $25.50 is taken.
  await page.getByRole("radio", { name: /^Another amount/ }).check();
  await expect(page.getByTestId("total")).toHaveText("$0.00");
  const amount = page.getByTestId("kaffarah-amount");
  await amount.fill("4.99");
  await expect(amount).toHaveAccessibleDescription("Enter at least $5.00");
  await expect(page.getByTestId("total")).toHaveText("$0.00");
  await amount.fill("25.50");
  const custom = domainTotal({ type: "custom", amount: dollarsToCents(25.5) });
  await expect(page.getByTestId("total")).toHaveText(custom);

  // The entries survive a reload.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("radio", { name: /^Another amount/ })).toBeChecked();
  await expect(page.getByTestId("kaffarah-amount")).toHaveValue("25.50");
  await expect(page.getByTestId("total")).toHaveText(custom);

  const pay = page.getByRole("link", { name: "Pay kaffarah now" });
  await expect(pay).toHaveAttribute("href", "/checkout?flow=KAFFARAH");
  await page.getByRole("button", { name: "Reset" }).click();
  await expect(page.getByTestId("total")).toHaveText("$0.00");
  await expect(page.getByRole("radio", { name: /^Another amount/ })).not.toBeChecked();
});

test("the Malay kaffarah page speaks Malay", async ({ page }) => {
  await open(page, "/ms/kaffarah");
  await expect(page.locator("html")).toHaveAttribute("lang", "ms");
  await expect(page.getByRole("heading", { level: 1, name: "Bayar kaffarah" })).toBeVisible();
  await page.getByRole("radio", { name: /^Nazar/ }).check();
  await page.getByTestId("kaffarah-quantity").fill("1");
  await expect(page.getByTestId("total")).toHaveText(
    domainTotal({ type: "choose", kind: "nazar", quantity: 1 }),
  );
  await expect(page.getByRole("link", { name: "Bayar kaffarah sekarang" })).toHaveAttribute(
    "href",
    "/ms/checkout?flow=KAFFARAH",
  );
});

for (const path of ["/kaffarah", "/ms/kaffarah"]) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await open(page, path);
    await page.getByRole("radio").last().check();
    await page.getByTestId("kaffarah-amount").fill("1");
    await expectNoAxeViolations(page);
  });
}

for (const [prefix, width] of everyScreen) {
  test(`the kaffarah page ${prefix || "(en)"} at ${width} px wide`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page, `${prefix}/kaffarah`);
    await page.getByRole("radio", { name: /^Jimak/ }).check();
    await page.getByTestId("kaffarah-quantity").fill("1");
    await expectNoOverflow(page);
    await keepScreenshot(page, testInfo, `kaffarah${prefix.replace("/", "-")}-${width}`);
  });
}
