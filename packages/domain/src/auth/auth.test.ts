import { describe, expect, it } from "vitest";
import { afterLogin, type AfterLoginInput } from "./after-login.ts";
import { logoutPlan } from "./logout.ts";
import { nextLoginPopup, popupAfterSignIn, popupFromQuery, type LoginAction } from "./popups.ts";
import { signInErrorOutcome, signUpErrorOutcome } from "./sign-up-errors.ts";

describe("login popups", () => {
  it("follows the transitions of §4", () => {
    const step = (action: LoginAction) => nextLoginPopup(null, action);
    expect(step({ type: "LOGIN" })).toEqual({ kind: "LOGIN" });
    expect(step({ type: "SIGN_UP" })).toEqual({ kind: "SIGN_UP" });
    expect(step({ type: "FORGOT_PASSWORD" })).toEqual({ kind: "FORGOT_PASSWORD" });
    expect(step({ type: "CLOSE_ALL" })).toBeNull();
    expect(step({ type: "NIRC_UNIQUE" })).toEqual({ kind: "NIRC_UNIQUE" });
    // Before a social sign-up the step remembers where the donor goes next.
    expect(step({ type: "NIRC_UNIQUE", provider: "Google" })).toEqual({
      kind: "NIRC_UNIQUE",
      provider: "Google",
    });
    expect(step({ type: "NOT_REGISTERED", from: "SIGN_UP" })).toEqual({
      kind: "NOT_REGISTERED",
      from: "SIGN_UP",
    });
    expect(step({ type: "USER_NOT_CONFIRMED", email: "a@b.sg" })).toEqual({
      kind: "VERIFY_PENDING",
      email: "a@b.sg",
    });
    expect(step({ type: "RESET_CODE_SENT", email: "a@b.sg" })).toEqual({
      kind: "RESET_PASSWORD",
      email: "a@b.sg",
    });
    expect(step({ type: "PASSWORD_RESET" })).toEqual({ kind: "LOGIN", notice: "passwordReset" });
    expect(step({ type: "NEW_PASSWORD_REQUIRED" })).toEqual({ kind: "NEW_PASSWORD" });
    expect(step({ type: "CHANGE_PASSWORD" })).toEqual({ kind: "CHANGE_PASSWORD" });
    expect(step({ type: "ACCOUNT_EXISTS", email: "a@b.sg" })).toEqual({
      kind: "ALREADY_HAVE_ACCOUNT",
      email: "a@b.sg",
    });
    expect(step({ type: "UNAUTHORISED" })).toEqual({ kind: "UNAUTHORISED" });
    expect(step({ type: "PRE_REGISTERED" })).toEqual({ kind: "PRE_REGISTERED" });
    expect(step({ type: "LOGOUT" })).toEqual({ kind: "LOGOUT_CONFIRM" });
  });

  it("returns to sign-in with a notice after a code is resent or the account confirmed", () => {
    const pending = { kind: "VERIFY_PENDING", email: "a@b.sg" } as const;
    expect(nextLoginPopup(pending, { type: "CODE_RESENT" })).toEqual({
      kind: "LOGIN",
      notice: "codeResent",
    });
    expect(nextLoginPopup(pending, { type: "CONFIRMED" })).toEqual({
      kind: "LOGIN",
      notice: "signUpSuccess",
    });
  });

  it("opens the reset-password popup from the reset-password and email query parameters", () => {
    expect(popupFromQuery("?reset-password&email=a%40b.sg")).toEqual({
      kind: "RESET_PASSWORD",
      email: "a@b.sg",
    });
    expect(popupFromQuery("?reset-password=1")).toEqual({ kind: "FORGOT_PASSWORD" });
    expect(popupFromQuery("?email=a%40b.sg")).toBeNull();
  });
});

describe("the popup after a sign-in", () => {
  it("says what the sign-up is told once its e-mail code is proved, and nothing else", () => {
    expect(popupAfterSignIn(1, undefined)).toBeNull();
    expect(popupAfterSignIn(1, "validation.mobile.exists")).toEqual({ kind: "MOBILE_TAKEN" });
    expect(popupAfterSignIn(0, "signup_failed_nric_exists")).toEqual({
      kind: "NIRC_UNIQUE",
      taken: true,
    });
    expect(popupAfterSignIn(0, "signup_failed_uen_exists")).toEqual({
      kind: "NOT_REGISTERED",
      from: "LOGIN",
      uenTaken: true,
    });
    expect(popupAfterSignIn(0, undefined)).toEqual({ kind: "NOT_REGISTERED", from: "LOGIN" });
  });
});

