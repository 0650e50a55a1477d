import { expect, test, type Page } from "@playwright/test";
import { hydrated, open } from "./helpers";
import { accountThroughApi, ownAddress, signInInDialog } from "./identity";
import { nricOf as nric } from "../support/donations";

test.use(ownAddress("sign-out"));

// Issue 22 item 5: the lifecycle's sign-out (session expiry, a stale transaction) really signs the donor
// out: the tokens are revoked, so the ID token the tab held is refused by the portal afterwards, and
// every payment challenge frame is gone by the time the sign-out is announced.

const MINUTE = 60_000;

/** A confirmed account, signed in through the header's popup on the fidyah page; its ID token. */
const signedIn = async (page: Page, email: string, id: string) => {
  const { call, code } = await accountThroughApi(page, email, id, "Aminah Yusof");
  expect((await call("ConfirmSignUp", { Username: email, ConfirmationCode: code })).status()).toBe(
    200,
  );
  await open(page, "/fidyah");
  await page.getByRole("button", { name: "Sign in" }).first().click();
  await signInInDialog(page, email);
  await expect(page.getByRole("link", { name: "Aminah Yusof" })).toBeVisible();
  const token = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.endsWith(".idToken"));
    return key ? sessionStorage.getItem(key) : null;
  });
  expect(token).toBeTruthy();
  expect((await details(page, token ?? "")).status()).toBe(200);
  return token ?? "";
};

const details = (page: Page, token: string) =>
  page.request.post("/svc/main/User/getSignInUserDetails", {
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    data: "{}",
  });

test("session expiry during a bank challenge: the challenge frame is removed and the old ID token gets 401", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // What is on the page when the sign-out is announced (window.name survives the navigation).
  await page.addInitScript(() =>
    document.addEventListener("portal:sign-out", () => {
      window.name = `frames:${document.querySelectorAll("iframe").length}`;
    }),
  );
  await page.clock.install();
  const token = await signedIn(page, "expiry.signout@example.sg", nric("9700001"));

  const haid = page.getByRole("group", { name: "Menstruation and other reasons" });
  await haid.getByRole("group", { name: "Year 1" }).getByLabel("Days missed").fill("7");
  await open(page, "/checkout?flow=FIDYAH");
  await expect(page.getByTestId("donor-email")).toHaveValue("expiry.signout@example.sg");
  await page.getByTestId("donor-mobile").fill("97000011");
  await page.getByTestId("card-number").fill("4000 0027 6000 3184");
  await page.getByTestId("card-month").selectOption("12");
  await page.getByTestId("card-year").selectOption(String(new Date().getFullYear() + 2));
  await page.getByTestId("card-cvc").fill("123");
  await page.getByTestId("checkout-pay").click();
  await expect(page.getByRole("dialog", { name: "Verify with your bank" })).toBeVisible();
  await expect(page.locator("iframe")).toHaveCount(1);

  await page.clock.fastForward(31 * MINUTE);
  await page.waitForURL(/\/fidyah\/session-expire$/);
  expect(await page.evaluate(() => window.name)).toBe("frames:0");
  const refused = await details(page, token);
  expect(refused.status()).toBe(401);
});

test("a stale transaction signs the donor out: the old ID token gets 401", async ({ page }) => {
  test.setTimeout(90_000);
  const token = await signedIn(page, "stale.signout@example.sg", nric("9700002"));
  await page.evaluate(
    (then) =>
      sessionStorage.setItem(
        "portal.sessionUser",
        JSON.stringify({
          trxCreationTime: then,
          redirectToOxiPay: false,
          transactionPassed: false,
        }),
      ),
    Date.now() - 31 * MINUTE,
  );
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Sign in" }).first()).toBeVisible();
  await expect.poll(async () => (await details(page, token)).status()).toBe(401);
});
