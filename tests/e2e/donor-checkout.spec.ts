import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { nricOf } from "../support/donations";
import { expectNoAxeViolations, expectNoOverflow, hydrated, keepScreenshot, open } from "./helpers";

// Issue 23's checkout items as a donor meets them: what a guest's receipt shows, enrolment found from
// the giving pages and shown at checkout, the receipt carrying what the donor saw. Long journeys.
test.setTimeout(120_000);

const screenshots = async (page: Page, testInfo: TestInfo, name: string) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    await keepScreenshot(page, testInfo, `${name}-${width}`);
  }
};

const fillCard = async (page: Page) => {
  await page.getByTestId("card-number").fill("4242 4242 4242 4242");
  await page.getByTestId("card-month").selectOption("12");
  await page.getByTestId("card-year").selectOption(String(new Date().getFullYear() + 2));
  await page.getByTestId("card-cvc").fill("123");
};

/** Pays, then opens the receipt from the thank-you page. */
const payAndOpenReceipt = async (page: Page) => {
  await fillCard(page);
  await page.getByTestId("checkout-pay").click();
  await expect(page.getByTestId("checkout-done")).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("receipt-link").click();
  await hydrated(page);
  const receipt = page.locator("article.receipt-sheet[data-receipt-no]");
  await expect(receipt).toBeVisible();
  return receipt;
};

test("a guest's receipt shows the NRIC/FIN given for IRAS, masked, and the mobile", async ({
  page,
}, testInfo) => {
  const id = nricOf("4023120");
  await open(page, "/calculator");
  const account = page.getByRole("group", { name: "Savings" }).getByRole("group", {
    name: "Account 1",
  });
  await account.getByLabel("Amount ($)").fill("20000");
  // The calculator asks where the wealth comes from; the receipt says it.
  await page
    .getByLabel("Where does this wealth come from? (optional, shown on your receipt)")
    .selectOption({ label: "Employment" });
  await screenshots(page, testInfo, "calculator-source");
  // In Malay, the same entries (kept in the tab) and the question in Malay.
  await open(page, "/ms/calculator");
  await expect(
    page.getByLabel("Dari mana datangnya harta ini? (pilihan, ditunjukkan pada resit anda)"),
  ).toHaveValue("employment");
  await screenshots(page, testInfo, "calculator-source-ms");
  await open(page, "/calculator");
  await page.getByRole("link", { name: "Pay zakat" }).click();
  await expect(page).toHaveURL(/\/checkout\?flow=zakat$/i);
  await hydrated(page);
  // §5's text helper as typed: no markup, no runs of spaces, no leading space.
  await page.getByTestId("donor-name").fill("  Hasnah   binte <b>Ibrahim</b>");
  await expect(page.getByTestId("donor-name")).toHaveValue("Hasnah binte Ibrahim");
  await page.getByTestId("donor-email").fill("hasnah.guest@example.sg");
  // §5: the mobile shows in groups of four digits as it is typed.
  await page.getByTestId("donor-mobile").pressSequentially("91234567");
  await expect(page.getByTestId("donor-mobile")).toHaveValue("9123 4567");
  await page.getByTestId("donor-iras").check();
  await page.getByTestId("donor-tax-id").fill(id);
  const receipt = await payAndOpenReceipt(page);
  await expect(receipt).toContainText("Hasnah binte Ibrahim");
  await expect(receipt.getByText("NRIC/FIN/UEN", { exact: true })).toBeVisible();
  await expect(receipt).toContainText(`*****${id.slice(-4)}`);
  await expect(receipt).toContainText("+65 9123 4567");
  await expect(receipt).toContainText("Source of income: Employment");
  // §3's websiteUrl: the zakat site, printed with the receipt.
  await expect(receipt.locator(".receipt-website")).toHaveText("Website: https://www.zakat.sg/");
  expect(await page.content()).not.toContain(id);
  expect(page.url()).not.toContain(id);
});