describe("sign-up and sign-in errors (§8)", () => {
  it("translates the PreSignUp refusals and shows other provider messages as they are", () => {
    expect(
      signUpErrorOutcome(
        "UserLambdaValidationException",
        "PreSignUp failed with error NRIC already exists.",
      ),
    ).toEqual({ kind: "message", key: "signup_failed_nric_exists" });
    expect(
      signUpErrorOutcome(
        "UserLambdaValidationException",
        "PreSignUp failed with error UEN already exists.",
      ),
    ).toEqual({ kind: "message", key: "signup_failed_uen_exists" });
    expect(signUpErrorOutcome("UsernameExistsException", "exists")).toEqual({
      kind: "popup",
      popup: "ALREADY_HAVE_ACCOUNT",
    });
    expect(signUpErrorOutcome("InvalidPasswordException", "Password did not conform")).toEqual({
      kind: "raw",
      message: "Password did not conform",
    });
  });

  it("opens verification pending for an unconfirmed account and gives one message for bad credentials", () => {
    expect(signInErrorOutcome("UserNotConfirmedException", "x")).toEqual({
      kind: "popup",
      popup: "VERIFY_PENDING",
    });
    expect(signInErrorOutcome("NotAuthorizedException", "Incorrect username or password.")).toEqual(
      signInErrorOutcome("UserNotFoundException", "User does not exist."),
    );
    expect(signInErrorOutcome("NotAuthorizedException", "Password attempts exceeded")).toEqual({
      kind: "message",
      key: "signin_attempts_exceeded",
    });
    expect(signInErrorOutcome("TooManyRequestsException", "Too many")).toEqual({
      kind: "raw",
      message: "Too many",
    });
  });
});

describe("after login (§4)", () => {
  const base: AfterLoginInput = {
    path: "/calculator",
    flow: "ZAKAT",
    midEnrolment: false,
    transactionPassed: false,
    flowSet: false,
    nameAndEmailFilled: false,
  };
  it("goes to the flow's home when not enrolling", () => {
    expect(afterLogin(base)).toEqual({ kind: "navigate", to: "/" });
    expect(afterLogin({ ...base, flow: "FIDYAH", path: "/fidyah" })).toEqual({
      kind: "navigate",
      to: "/fidyah",
    });
  });
  it("reloads an enrolment page mid-enrolment, but not an enrolment page left half-way elsewhere", () => {
    expect(
      afterLogin({ ...base, path: "/enrollment/enroll-individual", midEnrolment: true }),
    ).toEqual({
      kind: "reload",
    });
    expect(afterLogin({ ...base, path: "/enrollment", midEnrolment: false })).toEqual({
      kind: "navigate",
      to: "/",
    });
  });
  it("after a passed transaction reloads a flow root and otherwise goes to the flow root", () => {
    expect(
      afterLogin({ ...base, path: "/kaffarah", flow: "KAFFARAH", transactionPassed: true }),
    ).toEqual({
      kind: "reload",
    });
    expect(
      afterLogin({ ...base, path: "/receipt/harta", flow: "ZAKAT", transactionPassed: true }),
    ).toEqual({ kind: "navigate", to: "/" });
  });
  it("reloads when a flow is set and the name and e-mail are filled", () => {
    expect(afterLogin({ ...base, flowSet: true, nameAndEmailFilled: true })).toEqual({
      kind: "reload",
    });
    expect(afterLogin({ ...base, flowSet: true, nameAndEmailFilled: false })).toEqual({
      kind: "navigate",
      to: "/",
    });
  });
});

describe("logout (§4)", () => {
  it("clears storage, resets the language to English and returns to the flow root", () => {
    expect(logoutPlan("WMS")).toEqual({
      clearStorage: true,
      language: "en",
      redirectTo: "/wms",
      federatedSignOut: false,
    });
    expect(logoutPlan("ILMU", { federated: true, productRoute: "wakaf" }).redirectTo).toBe(
      "/wakaf-ilmu",
    );
    expect(logoutPlan("ZAKAT", { federated: true }).federatedSignOut).toBe(true);
  });
});
