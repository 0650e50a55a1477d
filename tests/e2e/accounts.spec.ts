import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { readOutbox } from "@portal/adapters/mail";
import { expectNoAxeViolations, keepScreenshot, open } from "./helpers";
import {
  accountThroughApi,
  invitedAccount,
  lastCode,
  ownAddress,
  PASSWORD,
  TEMPORARY_PASSWORD,
} from "./identity";
import { nricOf as nric } from "../support/donations";

test.use(ownAddress("accounts"));

// Donor accounts against the embedded identity provider (cognito-local behind the portal's layer):
// codes are read from the outbox the launcher's data folder keeps.

const dataDir = process.env["E2E_DATA_DIR"] ?? "";

const dialog = (page: Page) => page.getByRole("dialog");

/** Sign in through the popup from the page's header. */
const signInThroughPopup = async (page: Page, email: string, password = PASSWORD) => {
  await page.getByRole("button", { name: "Sign in" }).first().click();
  await expect(
    dialog(page).getByRole("heading", { name: "Sign in to your account" }),
  ).toBeVisible();
  await dialog(page).getByLabel("Email").fill(email);
  await dialog(page).getByLabel("Password", { exact: true }).fill(password);
  await dialog(page).getByRole("button", { name: "Sign in", exact: true }).click();
};