test("enrolment is found from the giving pages, shown at checkout, and the receipt carries it", async ({
  page,
}, testInfo) => {
  // Each giving page leads to its own flow's enrolment choice.
  for (const [path, enrolment] of [
    ["/calculator", "/enrollment"],
    ["/kaffarah", "/kaffarah/enrollment"],
    ["/ms/fidyah", "/ms/fidyah/enrollment"],
  ] as const) {
    await open(page, path);
    await expect(page.getByTestId("giving-enrol").getByRole("link")).toHaveAttribute(
      "href",
      enrolment,
    );
  }
  await open(page, "/fidyah");
  await screenshots(page, testInfo, "fidyah-enrol-link");
  const days = page
    .getByRole("group", { name: "Pregnancy or breastfeeding" })
    .getByLabel("Days missed");
  await days.fill("5");
  await page
    .getByRole("link", { name: /pay|checkout/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/checkout\?flow=FIDYAH$/);
  await hydrated(page);
  // A guest who has not enrolled is offered it from checkout too, in the flow they are giving in.
  await expect(page.getByTestId("checkout-enrol").getByRole("link")).toHaveAttribute(
    "href",
    "/fidyah/enrollment",
  );
  await page.getByTestId("checkout-enrol").getByRole("link").click();
  await page.waitForURL(/\/fidyah\/enrollment$/);
  await page.getByRole("link", { name: "Enrol manually" }).click();
  await page.waitForURL(/\/enrollment\/enroll-individual$/);
  await hydrated(page);
  const id = nricOf("4023121");
  // §5's text helper on the enrolment's free text as typed; the server applies it again.
  await page.getByLabel("Full name *").fill("  Rosnah   <b>binte</b> Kassim");
  await expect(page.getByLabel("Full name *")).toHaveValue("Rosnah binte Kassim");
  await page.getByLabel("Street name").fill("  Simei   <i>Street</i> 1");
  await expect(page.getByLabel("Street name")).toHaveValue("Simei Street 1");
  await page.getByLabel("NRIC/FIN *").fill(id);
  await page.getByLabel("Date of birth *").fill("15/08/1990");
  await page.getByLabel("E-mail address *").fill("rosnah.enrolled@example.sg");
  await page.getByLabel("Mobile number").fill("81234567");
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
  await page.getByRole("button", { name: "Enrol" }).click();
  await expect(page.getByRole("heading", { name: "You are enrolled" })).toBeVisible();
  await page.getByRole("link", { name: "Continue to give" }).click();
  await page.waitForURL(/\/fidyah$/);
  await hydrated(page);
  await expect(days).toHaveValue("5");
  await page
    .getByRole("link", { name: /pay|checkout/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/checkout\?flow=FIDYAH$/);
  await hydrated(page);

  // Checkout says what the receipt will carry; the e-mail and mobile come filled in.
  const note = page.getByTestId("checkout-enrolled");
  await expect(note).toContainText("Enrolled with your details.");
  await expect(page.getByTestId("enrolled-name")).toHaveText("Rosnah binte Kassim");
  await expect(page.getByTestId("enrolled-id")).toHaveText(`*****${id.slice(-4)}`);
  await expect(page.getByTestId("donor-name")).toHaveCount(0);
  await expect(page.getByTestId("donor-email")).toHaveValue("rosnah.enrolled@example.sg");
  await expect(page.getByTestId("donor-mobile")).toHaveValue(/8123\s?4567/);
  await expect(page.getByTestId("checkout-enrol")).toHaveCount(0);
  expect(await page.content()).not.toContain(id);
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, "checkout-enrolled");
  // The same in Malay.
  await page.goto("/ms/checkout?flow=FIDYAH");
  await hydrated(page);
  await expect(page.getByTestId("checkout-enrolled")).toContainText(
    "Didaftarkan dengan butiran anda.",
  );
  await expect(page.getByTestId("enrolled-name")).toHaveText("Rosnah binte Kassim");
  await screenshots(page, testInfo, "checkout-enrolled-ms");
  await page.goto("/checkout?flow=FIDYAH");
  await hydrated(page);
  await expect(page.getByTestId("enrolled-name")).toHaveText("Rosnah binte Kassim");

  // The donor clears the prefilled mobile for this gift: the receipt carries none, not the enrolled
  // one kept silently (what the field shows is what is sent and printed).
  await page.getByTestId("donor-mobile").fill("");
  const create = page.waitForRequest((request) => request.url().endsWith("/donations/create"));
  const receipt = await payAndOpenReceipt(page);
  expect((await create).postDataJSON()).toMatchObject({ donor: { mobile: "" } });
  await expect(receipt).toContainText("Rosnah binte Kassim");
  await expect(receipt).toContainText(`*****${id.slice(-4)}`);
  await expect(receipt).toContainText("rosnah.enrolled@example.sg");
  // The mobile number is not on the receipt, however it is spaced (the whole number: four digits
  // alone could be part of the gateway's random reference).
  await expect(receipt).not.toContainText(/8123\s?4567/);
  // §3's typeOfFidyah: the reason the days were missed.
  await expect(receipt).toContainText("Reason: Pregnancy or breastfeeding");
  await screenshots(page, testInfo, "receipt-fidyah-enrolled");
});

test("fidyah paid as a reason's amount set directly: the reason must be chosen, the server prices it, the receipt says so", async ({
  page,
}, testInfo) => {
  await open(page, "/ms/fidyah");
  const direct = page.getByTestId("fidyah-direct");
  await direct.getByRole("button", { name: "Guna jumlah ini" }).click();
  // §5: a choice that must be made, in Malay.
  const reasonMs = direct.getByRole("radio", { name: "Sakit atau tua" });
  await expect(reasonMs).toHaveAccessibleDescription("Sila pilih salah satu pilihan");
  await expect(direct.getByRole("radio").first()).toBeFocused();
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, "fidyah-direct-ms");

  await open(page, "/fidyah");
  await direct.getByLabel("Amount ($)").fill("120");
  await direct.getByRole("button", { name: "Use this amount" }).click();
  const illness = direct.getByRole("radio", { name: "Illness or old age" });
  await expect(illness).toHaveAccessibleDescription("Please select any one option");
  await illness.check();
  await expect(illness).not.toHaveAccessibleDescription("Please select any one option");
  await direct.getByLabel("Amount ($)").fill("1000000");
  await direct.getByRole("button", { name: "Use this amount" }).click();
  await expect(direct.getByLabel("Amount ($)")).toHaveAccessibleDescription(
    /The most fidyah that can be paid for one reason is \$999,999\.00/,
  );
  await direct.getByLabel("Amount ($)").fill("120");
  await direct.getByRole("button", { name: "Use this amount" }).click();
  await expect(page.getByTestId("fidyah-direct-shown")).toHaveText(
    "Amount entered directly: $120.00",
  );
  await expect(page.getByTestId("illness-total")).toHaveText("$120.00");
  // Days in another reason add to it.
  await page
    .getByRole("group", { name: "Pregnancy or breastfeeding" })
    .getByLabel("Days missed")
    .fill("2");
  await expect(page.getByTestId("total")).toHaveText("$128.00");
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, "fidyah-direct-en");
  // It survives a reload (the tab keeps the entries).
  await open(page, "/fidyah");
  await expect(page.getByTestId("total")).toHaveText("$128.00");

  await page.getByRole("link", { name: "Pay fidyah now" }).click();
  await expect(page).toHaveURL(/\/checkout\?flow=FIDYAH$/);
  await hydrated(page);
  await page.getByTestId("donor-name").fill("Zainab binte Osman");
  await page.getByTestId("donor-email").fill("zainab.direct@example.sg");
  const receipt = await payAndOpenReceipt(page);
  await expect(receipt).toContainText("$128.00");
  await expect(receipt).toContainText("Amount stated: $120.00");
  await expect(receipt).toContainText("Reason: Pregnancy or breastfeeding, Illness or old age");
});

