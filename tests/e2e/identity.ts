import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { readOutbox } from "@portal/adapters/mail";
import { hydrated } from "./helpers";

// Accounts at the embedded identity provider for the browser journeys: codes come from the outbox in
// the launcher's data folder.

const dataDir = process.env["E2E_DATA_DIR"] ?? "";
export const PASSWORD = "Sabar#2026";

/**
 * Signs in through the sign-in popup already open on the page; the site then loads a page (spec §4's
 * after-login), awaited here, so that nothing that follows meets the reload.
 */
export const signInInDialog = async (page: Page, email: string) => {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  const reloaded = page.waitForEvent("load");
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  await reloaded;
  await hydrated(page);
};

/** The latest code of this kind mailed to this address ("signup-code", "reset-code", "email-code"). */
export const lastCode = async (email: string, kind: string) => {
  const mails = await readOutbox(path.join(dataDir, "outbox"), { to: email, kind });
  return mails.at(-1)?.meta?.["code"] ?? "";
};

/** An account made straight through the provider's API (sign-up and confirmation), for the tests that start signed up. */
/** A call to the embedded identity provider's API, as Amplify makes one (the pool's client named). */
export const providerCall = (page: Page) => async (target: string, body: object) => {
  const config = (await (await page.request.get("/auth/config")).json()) as {
    userPoolClientId: string;
  };
  return page.request.post("/cognito-idp", {
    headers: {
      "content-type": "application/x-amz-json-1.1",
      "x-amz-target": `AWSCognitoIdentityProviderService.${target}`,
    },
    data: JSON.stringify({ ClientId: config.userPoolClientId, ...body }),
  });
};

export const accountThroughApi = async (
  page: Page,
  email: string,
  id: string,
  name = "Siti Rahmah",
) => {
  const call = providerCall(page);
  expect(
    (
      await call("SignUp", {
        Username: email,
        Password: PASSWORD,
        UserAttributes: [{ Name: "name", Value: name }],
        ValidationData: [{ Name: "NRIC", Value: id }],
      })
    ).status(),
  ).toBe(200);
  return { call, code: await lastCode(email, "signup-code") };
};

/** The temporary password of an invited account (`invitedAccount`), changed at its first sign-in. */
export const TEMPORARY_PASSWORD = "Temp#1234";

/**
 * An account an administrator invites (AdminCreateUser with the embedded provider's admin key): its
 * e-mail verified, a temporary password the first sign-in must change (NEW_PASSWORD_REQUIRED), and
 * no donor registered for it.
 */
export const invitedAccount = async (page: Page, email: string, name: string) => {
  const adminKey = readFileSync(path.join(dataDir, "cognito", "admin.key"), "utf8");
  const made = await page.request.post("/cognito-idp", {
    headers: {
      "content-type": "application/x-amz-json-1.1",
      "x-amz-target": "AWSCognitoIdentityProviderService.AdminCreateUser",
      "x-portal-admin-key": adminKey,
    },
    data: JSON.stringify({
      Username: email,
      TemporaryPassword: TEMPORARY_PASSWORD,
      UserAttributes: [
        { Name: "email", Value: email },
        { Name: "email_verified", Value: "true" },
        { Name: "name", Value: name },
      ],
    }),
  });
  expect(made.status()).toBe(200);
};

/**
 * The `use` options that make a file's journeys arrive from their own client address, as donors on
 * their own devices do. The browser tests' portal trusts the proxy header (PORTAL_TRUST_PROXY=true in
 * playwright.config.ts, as behind the load balancer), so the identity provider's per-address limits
 * (30 sign-ups and code requests an hour) count each file's donors apart instead of the whole suite's
 * accounts as one caller's. The address is a documentation address (RFC 5737) drawn from `name`.
 */
export const ownAddress = (name: string) => {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return { extraHTTPHeaders: { "x-forwarded-for": `203.0.113.${1 + (hash % 254)}` } };
};
