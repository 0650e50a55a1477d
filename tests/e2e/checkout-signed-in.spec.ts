import { expect, test, type Page } from "@playwright/test";
import {
  callsTo,
  paymentCalls,
  expectNoAxeViolations,
  expectNoOverflow,
  hydrated,
  keepScreenshot,
  lookAtBothWidths,
  onWakafHost,
  open,
} from "./helpers";
import { signedInDonor } from "./donor-account";
import { accountThroughApi, lastCode, ownAddress, PASSWORD, signInInDialog } from "./identity";
import { nricOf as nric } from "../support/donations";

test.use(ownAddress("checkout-signed-in"));

// Checkout for a donor signed in through the site's own sign-in (issues #5, #7, #9): their details are
// prefilled, every payment call carries their ID token so the gift is theirs (their giving history,
// their receipts), a new card may be kept and a kept card pays again. A guest's checkout in the same
// run still sends no sign-in at all.

const dialog = (page: Page) => page.getByRole("dialog");
const nextYear2 = String(new Date().getFullYear() + 2);

/** Sign up and confirm through the header's popup (the code from the outbox), then sign in. */
const signUpThroughPopup = async (
  page: Page,
  donor: { email: string; name: string; nric: string; mobile: string },
) => {
  await page.getByRole("button", { name: "Sign in" }).first().click();
  await dialog(page).getByRole("button", { name: "Sign up" }).click();
  await dialog(page).getByLabel("Full name (as in NRIC)").fill(donor.name);
  await dialog(page).getByLabel("NRIC/FIN").fill(donor.nric);
  await dialog(page).getByLabel("Email").fill(donor.email);
  await dialog(page).getByLabel("Mobile number").fill(donor.mobile);
  await dialog(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog(page).getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
  await dialog(page).getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(dialog(page).getByRole("heading", { name: "Verify your email" })).toBeVisible();
  await dialog(page)
    .getByLabel("Verification code")
    .fill(await lastCode(donor.email, "signup-code"));
  await dialog(page).getByRole("button", { name: "Verify" }).click();
  await expect(dialog(page).getByRole("status")).toHaveText(
    "Your account is ready. Please sign in.",
  );
  await signInInDialog(page, donor.email);
};

const fillCard = async (page: Page, number: string) => {
  await page.getByTestId("card-number").fill(number);
  await page.getByTestId("card-month").selectOption("12");
  await page.getByTestId("card-year").selectOption(nextYear2);
  await page.getByTestId("card-cvc").fill("123");
};

/** Seven days of fidyah from its page, on to checkout ($28.00). */
const fidyahToCheckout = async (page: Page) => {
  await open(page, "/fidyah");
  const haid = page.getByRole("group", { name: "Menstruation and other reasons" });
  await haid.getByRole("group", { name: "Year 1" }).getByLabel("Days missed").fill("7");
  await page
    .getByRole("link", { name: /pay|checkout/i })
    .first()
    .click();
  await page.waitForURL(/\/checkout\?flow=FIDYAH$/);
  await hydrated(page);
  await expect(page.getByTestId("checkout-total")).toHaveText("$28.00");
};

const paid = async (page: Page) => {
  await expect(page.getByTestId("checkout-done")).toBeVisible({ timeout: 15_000 });
  return {
    receiptNo: (await page.getByTestId("receipt-no").textContent()) ?? "",
    transactionNo: (await page.getByTestId("transaction-no").textContent()) ?? "",
  };
};

const history = (page: Page) => page.getByTestId("history-table");

test("a donor signed up through the site pays through checkout: prefilled, theirs in the history, card kept and used again", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const donor = {
    email: "khadijah.checkout@example.sg",
    name: "Khadijah Rahman",
    nric: nric("9600001"),
    // Unique among the accounts the other journeys make on this server.
    mobile: "96000011",
  };
  await open(page, "/fidyah");
  await signUpThroughPopup(page, donor);
  await expect(page.getByRole("link", { name: donor.name })).toBeVisible();

  await fidyahToCheckout(page);
  // The account's details fill the donor fields; they can still be changed for this gift.
  await expect(page.getByTestId("donor-name")).toHaveValue(donor.name);
  await expect(page.getByTestId("donor-email")).toHaveValue(donor.email);
  await expect(page.getByTestId("donor-mobile")).toHaveValue(donor.mobile);
  await expect(page.getByRole("combobox", { name: "Country code" })).toHaveValue("SG");
  await expect(page.getByTestId("donor-prefilled")).toHaveText(
    "Filled in from your account. Changes here are for this gift only.",
  );
  // No card kept yet: a new card, which the donor may keep.
  await expect(page.getByTestId("saved-card-new")).toHaveCount(0);
  const keep = page.getByRole("checkbox", { name: "Keep this card in my account for later gifts" });
  await expect(keep).not.toBeChecked();
  await expectNoAxeViolations(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    await keepScreenshot(page, testInfo, `checkout-signed-in-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await keep.check();
  await fillCard(page, "4242 4242 4242 4242");
  const calls = paymentCalls(page);
  await page.getByTestId("checkout-pay").click();
  const gift = await paid(page);
  // Every call about the donation was the donor's own.
  const [create] = callsTo(calls, "create");
  const [confirm] = callsTo(calls, "confirm");
  expect(create?.headers()["authorization"]).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  expect(create?.postDataJSON()).toMatchObject({
    donor: { name: donor.name, email: donor.email, countryCode: "+65", mobile: donor.mobile },
  });
  expect(confirm?.headers()["authorization"]).toBe(create?.headers()["authorization"]);
  expect(confirm?.postDataJSON()).toMatchObject({ saveCard: true });

  // The account area: exactly this gift in the history, its receipt opens, the card is kept.
  await page.getByRole("link", { name: donor.name }).click();
  await page.waitForURL(/\/fidyah\/profile$|\/profile$/);
  await expect(history(page).locator("tbody tr")).toHaveCount(1);
  const row = history(page).locator(`tr[data-transaction="${gift.transactionNo}"]`);
  await expect(row).toContainText("$28.00");
  await expect(page.locator("[data-card='4242']")).toContainText(`(expires 12/${nextYear2})`);
  await row.getByRole("link", { name: new RegExp(gift.receiptNo) }).click();
  await expect(page.locator("article.receipt-sheet[data-receipt-no]")).toContainText(
    gift.receiptNo,
  );

  // On the wakaf site (its own sign-in, as a browser keeps it per site): a monthly gift with the kept card.
  await page.goto(onWakafHost(baseURL, "/wakaf-ilmu"));
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in" }).first().click();
  await signInInDialog(page, donor.email);
  await expect(page.getByRole("link", { name: donor.name })).toBeVisible();
  await hydrated(page);
  await page.getByTestId("wakaf-amount").fill("50");
  await page.getByTestId("wakaf-give").click();
  await page.waitForURL(/\/checkout\?flow=ILMU$/);
  await hydrated(page);
  await expect(page.getByTestId("donor-email")).toHaveValue(donor.email);
  const saved = page.getByRole("radio", { name: `Visa ending 4242 (expires 12/${nextYear2})` });
  await expect(saved).toBeChecked();
  await page.getByTestId("frequency-monthly").check();
  // Paying with the kept card: no card fields, nothing to keep.
  await expect(page.getByTestId("card-number")).toHaveCount(0);
  await expect(page.getByTestId("save-card")).toHaveCount(0);
  // A new card for a recurring gift says what keeping it adds.
  await page.getByRole("radio", { name: "A new card" }).check();
  await expect(page.getByTestId("save-card")).toHaveAccessibleDescription(
    /Your recurring gift is charged to this card either way/,
  );
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    await keepScreenshot(page, testInfo, `checkout-saved-card-${width}`);
  }
  await saved.check();
  // The donor clears the mobile filled in from the account: this gift's receipt carries none, not
  // the account's kept silently.
  await page.getByTestId("donor-mobile").fill("");
  const wakafCalls = paymentCalls(page);
  await page.getByTestId("checkout-pay").click();
  const monthly = await paid(page);
  expect(callsTo(wakafCalls, "create")[0]?.postDataJSON()).toMatchObject({
    donor: { email: donor.email, mobile: "" },
  });
  expect(monthly.receiptNo).toMatch(/^WK-/);
  const [wakafConfirm] = callsTo(wakafCalls, "confirm");
  expect(wakafConfirm?.headers()["authorization"]).toMatch(/^Bearer /);
  // The saved card's own id (getUserStripeToken's), never a card number or the gateway's token.
  expect(wakafConfirm?.postDataJSON()).toMatchObject({
    paymentMethodId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f-]{27}$/),
  });
  await expect(page.getByText("Paid with Visa ending 4242")).toBeVisible();
  await page.getByTestId("receipt-link").click();
  const monthlyReceipt = page.locator("article.receipt-sheet[data-receipt-no]");
  await expect(monthlyReceipt).toContainText(monthly.receiptNo);
  await expect(monthlyReceipt).toContainText(donor.email);
  await expect(monthlyReceipt).not.toContainText("9600 0011");
  await expect(monthlyReceipt).not.toContainText("96000011");

  // Both gifts are the donor's, and the monthly one is their plan.
  await open(page, onWakafHost(baseURL, "/wakaf-ilmu/profile"));
  await expect(history(page).locator("tbody tr")).toHaveCount(2);
  await expect(
    history(page).locator(`tr[data-transaction="${monthly.transactionNo}"]`),
  ).toContainText("$50.00");
  await expect(page.locator(`[data-plan="${monthly.transactionNo}"]`)).toBeVisible();
});

test("a guest's checkout sends no sign-in and offers nothing of an account", async ({ page }) => {
  await fidyahToCheckout(page);
  await expect(page.getByTestId("donor-name")).toHaveValue("");
  await expect(page.getByTestId("donor-prefilled")).toHaveCount(0);
  await expect(page.getByTestId("save-card")).toHaveCount(0);
  await expect(page.getByTestId("saved-card-new")).toHaveCount(0);
  // The accounts bundle is never loaded for a guest.
  expect(await page.evaluate(() => "portalAccount" in window)).toBe(false);
  await page.getByTestId("donor-name").fill("Guest Giver");
  await page.getByTestId("donor-email").fill("guest.checkout.h12@example.sg");
  await fillCard(page, "4242 4242 4242 4242");
  const calls = paymentCalls(page);
  await page.getByTestId("checkout-pay").click();
  await paid(page);
  expect(calls.length).toBeGreaterThanOrEqual(2);
  for (const call of calls) expect(call.headers()["authorization"]).toBeUndefined();
  expect(callsTo(calls, "confirm")[0]?.postDataJSON()).not.toHaveProperty("saveCard");
});

test("signing in on checkout after a guest's attempt pays a new donation, the donor's own", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = "yahya.checkout@example.sg";
  const { call, code } = await accountThroughApi(page, email, nric("9600002"), "Yahya Osman");
  expect((await call("ConfirmSignUp", { Username: email, ConfirmationCode: code })).status()).toBe(
    200,
  );
  await fidyahToCheckout(page);
  // As a guest: a declined card leaves the guest's donation waiting in this tab.
  await page.getByTestId("donor-name").fill("Yahya Osman");
  await page.getByTestId("donor-email").fill("someone.else@example.sg");
  await fillCard(page, "4000 0000 0000 0002");
  const guestCalls = paymentCalls(page);
  await page.getByTestId("checkout-pay").click();
  await expect(page.getByTestId("checkout-problem")).toContainText("declined");
  const guestCreate = callsTo(guestCalls, "create")[0];
  expect(guestCreate?.headers()["authorization"]).toBeUndefined();
  expect(await page.evaluate(() => sessionStorage.getItem("portal.checkout"))).toContain('"guest"');

  // Signing in with a name and e-mail typed reloads checkout (§4); the account fills what is empty.
  await page.getByRole("button", { name: "Sign in" }).first().click();
  await signInInDialog(page, email);
  await expect(page.getByRole("link", { name: "Yahya Osman" })).toBeVisible();
  await hydrated(page);
  await expect(page.getByTestId("donor-email")).toHaveValue(email);
  await expect(page.getByTestId("donor-name")).toHaveValue("Yahya Osman");

  const calls = paymentCalls(page);
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByTestId("checkout-pay").click();
  const gift = await paid(page);
  // Not the guest's donation paid: a new one, made and paid with the donor's token.
  const [create] = callsTo(calls, "create");
  expect(create?.headers()["authorization"]).toMatch(/^Bearer /);
  expect(create?.headers()["idempotency-key"]).not.toBe(guestCreate?.headers()["idempotency-key"]);
  for (const made of calls) expect(made.headers()["authorization"]).toMatch(/^Bearer /);

  await open(page, "/fidyah/profile");
  await expect(history(page).locator("tbody tr")).toHaveCount(1);
  await expect(history(page).locator(`tr[data-transaction="${gift.transactionNo}"]`)).toBeVisible();
});

test("a donor keeps a household of four in the account and pays their fitrah in one payment, each named on the receipt", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await signedInDonor(page, "zainab.household@example.sg", nric("9600021"), "Zainab binte Omar");
  const section = page.locator("#account-household");
  await expect(section.getByRole("heading", { name: "My household" })).toBeVisible();
  await expect(section.getByText("No one kept yet.")).toBeVisible();
  const name = section.getByLabel("Name (as on the receipt)");
  const relation = section.getByLabel("Relation");
  // A name the receipt cannot print is refused beside the field, the entry kept.
  await name.fill("Irfan 2");
  await relation.selectOption("child");
  await section.getByRole("button", { name: "Add to my household" }).click();
  await expect(section.getByText(/Enter the person's name as it should appear/)).toBeVisible();
  await expect(name).toHaveValue("Irfan 2");
  await expect(name).toBeFocused();
  const people = [
    ["Zainab binte Omar", "self"],
    ["Haji Rahman bin Yusof", "spouse"],
    ["Nur Aisyah", "child"],
    ["Muhammad Irfn", "child"],
  ] as const;
  for (const [person, related] of people) {
    await name.fill(person);
    await relation.selectOption(related);
    await section.getByRole("button", { name: "Add to my household" }).click();
    await expect(section.getByRole("status")).toHaveText(`${person} added to your household.`);
  }
  // A typo mended: the person is changed, not added again.
  await section.getByRole("button", { name: "Edit Muhammad Irfn" }).click();
  await name.fill("Muhammad Irfan");
  await section.getByRole("button", { name: "Save changes" }).click();
  await expect(section.getByRole("status")).toHaveText("Muhammad Irfan updated.");
  await expect(section.getByTestId("household-members").locator("li")).toHaveText([
    /Zainab binte Omar\s*myself/,
    /Haji Rahman bin Yusof\s*spouse/,
    /Nur Aisyah\s*child/,
    /Muhammad Irfan\s*child/,
  ]);
  await expect(section.getByTestId("household-count")).toHaveText("4 of 30 people kept.");
  await section.scrollIntoViewIfNeeded();
  await lookAtBothWidths(page, testInfo, "account-household-en");

  // In Malay, on a phone: the same people, then zakat paid for them from the calculator.
  await open(page, "/ms/profile");
  const malay = page.locator("#account-household");
  await expect(malay.getByRole("heading", { name: "Isi rumah saya" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(malay.getByTestId("household-count")).toHaveText("4 daripada 30 orang disimpan.");
  await expect(malay.getByTestId("household-members").getByText("suami atau isteri")).toBeVisible();
  await malay.scrollIntoViewIfNeeded();
  await lookAtBothWidths(page, testInfo, "account-household-ms");

  await page.setViewportSize({ width: 375, height: 800 });
  await open(page, "/ms/calculator");
  const savings = page.getByRole("group", { name: /Simpanan/ });
  await savings.getByRole("group").first().getByRole("textbox").first().fill("11500");
  await page.getByRole("link", { name: /bayar/i }).first().click();
  await expect(page).toHaveURL(/\/ms\/checkout\?flow=zakat$/i);
  await hydrated(page);
  await expect(page.getByTestId("checkout-total")).toHaveText("$287.50");
  await page.getByTestId("household-toggle").check();
  const chooser = page.getByRole("group", {
    name: "Daripada isi rumah saya (disimpan dalam akaun saya)",
  });
  for (const [person] of people.slice(0, 3)) {
    await chooser.getByRole("checkbox", { name: new RegExp(`^${person}`) }).check();
  }
  await chooser.getByRole("checkbox", { name: "Muhammad Irfan (anak)" }).check();
  await chooser.getByRole("button", { name: "Tambah orang yang ditanda" }).click();
  const named = page.locator(".household-person");
  await expect(named).toHaveCount(4);
  for (const [index, [person]] of people.entries()) {
    await expect(named.nth(index).getByLabel("Nama (seperti pada resit)")).toHaveValue(
      index === 3 ? "Muhammad Irfan" : person,
    );
    await expect(named.nth(index).getByLabel("Zakat fitrah")).toHaveValue("normal");
  }
  // One at the higher rate: the donor may still change each person; a kept name is not typed over.
  await named.nth(1).getByLabel("Zakat fitrah").selectOption("premium");
  await expect(page.getByTestId("checkout-total")).toHaveText("$310.50");
  await expect(named.nth(1).getByLabel("Nama (seperti pada resit)")).not.toBeEditable();
  // Zakat harta for the spouse, beside the donor's own from the calculator: one payment.
  await named.nth(1).getByLabel("Zakat harta ($)").fill("120.50");
  await expect(page.getByTestId("checkout-total")).toHaveText("$431.00");
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoOverflow(page);
  await keepScreenshot(page, testInfo, "checkout-household-saved-ms-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoOverflow(page);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "checkout-household-saved-ms-375");
  await fillCard(page, "4242 4242 4242 4242");
  const calls = paymentCalls(page);
  await page.getByTestId("checkout-pay").click();
  await paid(page);
  // The server priced the people again, from their kept ids, rate kinds and amounts alone.
  const kept = { memberId: expect.any(String) };
  expect(callsTo(calls, "create")[0]?.postDataJSON()).toMatchObject({
    items: {
      harta: 28_750,
      household: [
        { ...kept, name: "Zainab binte Omar", fitrah: "normal" },
        { ...kept, name: "Haji Rahman bin Yusof", fitrah: "premium", hartaCents: 12_050 },
        { ...kept, name: "Nur Aisyah", fitrah: "normal" },
        { ...kept, name: "Muhammad Irfan", fitrah: "normal" },
      ],
    },
    totalCents: 43_100,
  });
  await page.getByTestId("receipt-link").click();
  await hydrated(page);
  await expect(page.locator("article.receipt-sheet table.receipt-table tbody tr")).toContainText([
    // The donor's own harta (the calculator's savings) and the spouse's, named.
    /Zakat Harta\s*\$408\.00/,
    /Simpanan\s*\$287\.50/,
    /Untuk Haji Rahman bin Yusof\s*\$120\.50/,
    /Zakat Fitrah\s*\$23\.00/,
    /Untuk Zainab binte Omar · Biasa\s*\$5\.00/,
    /Untuk Haji Rahman bin Yusof · Premium\s*\$8\.00/,
    /Untuk Nur Aisyah · Biasa\s*\$5\.00/,
    /Untuk Muhammad Irfan · Biasa\s*\$5\.00/,
  ]);
  await keepScreenshot(page, testInfo, "receipt-household-saved-ms-375");

  // In English on a wide screen: the same four ticked at the zakat checkout, their fitrah in one payment.
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, "/calculator");
  const english = page.getByRole("group", { name: "Savings" });
  await english.getByRole("group").first().getByRole("textbox").first().fill("11500");
  await page.getByRole("link", { name: /pay/i }).first().click();
  await expect(page).toHaveURL(/\/checkout\?flow=zakat$/i);
  await hydrated(page);
  await page.getByTestId("household-toggle").check();
  const ticked = page.getByRole("group", { name: "From my household (kept in my account)" });
  for (const [person] of people.slice(0, 3)) {
    await ticked.getByRole("checkbox", { name: new RegExp(`^${person}`) }).check();
  }
  await ticked.getByRole("checkbox", { name: "Muhammad Irfan (child)" }).check();
  await ticked.getByRole("button", { name: "Add the people ticked" }).click();
  await expect(page.locator(".household-person")).toHaveCount(4);
  await expect(page.getByTestId("checkout-total")).toHaveText("$307.50");
  await lookAtBothWidths(page, testInfo, "checkout-household-saved-en");
  await page.setViewportSize({ width: 1280, height: 900 });
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByTestId("checkout-pay").click();
  await paid(page);
  await page.getByTestId("receipt-link").click();
  await hydrated(page);
  await expect(page.locator("article.receipt-sheet table.receipt-table tbody tr")).toContainText([
    /Zakat Fitrah\s*\$20\.00/,
    /For Zainab binte Omar · Normal\s*\$5\.00/,
    /For Haji Rahman bin Yusof · Normal\s*\$5\.00/,
    /For Nur Aisyah · Normal\s*\$5\.00/,
    /For Muhammad Irfan · Normal\s*\$5\.00/,
  ]);
  await lookAtBothWidths(page, testInfo, "receipt-household-saved-en");

  // In English, on a wide screen: fidyah for one of them, its own fund and payment (no tax
  // deduction, so never on the zakat receipt or its IRAS record), the days the donor's to give.
  await page.setViewportSize({ width: 1280, height: 900 });
  await fidyahToCheckout(page);
  await expect(
    page.getByRole("heading", { name: "Paying fidyah for your household?" }),
  ).toBeVisible();
  await page.getByTestId("household-toggle").check();
  const fromKept = page.getByRole("group", { name: "From my household (kept in my account)" });
  await fromKept.getByRole("checkbox", { name: "Nur Aisyah (child)" }).check();
  await fromKept.getByRole("button", { name: "Add the people ticked" }).click();
  const aisyah = page.locator(".household-person");
  await expect(aisyah).toHaveCount(1);
  await expect(aisyah.getByLabel("Name (as on the receipt)")).toHaveValue("Nur Aisyah");
  await expect(aisyah.getByLabel("Zakat fitrah")).toHaveCount(0);
  // No days yet: said beside the field, nothing sent.
  await fillCard(page, "4242 4242 4242 4242");
  const fidyahCalls = paymentCalls(page);
  await page.getByTestId("checkout-pay").click();
  await expect(
    aisyah.getByText("Choose fitrah, days of fidyah or an amount of zakat for this person."),
  ).toBeVisible();
  expect(callsTo(fidyahCalls, "create")).toHaveLength(0);
  await aisyah.getByLabel("Days of fidyah (0 to 60)").fill("3");
  await expect(aisyah.getByText(/^Choose fitrah, days of fidyah/)).toBeHidden();
  await expect(page.getByTestId("checkout-total")).toHaveText("$12.00");
  await expectNoOverflow(page);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "checkout-household-fidyah-en-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoOverflow(page);
  await keepScreenshot(page, testInfo, "checkout-household-fidyah-en-375");
  await page.getByTestId("checkout-pay").click();
  await paid(page);
  expect(callsTo(fidyahCalls, "create")[0]?.postDataJSON()).toMatchObject({
    flow: "FIDYAH",
    items: { household: [{ ...kept, name: "Nur Aisyah", fidyahDays: 3 }] },
    totalCents: 1_200,
  });
  await page.getByTestId("receipt-link").click();
  await hydrated(page);
  await expect(page.locator("article.receipt-sheet table.receipt-table tbody tr")).toContainText([
    /For Nur Aisyah · 3 day\(s\)\s*\$12\.00/,
  ]);
  await keepScreenshot(page, testInfo, "receipt-household-fidyah-en-375");
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(page, testInfo, "receipt-household-fidyah-en-1280");
});

test("a donor logs missed fasts, pays the fidyah owed from the log, and sees the days paid", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await signedInDonor(page, "umar.fasts@example.sg", nric("9600031"), "Umar bin Hassan");
  const section = page.locator("#account-fasts");
  await expect(section.getByRole("heading", { name: "Missed fasts" })).toBeVisible();
  await expect(section.getByText("No missed fasts logged.")).toBeVisible();
  const year = section.getByLabel("Hijri year of the Ramadan (for example 1446)");
  const reason = section.getByLabel("Reason");
  const days = section.getByLabel("Days missed (1 to 30)");
  // A Gregorian year is refused beside the field, the entries kept.
  await year.fill("2025");
  await reason.selectOption("illness");
  await days.fill("5");
  await section.getByRole("button", { name: "Log these fasts" }).click();
  await expect(
    section.getByText("Enter the Hijri year of the Ramadan, such as 1446."),
  ).toBeVisible();
  await expect(year).toBeFocused();
  await expect(days).toHaveValue("5");
  await year.fill("1446");
  await section.getByRole("button", { name: "Log these fasts" }).click();
  await expect(section.getByRole("status")).toHaveText("Missed fasts logged.");
  await year.fill("1445");
  await reason.selectOption("old-age");
  await days.fill("3");
  await section.getByRole("button", { name: "Log these fasts" }).click();
  await expect(section.getByTestId("fasts-entries").locator("li")).toHaveCount(2);
  // Three days were two: changed, not logged again.
  await section.getByRole("button", { name: /^Edit 1445 AH/ }).click();
  await days.fill("2");
  await section.getByRole("button", { name: "Save changes" }).click();
  await expect(section.getByRole("status")).toHaveText("Missed fasts updated.");
  await expect(section.getByTestId("fasts-entries").locator("li")).toHaveText([
    /1446 AH · Illness · 5 days\s*Fidyah not paid/,
    /1445 AH · Old age or lasting illness · 2 days\s*Fidyah not paid/,
  ]);
  await expect(section.getByTestId("fasts-owed")).toHaveText(
    "Fidyah owed: 7 days × $4.00 = $28.00",
  );
  await section.scrollIntoViewIfNeeded();
  await lookAtBothWidths(page, testInfo, "account-fasts-en");

  // Paying from the log: the fidyah checkout with the days, priced again by the server.
  await page.setViewportSize({ width: 1280, height: 900 });
  await section.getByRole("button", { name: "Pay $28.00 fidyah" }).click();
  await page.waitForURL(/\/checkout\?flow=FIDYAH$/);
  await hydrated(page);
  await expect(page.getByTestId("checkout-total")).toHaveText("$28.00");
  await fillCard(page, "4242 4242 4242 4242");
  const calls = paymentCalls(page);
  await page.getByTestId("checkout-pay").click();
  const gift = await paid(page);
  expect(callsTo(calls, "create")[0]?.postDataJSON()).toMatchObject({
    flow: "FIDYAH",
    items: { fidyah: { days: 7 } },
    totalCents: 2_800,
  });

  // Back in the account, in Malay: the payment is recorded and the days show as paid.
  await open(page, "/ms/profile");
  const malay = page.locator("#account-fasts");
  await expect(malay.getByRole("status")).toHaveText(
    `Bayaran fidyah anda ${gift.transactionNo} telah direkodkan: hari-hari itu ditanda sudah dibayar.`,
    { timeout: 30_000 },
  );
  await expect(malay.getByTestId("fasts-entries").locator("li")).toHaveText([
    new RegExp(`1446 H · Sakit · 5 hari\\s*Sudah dibayar \\(${gift.transactionNo}\\)`),
    new RegExp(`1445 H · Usia tua atau sakit berpanjangan · 2 hari\\s*Sudah dibayar`),
  ]);
  await expect(malay.getByTestId("fasts-owed")).toHaveText(
    "Tiada fidyah perlu dibayar bagi puasa yang dicatat.",
  );
  await expect(malay.getByRole("button", { name: /^Ubah/ })).toHaveCount(0);
  await malay.scrollIntoViewIfNeeded();
  await lookAtBothWidths(page, testInfo, "account-fasts-ms");

  // In Malay on a phone: two more days logged (travel, 1447), owed and paid from the log.
  await page.setViewportSize({ width: 375, height: 800 });
  await malay.getByLabel("Tahun Hijrah bagi Ramadan itu (contohnya 1446)").fill("1447");
  await malay.getByLabel("Sebab").selectOption("travel");
  await malay.getByLabel("Hari yang ditinggalkan (1 hingga 30)").fill("2");
  await malay.getByRole("button", { name: "Catat puasa ini" }).click();
  await expect(malay.getByRole("status")).toHaveText("Puasa yang ditinggalkan telah dicatat.");
  await expect(malay.getByTestId("fasts-owed")).toHaveText(
    "Fidyah yang perlu dibayar: 2 hari × $4.00 = $8.00",
  );
  await malay.getByRole("button", { name: "Bayar fidyah $8.00" }).click();
  await page.waitForURL(/\/ms\/checkout\?flow=FIDYAH$/);
  await hydrated(page);
  await expect(page.getByTestId("checkout-total")).toHaveText("$8.00");
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByTestId("checkout-pay").click();
  const second = await paid(page);
  await open(page, "/ms/profile");
  await expect(
    page.locator("#account-fasts").getByTestId("fasts-entries").locator("li").first(),
  ).toHaveText(
    new RegExp(`1447 H · Musafir · 2 hari\\s*Sudah dibayar \\(${second.transactionNo}\\)`),
    { timeout: 30_000 },
  );
});
