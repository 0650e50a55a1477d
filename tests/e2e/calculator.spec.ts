import { expect, test, type Locator, type Page } from "@playwright/test";
import { calculateZakat, cents, formatMoney, seedRates } from "@portal/domain";
import { expectNoAxeViolations } from "./helpers";

const hydrated = (page: Page) =>
  page.waitForFunction(() => !document.querySelector("astro-island[ssr]"));

const open = async (page: Page, path = "/calculator") => {
  await page.goto(path);
  await hydrated(page);
};

test("a donor works out zakat on savings and hands the total to checkout", async ({ page }) => {
  await open(page);
  await expect(page.getByRole("heading", { level: 1, name: "Zakat calculator" })).toBeVisible();
  await expect(page.getByTestId("nisab")).toHaveText("$10,975.00");
  await expect(page.getByTestId("gold-rate")).toHaveText("$127.62");

  const savings = page.getByRole("group", { name: "Savings" });
  const account1 = savings.getByRole("group", { name: "Account 1" });
  const result = savings.locator(".calc-result");

  // Above nisab: 2.5% is due, explained with the figures.
  await account1.getByLabel("Amount ($)").fill("11500");
  await account1.getByLabel("Interest earned ($)").fill("200");
  await expect(result).toContainText("$282.50");
  await expect(result).toContainText(
    "Your net savings (balances less interest) of $11,300.00 reach the nisab of $10,975.00, so zakat is $11,300.00 × 2.5% = $282.50.",
  );
  await expect(page.getByTestId("total")).toHaveText("$282.50");

  // Below nisab: none due.
  await account1.getByLabel("Amount ($)").fill("10000");
  await expect(result).toContainText("$0.00");
  await expect(result).toContainText("below the nisab of $10,975.00, so no zakat is due");
  await expect(page.getByTestId("total")).toHaveText("$0.00");

  // An invalid amount keeps what was typed and says why; the result does not change.
  const amount = account1.getByLabel("Amount ($)");
  await amount.fill("12abc");
  await expect(amount).toHaveValue("12abc");
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toHaveAccessibleDescription("Enter an amount such as 1234.50");
  await amount.fill("11300");
  await expect(amount).not.toHaveAttribute("aria-invalid");

  // Add a second account, then remove the first: the second keeps its figures.
  await savings.getByRole("button", { name: "Add account" }).click();
  const account2 = savings.getByRole("group", { name: "Account 2" });
  await account2.getByLabel("Amount ($)").fill("20000");
  await expect(result).toContainText("$777.50");
  await savings.getByRole("button", { name: "Remove account 1" }).click();
  await expect(savings.getByRole("group", { name: "Account 2" })).toHaveCount(0);
  await expect(account1.getByLabel("Amount ($)")).toHaveValue("20000");
  await expect(savings.getByRole("button", { name: "Add account" })).toBeFocused();
  await expect(result).toContainText("$500.00");

  // Zakat fitrah for 3 persons at the normal rate.
  const fitrah = page.getByRole("group", { name: "Zakat fitrah" });
  await fitrah
    .getByRole("group", { name: /^Normal rate/ })
    .getByLabel("Number of persons")
    .fill("3");
  await expect(fitrah.locator(".calc-result")).toContainText("$15.00");
  await expect(fitrah.locator(".calc-result")).toContainText("3 × $5.00 (normal) = $15.00");
  await expect(page.getByTestId("total")).toHaveText("$515.00");

  // CPF: the Ordinary Account alone is zakatable and meets the nisab on its own (not with savings).
  const cpf = page.getByRole("group", { name: "CPF", exact: true });
  await expect(cpf).toHaveAccessibleDescription(/MediSave and the Special Account are not/);
  await cpf.getByLabel("Ordinary Account balance ($)").fill("20000");
  await expect(cpf.locator(".calc-result")).toContainText(
    "Your CPF Ordinary Account balance of $20,000.00 reaches the nisab of $10,975.00 on its own, so zakat is $20,000.00 × 2.5% = $500.00. MediSave and the Special Account are not zakatable and are not counted.",
  );
  await expect(page.getByTestId("total")).toHaveText("$1,015.00");

  // The entries survive a reload.
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("total")).toHaveText("$1,015.00");
  await expect(account1.getByLabel("Amount ($)")).toHaveValue("20000.00");

  // Pay zakat, by keyboard, stores the entries and opens checkout.
  const pay = page.getByRole("link", { name: "Pay zakat" });
  await expect(pay).toHaveAttribute("href", "/checkout?flow=zakat");
  await pay.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout\?flow=zakat$/);
  const stored = await page.evaluate(() => sessionStorage.getItem("portal.calculator"));
  expect(JSON.parse(stored ?? "{}").state.totalAmount).toBe(101500);
});

