import { expect, type Page } from "@playwright/test";
import { open } from "./helpers";
import { accountThroughApi, PASSWORD } from "./identity";

/**
 * A confirmed account made through the provider's API, then signed in through the popup on /profile
 * (`profile`: the wakaf host's, to sign in there).
 */
export const signedInDonor = async (
  page: Page,
  email: string,
  nric: string,
  name: string,
  profile = "/profile",
) => {
  await open(page, profile);
  const { call, code } = await accountThroughApi(page, email, nric, name);
  await call("ConfirmSignUp", { Username: email, ConfirmationCode: code });
  await expect(page.getByRole("heading", { name: "Sign in to see your account" })).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  // The account page stays where it is after a sign-in (it reloads). The sign-in's SRP exchange and
  // the reload take longer than the default 5 s on a loaded machine.
  await expect(page.getByTestId("account-name")).toHaveText(name, { timeout: 30_000 });
};

/** The donor's ID token, as Amplify keeps it in this tab. */
export const idToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.endsWith(".idToken"));
    return key ? (sessionStorage.getItem(key) ?? "") : "";
  });

/**
 * A paid donation of the signed-in donor through the payment API, as checkout makes one for a signed-in
 * donor (the journey through checkout itself is checkout-signed-in.spec.ts); quicker for several gifts.
 */
export const give = async (
  page: Page,
  flow: string,
  items: object,
  totalCents: number,
  frequency = "one time",
  saveCard = frequency !== "one time",
) => {
  const headers = { authorization: `Bearer ${await idToken(page)}` };
  // Priced on the rates in force: a journey before this one in the shard may have published new ones.
  const config = await page.request.post("/svc/main/v1/Home/homePageConfiguration?charityId=25", {
    data: {},
  });
  const { version } = ((await config.json()) as { data: { version: number } }).data;
  const created = await page.request.post("/svc/payment/v1/donations/create", {
    headers: { ...headers, "idempotency-key": crypto.randomUUID() },
    data: { flow, items, totalCents, ratesVersion: version, frequency },
  });
  expect(created.status(), await created.text()).toBe(200);
  const donation = (
    (await created.json()) as { data: { id: string; clientSecret: string; transactionNo: string } }
  ).data;
  const card = (await (
    await page.request.post("/sandbox/v1/payment_methods", {
      data: { number: "4242424242424242", expMonth: 12, expYear: 2096, cvc: "123" },
    })
  ).json()) as { id: string };
  const confirmed = await page.request.post("/svc/payment/v1/donations/confirm", {
    headers,
    data: {
      donationId: donation.id,
      clientSecret: donation.clientSecret,
      paymentMethodId: card.id,
      saveCard,
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return donation.transactionNo;
};
