import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { nricCheckLetter } from "@portal/domain";
import { readOutbox } from "@portal/adapters/mail";
import {
  AT_SEA,
  SIMEI,
  startGoogleGeocodingStandIn,
  type GoogleGeocodingStandIn,
} from "../support/google-geocode";
import { startPortal, type RunningPortal } from "../support/portal";
import { hydrated, lookAtBothWidths } from "./helpers";
import { ownAddress, PASSWORD } from "./identity";

test.use(ownAddress("portal-settings"));

// Two settings of docs/configuration.md as a donor meets them. The shared portal (playwright.config.ts)
// runs with neither; this file starts a second one on E2E_PORT + 1 with PORTAL_SIGN_IN_REQUIRED=true
// and Google's reverse geocoding played by a local stand-in serving recorded answers.

const port = Number(process.env["E2E_PORT"] ?? 4399) + 1;
let portal: RunningPortal;
let google: GoogleGeocodingStandIn;
const at = (where: string) => `http://localhost:${port}${where}`;

// Each journey looks at its screens at two widths, with axe: slower than most on a busy machine.
test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  google = await startGoogleGeocodingStandIn();
  portal = await startPortal(port, undefined, { ...google.env, PORTAL_SIGN_IN_REQUIRED: "true" });
});

test.afterAll(async () => {
  await portal?.stop();
  await google?.stop();
});

const go = async (page: Page, url: string) => {
  await page.goto(url);
  await hydrated(page);
};

/** Seven days of fidyah on the fidyah page ($28.00). */
const sevenDays = (page: Page) =>
  page
    .getByRole("group", { name: "Menstruation and other reasons" })
    .getByLabel("Days missed")
    .first()
    .fill("7");

/** A confirmed account of the second portal's identity provider (its own outbox holds the code). */
const account = async (page: Page, email: string, nric: string) => {
  const config = (await (await page.request.get(at("/auth/config"))).json()) as {
    userPoolClientId: string;
  };
  const call = (target: string, body: object) =>
    page.request.post(at("/cognito-idp"), {
      headers: {
        "content-type": "application/x-amz-json-1.1",
        "x-amz-target": `AWSCognitoIdentityProviderService.${target}`,
      },
      data: JSON.stringify({ ClientId: config.userPoolClientId, ...body }),
    });
  const signedUp = await call("SignUp", {
    Username: email,
    Password: PASSWORD,
    UserAttributes: [{ Name: "name", Value: "Nur Hidayah" }],
    ValidationData: [{ Name: "NRIC", Value: nric }],
  });
  expect(signedUp.status()).toBe(200);
  const mails = await readOutbox(path.join(portal.dataDir, "outbox"), {
    to: email,
    kind: "signup-code",
  });
  const code = mails.at(-1)?.meta?.["code"] ?? "";
  expect((await call("ConfirmSignUp", { Username: email, ConfirmationCode: code })).status()).toBe(
    200,
  );
};

