import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, hydrated, keepScreenshot, open } from "./helpers";
import { accountThroughApi, ownAddress, PASSWORD } from "./identity";
import { nricOf as nric } from "../support/donations";

test.use(ownAddress("after-login"));

// Where a donor goes after signing in (spec §4 "After login succeeds"), with real accounts at the
// embedded provider and what the pages themselves keep in the tab: mid-enrolment on the enrolment
// forms, a passed transaction, checkout's filled name and e-mail, otherwise the flow's home.

const dialog = (page: Page) => page.getByRole("dialog");

/** A confirmed, registered donor at the embedded provider. */
const registeredDonor = async (page: Page, email: string, digits: string) => {
  const { call, code } = await accountThroughApi(page, email, nric(digits), "Hajar Salim");
  expect((await call("ConfirmSignUp", { Username: email, ConfirmationCode: code })).status()).toBe(
    200,
  );
};

/**
 * Signs in through the header's popup and waits for the page the rules choose to have loaded (a reload
 * is a load of the same address). Answers the address it ended on.
 */
const signIn = async (page: Page, email: string, signInLabel = "Sign in") => {
  // A mark on this document: gone once the page reloads or moves on.
  await page.evaluate(() => ((window as { beforeSignIn?: boolean }).beforeSignIn = true));
  await page.getByRole("button", { name: signInLabel }).first().click();
  await dialog(page).locator("input[type=email]").fill(email);
  await dialog(page).locator("input[type=password]").fill(PASSWORD);
  await dialog(page).locator("input[type=password]").press("Enter");
  await page.waitForFunction(() => !(window as { beforeSignIn?: boolean }).beforeSignIn, null, {
    timeout: 15_000,
  });
  await page.waitForLoadState();
  await hydrated(page);
  await expect(page.getByRole("link", { name: "Hajar Salim" })).toBeVisible();
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

const tabFlag = (page: Page, key: string) =>
  page.evaluate((name) => sessionStorage.getItem(name), key);

test("signing in mid-enrolment reloads the enrolment form, which keeps the flow it was reached from", async ({
  page,
}) => {
  await registeredDonor(page, "after.enrol@example.sg", "9400011");
  await open(page, "/fidyah/enrollment");
  await page.getByRole("link", { name: "Enrol manually" }).click();
  await page.waitForURL((url) => url.pathname === "/enrollment/enroll-individual");
  await hydrated(page);
  expect(await tabFlag(page, "portal.enrolmentInProgress")).toBe("true");
  expect(await tabFlag(page, "portal.flow")).toBe("FIDYAH");
  await page.getByLabel("Full name *").fill("Hajar binte Salim");

  expect(await signIn(page, "after.enrol@example.sg")).toBe("/enrollment/enroll-individual");
  await expect(page.getByLabel("Full name *")).toBeVisible();
  expect(await tabFlag(page, "portal.flow")).toBe("FIDYAH");

  // Not on an enrolment form any more: the mark is gone with the page.
  await open(page, "/fidyah");
  expect(await tabFlag(page, "portal.enrolmentInProgress")).toBeNull();
});

test("signing in on checkout with a name and e-mail typed reloads it, with the donor's details filled", async ({
  page,
}, testInfo) => {
  await registeredDonor(page, "after.checkout@example.sg", "9400022");
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
  await page.getByTestId("donor-name").fill("Hajar binte Salim");
  expect(await tabFlag(page, "portal.donorDetailsFilled")).toBeNull();
  await page.getByTestId("donor-email").fill("hajar@example.sg");
  expect(await tabFlag(page, "portal.donorDetailsFilled")).toBe("true");

  expect(await signIn(page, "after.checkout@example.sg")).toBe("/checkout?flow=FIDYAH");
  await expect(page.getByTestId("checkout-total")).toHaveText("$28.00");
  // The reload keeps no typed entries (nothing personal is stored in the tab): the signed-in donor's
  // account fills them, and they may still be changed for this gift.
  await expect(page.getByTestId("donor-name")).toHaveValue("Hajar Salim");
  await expect(page.getByTestId("donor-email")).toHaveValue("after.checkout@example.sg");
  await expect(page.getByTestId("donor-prefilled")).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "after-login-checkout-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  await keepScreenshot(page, testInfo, "after-login-checkout-375");
});

test("signing in on checkout with nothing typed goes to the home of checkout's flow, in its language", async ({
  page,
}) => {
  await registeredDonor(page, "after.home@example.sg", "9400033");
  await open(page, "/ms/checkout?flow=KAFFARAH");
  expect(await signIn(page, "after.home@example.sg", "Log masuk")).toBe("/ms/kaffarah");
});

test("signing in after a passed transaction goes to the flow's root, which starts afresh", async ({
  page,
}) => {
  await registeredDonor(page, "after.paid@example.sg", "9400044");
  await open(page, "/kaffarah");
  await page.getByRole("radio", { name: /^Nazar/ }).check();
  await page.getByTestId("kaffarah-quantity").fill("1");
  await page
    .getByRole("link", { name: /pay|checkout/i })
    .first()
    .click();
  await page.waitForURL(/\/checkout\?flow=KAFFARAH$/);
  await hydrated(page);
  await page.getByTestId("donor-name").fill("Hajar binte Salim");
  await page.getByTestId("donor-email").fill("after.paid@example.sg");
  await page.getByTestId("card-number").fill("4242 4242 4242 4242");
  await page.getByTestId("card-month").selectOption("12");
  await page.getByTestId("card-year").selectOption(String(new Date().getFullYear() + 2));
  await page.getByTestId("card-cvc").fill("123");
  await page.getByTestId("checkout-pay").click();
  await expect(page.getByTestId("checkout-done")).toBeVisible({ timeout: 15_000 });
  // The transaction state's own mark is what the sign-in reads; the form's fields are gone.
  expect(
    await page.evaluate(
      () => JSON.parse(sessionStorage.getItem("portal.sessionUser") ?? "{}").transactionPassed,
    ),
  ).toBe(true);
  expect(await tabFlag(page, "portal.donorDetailsFilled")).toBeNull();

  expect(await signIn(page, "after.paid@example.sg")).toBe("/kaffarah");
  await expect(page.getByTestId("total")).toHaveText("$0.00");
});