/** Fill and send the individual sign-up form. */
const signUpIndividual = async (
  page: Page,
  details: { email: string; name: string; nric: string; mobile: string },
) => {
  await page.getByRole("button", { name: "Sign in" }).first().click();
  await dialog(page).getByRole("button", { name: "Sign up" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Create an account" })).toBeVisible();
  await dialog(page).getByLabel("Full name (as in NRIC)").fill(details.name);
  await dialog(page).getByLabel("NRIC/FIN").fill(details.nric.toLowerCase());
  await dialog(page).getByLabel("Email").fill(details.email);
  await dialog(page).getByLabel("Mobile number").fill(details.mobile);
  await dialog(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog(page).getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
  await dialog(page).getByRole("button", { name: "Sign up", exact: true }).click();
};

/** Fill and send the company sign-up form (the default dial code unless `dialCode` names another). */
const signUpCompany = async (
  page: Page,
  details: {
    email: string;
    company: string;
    uen: string;
    contact: string;
    mobile: string;
    dialCode?: string;
  },
) => {
  await page.getByRole("button", { name: "Sign in" }).click();
  await dialog(page).getByRole("button", { name: "Sign up" }).click();
  await dialog(page).getByLabel("A company (corporate donor)").check();
  await dialog(page).getByLabel("Company name").fill(details.company);
  await dialog(page).getByLabel("UEN").fill(details.uen);
  await dialog(page).getByLabel("Contact person").fill(details.contact);
  await dialog(page).getByLabel("Email").fill(details.email);
  if (details.dialCode)
    await dialog(page).getByLabel("Country code").selectOption({ label: details.dialCode });
  await dialog(page).getByLabel("Mobile number").fill(details.mobile);
  await dialog(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog(page).getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
};

test.describe("donor accounts", () => {
  test("sign-up asks the donor to agree to the terms, in English and Malay; what they gave is what iAgree says", async ({
    page,
  }, testInfo) => {
    for (const lang of ["en", "ms"] as const) {
      await open(page, lang === "ms" ? "/ms/calculator" : "/calculator");
      await page
        .getByRole("button", { name: lang === "ms" ? "Log masuk" : "Sign in" })
        .first()
        .click();
      await dialog(page)
        .getByRole("button", { name: lang === "ms" ? "Daftar" : "Sign up" })
        .click();
      const agree = dialog(page).getByRole("checkbox", {
        name:
          lang === "ms"
            ? "Saya bersetuju dengan terma dan syarat"
            : "I agree to the terms and conditions",
      });
      await expect(agree).not.toBeChecked();
      await dialog(page)
        .getByRole("button", { name: lang === "ms" ? "Daftar" : "Sign up", exact: true })
        .click();
      await expect(agree).toHaveAccessibleDescription(
        lang === "ms"
          ? "Sila bersetuju dengan terma dan syarat kami"
          : "Please Agree to our terms and conditions",
      );
      await expectNoAxeViolations(page);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await agree.scrollIntoViewIfNeeded();
        await page.screenshot({ path: testInfo.outputPath(`sign-up-terms-${lang}-${width}.png`) });
      }
    }
    // Agreed through the form: the portal keeps it, and says so.
    await open(page, "/calculator");
    await signUpIndividual(page, {
      email: "agrees@example.sg",
      name: "Siti Agree",
      nric: nric("1231231"),
      mobile: "91231231",
    });
    await expect(dialog(page).getByRole("heading", { name: "Verify your email" })).toBeVisible();
    await dialog(page)
      .getByLabel("Verification code")
      .fill(await lastCode("agrees@example.sg", "signup-code"));
    await dialog(page).getByRole("button", { name: "Verify" }).click();
    await dialog(page).getByLabel("Email").fill("agrees@example.sg");
    await dialog(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog(page).getByRole("button", { name: "Sign in", exact: true }).click();
    // Signed in on the calculator with nothing typed: the flow's home (after-login.spec.ts).
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("link", { name: "Siti Agree" })).toBeVisible();
    const token = await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((k) => k.endsWith(".idToken"));
      return key ? sessionStorage.getItem(key) : "";
    });
    const details = await page.request.post("/svc/main/User/getSignInUserDetails", {
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      data: "{}",
    });
    expect(((await details.json()) as { data: { iAgree: boolean } }).data.iAgree).toBe(true);
  });

  test("sign up, confirm with the mailed code, sign in, see the name in the header, and log out", async ({
    page,
  }, testInfo) => {
    await open(page, "/calculator");
    await signUpIndividual(page, {
      email: "nur.aisyah@example.sg",
      name: "Nur Aisyah",
      nric: nric("1234567"),
      mobile: "91234567",
    });
    await expect(dialog(page).getByRole("heading", { name: "Verify your email" })).toBeVisible();
    await expect(dialog(page)).toContainText("nur.aisyah@example.sg");
    await expectNoAxeViolations(page);
    const code = await lastCode("nur.aisyah@example.sg", "signup-code");
    expect(code).toMatch(/^\d{6}$/);
    await dialog(page).getByLabel("Verification code").fill(code);
    await dialog(page).getByRole("button", { name: "Verify" }).click();
    await expect(dialog(page).getByRole("status")).toHaveText(
      "Your account is ready. Please sign in.",
    );

    // The sign-in form keeps the e-mail just typed; only the password is asked again.
    await expect(dialog(page).getByLabel("Email")).toHaveValue("nur.aisyah@example.sg");
    await dialog(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog(page).getByRole("button", { name: "Sign in", exact: true }).click();
    // §4: not enrolling, so the donor goes to the flow's home, signed in.
    await page.waitForURL((url) => url.pathname === "/");
    const name = page.getByRole("link", { name: "Nur Aisyah" });
    await expect(name).toBeVisible();
    await expect(name).toHaveAttribute("href", "/profile");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
    await keepScreenshot(page, testInfo, "signed-in-1280");

    // Logout from the Malay page, chosen in the header (so remembered): confirmed, back to the
    // English flow root, signed out, and the language choice forgotten (spec §1).
    await open(page, "/fidyah");
    await page.getByLabel("Language").selectOption("ms");
    await page.waitForURL((url) => url.pathname === "/ms/fidyah");
    expect(await page.evaluate(() => localStorage.getItem("portal.language"))).toContain('"ms"');
    await expect(page.getByRole("link", { name: "Nur Aisyah" })).toBeVisible();
    await page.getByRole("button", { name: "Log keluar" }).click();
    await expect(dialog(page).getByRole("heading", { name: "Log keluar" })).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog(page).getByRole("button", { name: "Ya, log keluar" }).click();
    await page.waitForURL((url) => url.pathname === "/fidyah");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    // Nothing of the donor is left; only the new page's own lifecycle state (a fresh session token).
    const lifecycle = ["portal.rates", "sessionExpiryId", "portal.flow", "portal.session"];
    const left = await page.evaluate(() => Object.keys(sessionStorage));
    expect(left.filter((key) => !lifecycle.includes(key))).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem("portal.language"))).toBeNull();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(new URL(page.url()).pathname).toBe("/");
  });

  test("a wrong password and an unknown e-mail get the same message", async ({ page }) => {
    const email = "known.donor@example.sg";
    const { call, code } = await accountThroughApi(page, email, nric("2345678"));
    await call("ConfirmSignUp", { Username: email, ConfirmationCode: code });
    await open(page, "/");
    await signInThroughPopup(page, email, "Wrong#Pass1");
    const alert = dialog(page).getByRole("alert");
    await expect(alert).toHaveText("Incorrect email or password.");
    await dialog(page).getByLabel("Email").fill("nobody.here@example.sg");
    await dialog(page).getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(alert).toHaveText("Incorrect email or password.");
    await expectNoAxeViolations(page);
  });

  test("an unconfirmed account opens verification pending; resending returns to sign-in with a notice", async ({
    page,
  }, testInfo) => {
    const email = "unconfirmed@example.sg";
    await accountThroughApi(page, email, nric("3456789"));
    await page.setViewportSize({ width: 375, height: 800 });
    await open(page, "/");
    await page.getByRole("button", { name: "Menu" }).click();
    await signInThroughPopup(page, email);
    await expect(dialog(page).getByRole("heading", { name: "Verify your email" })).toBeVisible();
    await keepScreenshot(page, testInfo, "verify-pending-375");
    await dialog(page).getByRole("button", { name: "Resend code" }).click();
    await expect(dialog(page).getByRole("status")).toContainText("We sent you a new code");
    const mails = await readOutbox(path.join(dataDir, "outbox"), {
      to: email,
      kind: "signup-code",
    });
    expect(mails).toHaveLength(2);
    // Signing in again (the e-mail kept) opens the popup where the new code is entered.
    await expect(dialog(page).getByLabel("Email")).toHaveValue(email);
    await dialog(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog(page).getByRole("button", { name: "Sign in", exact: true }).click();
    await dialog(page)
      .getByLabel("Verification code")
      .fill(await lastCode(email, "signup-code"));
    await dialog(page).getByRole("button", { name: "Verify" }).click();
    await expect(dialog(page).getByRole("status")).toHaveText(
      "Your account is ready. Please sign in.",
    );
    await expect(dialog(page).getByLabel("Email")).toHaveValue(email);
    await keepScreenshot(page, testInfo, "verified-sign-in-375");
  });

  test("forgot password: the mailed code resets it, and the new password signs in", async ({
    page,
  }, testInfo) => {
    const email = "forgetful@example.sg";
    const { call, code } = await accountThroughApi(page, email, nric("4567890"));
    await call("ConfirmSignUp", { Username: email, ConfirmationCode: code });
    await open(page, "/");
    await page.getByRole("button", { name: "Sign in" }).click();
    await dialog(page).getByRole("button", { name: "Forgot password?" }).click();
    await dialog(page).getByLabel("Email").fill(email);
    await dialog(page).getByRole("button", { name: "Send code" }).click();
    await expect(dialog(page).getByRole("heading", { name: "Reset password" })).toBeVisible();
    await dialog(page)
      .getByLabel("Verification code")
      .fill(await lastCode(email, "reset-code"));
    await dialog(page).getByLabel("New password").fill("weak");
    await dialog(page).getByRole("button", { name: "Reset password" }).click();
    await expect(dialog(page)).toContainText("Password must be at least 7 characters");
    await dialog(page).getByLabel("New password").fill("Baru#2026x");
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, testInfo, "reset-password-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog(page).getByRole("button", { name: "Reset password" }).click();
    await expect(dialog(page).getByRole("status")).toHaveText(
      "Your password has been changed. Please sign in.",
    );
    await dialog(page).getByLabel("Email").fill(email);
    await dialog(page).getByLabel("Password", { exact: true }).fill("Baru#2026x");
    await dialog(page).getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("link", { name: "Siti Rahmah" })).toBeVisible();
  });

  test("the reset-password and email query parameters open the reset popup", async ({
    page,
  }, testInfo) => {
    await open(page, "/kaffarah?reset-password&email=someone%40example.sg");
    await expect(dialog(page).getByRole("heading", { name: "Reset password" })).toBeVisible();
    await expect(dialog(page)).toContainText("someone@example.sg");
    await open(page, "/reset-password");
    await expect(dialog(page).getByRole("heading", { name: "Forgot password" })).toBeVisible();
    // The page opened it by itself: Escape leaves focus on the page's button that opens it, not the body.
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toHaveCount(0);
    const opener = page.getByRole("main").getByRole("button", { name: "Reset password" });
    await expect(opener).toBeFocused();
    // Opened from that button and closed again, focus comes back to it.
    await page.keyboard.press("Enter");
    await expect(dialog(page).getByRole("heading", { name: "Forgot password" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(opener).toBeFocused();
    // The same in Malay, on a phone.
    await page.setViewportSize({ width: 375, height: 800 });
    await open(page, "/ms/reset-password");
    await expect(dialog(page).getByRole("heading", { name: "Lupa kata laluan" })).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, testInfo, "reset-password-dialog-ms-375");
    await page.keyboard.press("Escape");
    await expect(
      page.getByRole("main").getByRole("button", { name: "Tetapkan semula kata laluan" }),
    ).toBeFocused();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, testInfo, "reset-password-closed-ms-375");
  });

  test("NEW_PASSWORD_REQUIRED, then the NRIC-only step registers the account", async ({ page }) => {
    const email = "invited@example.sg";
    await invitedAccount(page, email, "Ahmad Invited");
    await open(page, "/");
    await signInThroughPopup(page, email, TEMPORARY_PASSWORD);
    await expect(
      dialog(page).getByRole("heading", { name: "Choose a new password" }),
    ).toBeVisible();
    await dialog(page).getByLabel("New password").fill("Chosen#2026");
    await dialog(page).getByRole("button", { name: "Save" }).click();
    // No donor is registered for this account yet (§8 Signin_not_registered).
    await expect(dialog(page).getByRole("heading", { name: "Not registered" })).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog(page).getByRole("button", { name: "Sign up" }).click();
    await expect(dialog(page).getByRole("heading", { name: "Enter your NRIC/FIN" })).toBeVisible();
    const field = dialog(page).getByLabel("NRIC/FIN");
    const proceed = dialog(page).getByRole("button", { name: "Continue" });
    await field.fill("s1234");
    await expect(proceed).toBeDisabled();
    // Already registered by the first journey's donor.
    await field.fill(nric("1234567").toLowerCase());
    await expect(field).toHaveValue(nric("1234567"));
    // The NRIC step registers the account: the donor agrees to the terms first (spec §5 iAgree).
    await dialog(page)
      .getByRole("checkbox", { name: "I agree to the terms and conditions" })
      .check();
    await proceed.click();
    await expect(dialog(page)).toContainText("This NRIC/FIN is already registered.");
    await field.fill(nric("5678901"));
    await proceed.click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("link", { name: "Ahmad Invited" })).toBeVisible();
  });

  test("a corporate donor signs up with a UEN", async ({ page }) => {
    const email = "finance@razak.sg";
    await open(page, "/");
    await signUpCompany(page, {
      email,
      company: "Razak & Sons Pte. Ltd.",
      uen: "20191234x",
      contact: "Ahmad Razak",
      dialCode: "Malaysia (+60)",
      mobile: "123456789",
    });
    await expectNoAxeViolations(page);
    await dialog(page).getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(dialog(page).getByRole("heading", { name: "Verify your email" })).toBeVisible();
    await dialog(page)
      .getByLabel("Verification code")
      .fill(await lastCode(email, "signup-code"));
    await dialog(page).getByRole("button", { name: "Verify" }).click();
    await dialog(page).getByLabel("Email").fill(email);
    await dialog(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
    // The sign-in goes on to the flow's home: the page is already "/", so wait for that navigation
    // itself before reading from the page (the header shows the name before it leaves).
    const navigated = page.waitForEvent("load");
    await dialog(page).getByRole("button", { name: "Sign in", exact: true }).click();
    await navigated;
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("link", { name: "Ahmad Razak" })).toBeVisible();
    const details = await page.evaluate(async () => {
      const key = Object.keys(sessionStorage).find((k) => k.endsWith(".idToken")) ?? "";
      const response = await fetch("/svc/main/User/getSignInUserDetails", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${sessionStorage.getItem(key)}`,
        },
        body: "{}",
      });
      return (await response.json()) as {
        data: { uen: string; companyName: string; donorType: string };
      };
    });
    expect(details.data).toMatchObject({
      uen: "20191234X",
      companyName: "Razak & Sons Pte. Ltd.",
      donorType: "corporate",
    });
  });

  test("a second sign-up with a registered NRIC is told so only after its e-mail code, in the NRIC step", async ({
    page,
  }, testInfo) => {
    await open(page, "/");
    await signUpIndividual(page, {
      email: "someone.else@example.sg",
      name: "Someone Else",
      nric: nric("1234567"),
      mobile: "98765432",
    });
    // The sign-up itself says nothing about the NRIC: only whoever proves the mailbox learns it.
    await expect(dialog(page).getByRole("heading", { name: "Verify your email" })).toBeVisible();
    await dialog(page)
      .getByLabel("Verification code")
      .fill(await lastCode("someone.else@example.sg", "signup-code"));
    await dialog(page).getByRole("button", { name: "Verify" }).click();
    await expect(dialog(page).getByRole("status")).toHaveText(
      "Your account is ready. Please sign in.",
    );
    await dialog(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog(page).getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(dialog(page).getByRole("heading", { name: "Enter your NRIC/FIN" })).toBeVisible();
    await expect(dialog(page)).toContainText(
      "This NRIC/FIN is already registered. Please sign in to continue.",
    );
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 900 });
    await keepScreenshot(page, testInfo, "sign-up-refused-375");
    await page.setViewportSize({ width: 1280, height: 900 });
    await keepScreenshot(page, testInfo, "sign-up-refused-1280");
  });

  test("a sign-up with another donor's mobile number or a registered UEN is told so only after its e-mail code", async ({
    page,
  }, testInfo) => {
    /** Prove the mailbox with the mailed code, then sign in from the popup it leads to. */
    const proveAndSignIn = async (email: string) => {
      await expect(dialog(page).getByRole("heading", { name: "Verify your email" })).toBeVisible();
      await dialog(page)
        .getByLabel("Verification code")
        .fill(await lastCode(email, "signup-code"));
      await dialog(page).getByRole("button", { name: "Verify" }).click();
      await dialog(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
      await dialog(page).getByRole("button", { name: "Sign in", exact: true }).click();
    };
    const shots = async (name: string) => {
      await expectNoAxeViolations(page);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await keepScreenshot(page, testInfo, `${name}-${width}`);
      }
    };
    // The first journey's donor uses 9123 1231: this account registers without it, and is told.
    await open(page, "/");
    await signUpIndividual(page, {
      email: "same.phone@example.sg",
      name: "Same Phone",
      nric: nric("2342342"),
      mobile: "91231231",
    });
    await proveAndSignIn("same.phone@example.sg");
    await expect(dialog(page).getByRole("heading", { name: "Mobile number in use" })).toBeVisible();
    await expect(dialog(page)).toContainText(
      "The mobile number already exists, please enter another mobile number",
    );
    await shots("sign-up-mobile-taken");
    // Continue goes on to the flow's home: wait for that navigation itself (the page is already "/").
    const navigated = page.waitForEvent("load");
    await dialog(page).getByRole("button", { name: "Continue" }).click();
    await navigated;
    await expect(page.getByRole("link", { name: "Same Phone" })).toBeVisible();
    // Another donor in this browser: the first one's sign-in forgotten.
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });

    // The UEN of the corporate journey: nothing is registered, and the account is told why.
    await open(page, "/");
    await signUpCompany(page, {
      email: "other@razak.sg",
      company: "Razak Holdings",
      uen: "20191234x",
      contact: "Other Razak",
      mobile: "87654321",
    });
    await dialog(page).getByRole("button", { name: "Sign up", exact: true }).click();
    await proveAndSignIn("other@razak.sg");
    await expect(dialog(page).getByRole("heading", { name: "Not registered" })).toBeVisible();
    await expect(dialog(page)).toContainText(
      "This UEN is already registered. Please sign in instead.",
    );
    await shots("sign-up-uen-taken");
    // Said again on the next page load, in the page's language.
    await open(page, "/ms/");
    await expect(dialog(page)).toContainText("UEN ini telah didaftarkan. Sila log masuk.");
    await shots("sign-up-uen-taken-ms");
    await dialog(page).getByRole("button", { name: "Kembali ke log masuk" }).click();
    await expect(dialog(page).getByLabel("Kata laluan", { exact: true })).toBeVisible();
  });

  test("social buttons explain that social sign-in is not set up; Escape closes the popup", async ({
    page,
  }) => {
    await open(page, "/ms/");
    await page.getByRole("button", { name: "Log masuk" }).first().click();
    await dialog(page).getByRole("button", { name: "Teruskan dengan Google" }).click();
    await expect(dialog(page).getByRole("status")).toContainText(
      "Log masuk dengan Google belum disediakan",
    );
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
  });

  test("the Auth Test pages ask to sign in and then show who is signed in", async ({ page }) => {
    const email = "tester@example.sg";
    const { call, code } = await accountThroughApi(page, email, nric("6789012"));
    await call("ConfirmSignUp", { Username: email, ConfirmationCode: code });
    await open(page, "/aws-pool");
    await expect(page.getByRole("heading", { name: "Auth Test", level: 1 })).toBeVisible();
    await expect(
      dialog(page).getByRole("heading", { name: "Sign in to your account" }),
    ).toBeVisible();
    await dialog(page).getByLabel("Email").fill(email);
    await dialog(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog(page).getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Signed in as Siti Rahmah.")).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/aws-pool");
    // After a sign-in the page may reload itself (spec §4's after-login rules): let it finish first.
    await page.waitForLoadState("networkidle");
    await open(page, "/ms/singpass/confirmation");
    await expect(page.getByText("Log masuk sebagai Siti Rahmah.")).toBeVisible();
  });
});