/**
 * Checkout reached with an own fitrah rate outside the range: the donor paid at a rate within it,
 * went Back to the calculator, typed one outside it (the calculator withholds Pay) and came Forward.
 */
const checkoutWithRateOutside = async (page: Page, lang: "en" | "ms") => {
  const prefix = lang === "ms" ? "/ms" : "";
  await open(page, `${prefix}/calculator`);
  const own = page.getByRole("group", {
    name: lang === "ms" ? "Kadar pilihan anda" : "Your own rate",
  });
  const rate = own.getByRole("textbox", {
    name: lang === "ms" ? "Kadar seorang ($)" : "Rate per person ($)",
  });
  await own
    .getByRole("textbox", { name: lang === "ms" ? "Bilangan orang" : "Number of persons" })
    .fill("2");
  await rate.fill("6.50");
  await page.getByRole("link", { name: lang === "ms" ? /bayar/i : "Pay zakat" }).click();
  await expect(page).toHaveURL(/\/checkout\?flow=zakat$/i);
  await hydrated(page);
  await expect(page.getByTestId("checkout-total")).toHaveText("$13.00");
  await page.getByTestId("donor-name").fill("Salmah binte Yusof");
  await page.getByTestId("donor-email").fill(`salmah.${lang}@example.sg`);
  await page.getByTestId("donor-mobile").fill("91234567");
  await page.goBack();
  await hydrated(page);
  await expect(rate).toHaveValue("6.50");
  await rate.fill(lang === "ms" ? "4" : "12");
  await expect(
    page.getByRole("link", { name: lang === "ms" ? /bayar/i : "Pay zakat" }),
  ).toHaveCount(0);
  await page.goForward();
  await expect(page).toHaveURL(/\/checkout\?flow=zakat$/i);
  await hydrated(page);
};