/** Press Tab until `target` has the focus, as a keyboard user would; fails if it never does. */
const tabTo = async (page: Page, target: Locator, most = 120) => {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("The keyboard never reached the element");
};

test("by keyboard alone from the home page to checkout, at the total the domain computes", async ({
  page,
}) => {
  await page.goto("/");
  await tabTo(page, page.getByRole("link", { name: "Calculate and pay zakat" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/calculator$/);
  await hydrated(page);

  const savings = page.getByRole("group", { name: "Savings" });
  await tabTo(page, savings.getByRole("group", { name: "Account 1" }).getByLabel("Amount ($)"));
  await page.keyboard.type("23456.78");
  await tabTo(
    page,
    savings.getByRole("group", { name: "Account 1" }).getByLabel("Interest earned ($)"),
  );
  await page.keyboard.type("120.05");
  const gold = page.getByRole("group", { name: "Gold" });
  await tabTo(page, gold.getByLabel("Gold kept, not worn (grams)"));
  await page.keyboard.type("123.4");
  const persons = page
    .getByRole("group", { name: "Zakat fitrah" })
    .getByRole("group", { name: /^Normal rate/ })
    .getByLabel("Number of persons");
  await tabTo(page, persons);
  await page.keyboard.type("4");

  // The domain, run here on the entries the page kept, gives the total the page shows and sends on.
  const domainTotal = async () => {
    const stored = await page.evaluate(() => sessionStorage.getItem("portal.calculator"));
    return stored === null ? null : calculateZakat(JSON.parse(stored).state, seedRates).total;
  };
  await expect
    .poll(async () => {
      const total = await domainTotal();
      return (
        total !== null && formatMoney(total) === (await page.getByTestId("total").textContent())
      );
    })
    .toBe(true);
  const expected = (await domainTotal()) ?? cents(0);
  expect(expected).toBeGreaterThan(0);
  await expect(page.getByTestId("total")).toHaveText(formatMoney(expected));

  await tabTo(page, page.getByRole("link", { name: "Pay zakat" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout\?flow=zakat$/);
  await expect(page.getByTestId("checkout-total")).toHaveText(formatMoney(expected));
});

test("reset clears every entry", async ({ page }) => {
  await open(page);
  const gold = page.getByRole("group", { name: "Gold" });
  await gold.getByLabel("Gold kept, not worn (grams)").fill("100");
  await expect(gold.locator(".calc-result").first()).toContainText("$319.04");
  await page.getByRole("button", { name: "Reset" }).click();
  await expect(gold.getByLabel("Gold kept, not worn (grams)")).toHaveValue("");
  await expect(page.getByTestId("total")).toHaveText("$0.00");
});

test("the Malay calculator speaks Malay", async ({ page }) => {
  await open(page, "/ms/calculator");
  await expect(page.locator("html")).toHaveAttribute("lang", "ms");
  await expect(page.getByRole("heading", { level: 1, name: "Kalkulator zakat" })).toBeVisible();
  for (const name of [
    "Simpanan",
    "Emas",
    "Insurans",
    "Saham",
    "CPF",
    "Perniagaan",
    "Zakat Fitrah",
  ]) {
    await expect(page.getByRole("group", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText("Kadar emas segram")).toBeVisible();
  await expect(page.getByRole("button", { name: "Tambah akaun" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Set semula" })).toBeVisible();
  const savings = page.getByRole("group", { name: "Simpanan" });
  await savings.getByLabel("Jumlah ($)").fill("11300");
  await expect(savings.locator(".calc-result")).toContainText("mencapai nisab $10,975.00");
  await expect(page.getByRole("link", { name: "Bayar zakat" })).toHaveAttribute(
    "href",
    "/ms/checkout?flow=zakat",
  );
});

for (const path of ["/calculator", "/ms/calculator"]) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await open(page, path);
    // With a refused amount showing, so the error state is checked too.
    await page.locator(".calc-card").first().getByRole("textbox").first().fill("abc");
    await expectNoAxeViolations(page);
  });
}

for (const width of [375, 1280]) {
  test(`the calculator at ${width} px wide`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page);
    const savings = page.getByRole("group", { name: "Savings" });
    await savings.getByLabel("Amount ($)").fill("11300");
    await page.getByRole("group", { name: "Gold" }).getByLabel("Gold worn (grams)").fill("12.5.");
    await page.getByLabel("Ordinary Account balance ($)").fill("8000");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`calculator-${width}.png`), fullPage: true });
  });
}

test("your own fitrah rate: the range is stated, and a rate outside it is refused as typed", async ({
  page,
}, testInfo) => {
  await open(page);
  const own = page.getByRole("group", { name: "Your own rate" });
  const rate = own.getByRole("textbox", { name: "Rate per person ($)" });
  // The configured range (seeded $5 to $8) is said before anything is typed.
  await expect(rate).toHaveAccessibleDescription("From $5.00 to $8.00 a person.");
  await own.getByRole("textbox", { name: "Number of persons" }).fill("2");
  await rate.fill("12");
  await expect(rate).toHaveAttribute("aria-invalid", "true");
  await expect(own.getByText("Enter a rate from $5.00 to $8.00 a person.")).toBeVisible();
  // Nothing out of range goes to checkout: the pay link waits for a rate within it.
  await expect(page.getByRole("link", { name: "Pay zakat" })).toHaveCount(0);
  await expect(
    page.getByText("Change your own fitrah rate to one from $5.00 to $8.00 a person to pay."),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await own.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("fitrah-range-375.png") });
  await rate.fill("6.50");
  await expect(rate).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("total")).toHaveText("$13.00");
  await expect(page.getByRole("link", { name: "Pay zakat" })).toBeVisible();

  // Negative or fractional persons and an ownership share outside 0 to 100 are refused beside the
  // field, the typed value stays, and nothing is priced from it: the card's result and the totals
  // show no figure (the last good value would not be what is typed) and there is no pay link.
  const normal = page.getByRole("group", { name: "Normal rate, $5.00 a person" });
  const share = page
    .getByRole("group", { name: "Business", exact: true })
    .getByLabel("Your ownership share (%)");
  for (const [field, typed, message] of [
    [
      normal.getByLabel("Number of persons"),
      "-2",
      "Enter a whole number of persons from 0 to 9999",
    ],
    [
      normal.getByLabel("Number of persons"),
      "1.5",
      "Enter a whole number of persons from 0 to 9999",
    ],
    [share, "150", "Enter a percentage from 0 to 100"],
    [share, "-5", "Enter a percentage from 0 to 100"],
  ] as const) {
    await field.fill(typed);
    await expect(field).toHaveValue(typed);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(message);
    await expect(page.getByTestId("total")).toHaveText("–");
    await expect(page.getByTestId("calc-unread")).toHaveText(
      "Correct the fields marked above to see the totals and pay.",
    );
    await expect(page.getByRole("link", { name: "Pay zakat" })).toHaveCount(0);
    await expect(
      page.getByText("Correct the field marked in this section to see this amount.").first(),
    ).toBeVisible();
  }
  await normal.evaluate((group) => group.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: testInfo.outputPath("refused-share-375.png") });
  // Mended, the figures come back as they were.
  await share.fill("100");
  await normal.getByLabel("Number of persons").fill("0");
  await expect(page.getByTestId("total")).toHaveText("$13.00");
  await expect(page.getByTestId("calc-unread")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Pay zakat" })).toBeVisible();
  await normal.getByLabel("Number of persons").fill("1.5");
  await normal.evaluate((group) => group.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: testInfo.outputPath("refused-persons-375.png") });

  // In Malay too.
  await open(page, "/ms/calculator");
  const ownMs = page.getByRole("group", { name: "Kadar pilihan anda" });
  await expect(ownMs.getByRole("textbox").first()).toHaveAccessibleDescription(
    "Dari $5.00 hingga $8.00 seorang.",
  );
  await ownMs.getByRole("textbox").first().fill("4");
  await expect(ownMs.getByText("Masukkan kadar dari $5.00 hingga $8.00 seorang.")).toBeVisible();
  const normalMs = page.getByRole("group", { name: "Kadar biasa, $5.00 seorang" });
  await normalMs.getByLabel("Bilangan orang").fill("-1");
  await expect(normalMs.getByLabel("Bilangan orang")).toHaveAccessibleDescription(
    "Masukkan bilangan orang dalam nombor bulat dari 0 hingga 9999",
  );
  const shareMs = page.getByLabel("Bahagian pemilikan anda (%)");
  await shareMs.fill("101");
  await expect(shareMs).toHaveAccessibleDescription("Masukkan peratusan dari 0 hingga 100");
  await expect(page.getByTestId("calc-unread")).toHaveText(
    "Betulkan ruangan yang ditanda di atas untuk melihat jumlah keseluruhan dan membayar.",
  );
  await expect(
    page.getByText("Betulkan ruangan yang ditanda dalam bahagian ini untuk melihat jumlah ini."),
  ).toHaveCount(2);
  await normalMs.evaluate((group) => group.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: testInfo.outputPath("refused-persons-ms-375.png") });
  await shareMs.evaluate((field) => field.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: testInfo.outputPath("refused-share-ms-375.png") });
  await page.screenshot({ path: testInfo.outputPath("fitrah-range-ms-375.png"), fullPage: true });
});