test("where sign-in comes first, a guest is asked to sign in on the giving page and at checkout, and gives once signed in", async ({
  page,
}, testInfo) => {
  await go(page, at("/fidyah"));
  await sevenDays(page);
  // No way to pay as a guest: a sign-in that brings the donor back.
  await expect(page.getByRole("link", { name: "Pay fidyah" })).toHaveCount(0);
  const signIn = page.getByRole("button", { name: "Sign in to give" });
  await expect(signIn).toBeVisible();
  await expect(page.getByTestId("sign-in-to-give")).toContainText(
    "Gifts here are made from a donor account.",
  );
  await lookAtBothWidths(page, testInfo, "sign-in-first-fidyah-en");

  // Checkout, reached by its address, asks the same; the order stays on show.
  await go(page, at("/ms/checkout?flow=FIDYAH"));
  await expect(page.getByRole("heading", { name: "Log masuk untuk memberi" })).toBeVisible();
  await expect(page.getByTestId("checkout-pay")).toHaveCount(0);
  await lookAtBothWidths(page, testInfo, "sign-in-first-checkout-ms");

  // The server refuses a guest's gift all the same, in the page's language.
  await page.request.post(at("/svc/main/v1/session/guest"));
  const refused = await page.request.post(at("/svc/payment/v1/donations/create"), {
    headers: { "idempotency-key": crypto.randomUUID() },
    data: {
      flow: "ZAKAT",
      items: { harta: 25_000 },
      totalCents: 25_000,
      ratesVersion: 1,
      lang: "ms",
    },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({
    code: "donation.signInRequired",
    message: "Sila log masuk sebelum memberi: sumbangan di sini dibuat daripada akaun penderma.",
  });

  // Signing in from the giving page brings the donor back to it, entries kept, and on to checkout.
  const email = "sign-in-first@example.sg";
  await account(page, email, `S4560123${nricCheckLetter("S", "4560123")}`);
  await go(page, at("/fidyah"));
  await expect(page.getByTestId("total")).toHaveText("$28.00");
  await page.getByRole("button", { name: "Sign in to give" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(at("/fidyah"));
  await hydrated(page);
  await expect(page.getByTestId("total")).toHaveText("$28.00");
  await page.getByRole("link", { name: "Pay fidyah" }).click();
  await expect(page.getByTestId("checkout-pay")).toBeVisible();
  await expect(page.getByTestId("sign-in-to-give")).toHaveCount(0);
});

test("'use my current location' fills the address from the first result, and says so when it cannot", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ geolocation: SIMEI, permissions: ["geolocation"] });
  const page = await context.newPage();
  await go(page, at("/enrollment/enroll-individual"));
  await page.getByRole("button", { name: "Use my current location" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Address filled in" })).toHaveText(
    "Address filled in from your current location. Please check it, and add your floor and unit number if you have one.",
  );
  await expect(page.getByLabel("Postal code")).toHaveValue("520106");
  await expect(page.getByLabel("Block / house number")).toHaveValue("106");
  await expect(page.getByLabel("Street name")).toHaveValue("Simei Street 1");
  await expect(page.getByLabel("Floor")).toBeFocused();
  expect(google.asked.at(-1)).toBe(`${SIMEI.latitude},${SIMEI.longitude}`);
  await lookAtBothWidths(page, testInfo, "use-location-en");

  // Nothing where the device stands: the fields stay the donor's, in Malay too.
  await context.setGeolocation(AT_SEA);
  await go(page, at("/ms/enrollment/enroll-individual"));
  await page.getByRole("button", { name: "Guna lokasi semasa saya" }).click();
  await expect(page.getByText("Tiada alamat ditemui di lokasi anda.")).toBeVisible();
  await expect(page.getByLabel("Poskod")).toHaveValue("");
  await lookAtBothWidths(page, testInfo, "use-location-ms");
  await context.close();

  // The donor does not share the location: said, nothing sent.
  const denied = await browser.newContext();
  const deniedPage = await denied.newPage();
  const asked = google.asked.length;
  await go(deniedPage, at("/enrollment/enroll-individual"));
  await deniedPage.getByRole("button", { name: "Use my current location" }).click();
  await expect(
    deniedPage.getByText(
      "Your browser did not share your location. Please enter your address below.",
    ),
  ).toBeVisible();
  expect(google.asked.length).toBe(asked);
  await denied.close();
});

test("with neither setting (the shared portal), guests give and no location is offered", async ({
  page,
}) => {
  await go(page, "/fidyah");
  await sevenDays(page);
  await expect(page.getByRole("link", { name: "Pay fidyah" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in to give" })).toHaveCount(0);
  await go(page, "/checkout?flow=FIDYAH");
  await expect(page.getByTestId("checkout-pay")).toBeVisible();
  await expect(page.getByTestId("sign-in-to-give")).toHaveCount(0);
  await go(page, "/enrollment/enroll-individual");
  await expect(page.getByLabel("Postal code")).toBeVisible();
  // The site configuration has answered by the time the page is idle.
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("button", { name: "Use my current location" })).toHaveCount(0);
});