test("an own fitrah rate outside the range: checkout names it, the refusal keeps every entry, the calculator mends it", async ({
  page,
}, testInfo) => {
  // Two checkouts, a refusal and a payment: longer than the other journeys here.
  test.setTimeout(180_000);
  await checkoutWithRateOutside(page, "en");
  const said =
    "Your own fitrah rate of $12.00 a person is outside the range of $5.00 to $8.00. Change it on the calculator: your entries there and here are kept.";
  await expect(page.getByTestId("fitrah-rate-notice")).toContainText(said);
  // Coming back kept what was typed here.
  await expect(page.getByTestId("donor-name")).toHaveValue("Salmah binte Yusof");
  await expect(page.getByTestId("donor-email")).toHaveValue("salmah.en@example.sg");
  await fillCard(page);
  // Paying anyway: the server refuses; the page says what to change and where, not "try again".
  const refused = page.waitForResponse((response) => response.url().endsWith("/donations/create"));
  await page.getByTestId("checkout-pay").click();
  expect((await refused).status()).toBe(422);
  const problem = page.getByTestId("checkout-problem");
  await expect(problem).toHaveText(`${said} Change the rate on the calculator`);
  await expect(problem).not.toContainText(/try again|\.\./);
  await expect(problem).toBeFocused();
  // Said once: the alert now, not the order summary's notice as well.
  await expect(page.getByTestId("fitrah-rate-notice")).toHaveCount(0);
  await expect(page.getByText(said)).toHaveCount(1);
  // Every entry stays, the card's too.
  await expect(page.getByTestId("donor-name")).toHaveValue("Salmah binte Yusof");
  await expect(page.getByTestId("donor-mobile")).toHaveValue("9123 4567");
  await expect(page.getByTestId("card-number")).toHaveValue("4242 4242 4242 4242");
  await expect(page.getByTestId("card-cvc")).toHaveValue("123");
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, "checkout-fitrah-refused");

  // The link leads to the calculator, the rate still there and marked; mended, Pay comes back.
  await problem.getByRole("link", { name: "Change the rate on the calculator" }).click();
  await expect(page).toHaveURL(/\/calculator$/);
  await hydrated(page);
  const rate = page
    .getByRole("group", { name: "Your own rate" })
    .getByRole("textbox", { name: "Rate per person ($)" });
  await expect(rate).toHaveValue("12.00");
  await expect(rate).toHaveAttribute("aria-invalid", "true");
  await rate.fill("7");
  await page.getByRole("link", { name: "Pay zakat" }).click();
  await hydrated(page);
  await expect(page.getByTestId("checkout-total")).toHaveText("$14.00");
  await expect(page.getByTestId("fitrah-rate-notice")).toHaveCount(0);
  await expect(page.getByTestId("donor-email")).toHaveValue("salmah.en@example.sg");
  const receipt = await payAndOpenReceipt(page);
  await expect(receipt).toContainText("Salmah binte Yusof");
  await expect(receipt).toContainText("$14.00");
});

test("the own fitrah rate's refusal in Malay", async ({ page }, testInfo) => {
  await checkoutWithRateOutside(page, "ms");
  const said =
    "Kadar fitrah pilihan anda, $4.00 seorang, di luar julat $5.00 hingga $8.00. Tukarkannya di kalkulator: butiran anda di sana dan di sini disimpan.";
  await expect(page.getByTestId("fitrah-rate-notice")).toContainText(said);
  await expect(page.getByTestId("donor-email")).toHaveValue("salmah.ms@example.sg");
  await fillCard(page);
  await page.getByTestId("checkout-pay").click();
  const problem = page.getByTestId("checkout-problem");
  await expect(problem).toHaveText(`${said} Tukar kadar di kalkulator`);
  await expect(page.getByTestId("fitrah-rate-notice")).toHaveCount(0);
  await expect(problem.getByRole("link")).toHaveAttribute("href", "/ms/calculator");
  await expect(page.getByTestId("card-number")).toHaveValue("4242 4242 4242 4242");
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, "checkout-fitrah-refused-ms");
});
