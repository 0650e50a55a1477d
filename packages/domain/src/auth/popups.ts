import type { SocialProvider } from "../ports/accounts.ts";

/**
 * The login popups (spec §2) and the transitions between them (§4). One popup shows at a time; `null`
 * is none. NOT_REGISTERED carries whether it came from signing in or signing up.
 */
export type LoginPopup =
  | {
      readonly kind: "LOGIN";
      readonly notice?: "signUpSuccess" | "codeResent" | "passwordReset";
      /** The e-mail the donor just typed (signing up, verifying): the sign-in form starts with it. */
      readonly email?: string;
    }
  | { readonly kind: "SIGN_UP" }
  | { readonly kind: "FORGOT_PASSWORD" }
  | { readonly kind: "RESET_PASSWORD"; readonly email: string }
  | { readonly kind: "VERIFY_PENDING"; readonly email: string }
  | { readonly kind: "NEW_PASSWORD" }
  | { readonly kind: "CHANGE_PASSWORD" }
  /**
   * The NRIC-only step: before a social sign-up (`provider`: the donor goes on to that provider), or for
   * an account already signed in that has no donor yet (`taken`: the NRIC it gave was refused).
   */
  | {
      readonly kind: "NIRC_UNIQUE";
      readonly provider?: SocialProvider;
      readonly taken?: boolean;
    }
  | { readonly kind: "ALREADY_HAVE_ACCOUNT"; readonly email: string }
  /** Not registered; `uenTaken`: its sign-up's UEN is another account's (told after the code). */
  | {
      readonly kind: "NOT_REGISTERED";
      readonly from: "LOGIN" | "SIGN_UP";
      readonly uenTaken?: boolean;
    }
  /** Registered without the mobile number its sign-up gave: another donor uses it (told once). */
  | { readonly kind: "MOBILE_TAKEN" }
  | { readonly kind: "UNAUTHORISED" }
  | { readonly kind: "PRE_REGISTERED" }
  | { readonly kind: "LOGOUT_CONFIRM" };

export type LoginAction =
  | { readonly type: "LOGIN" }
  | { readonly type: "SIGN_UP" }
  | { readonly type: "FORGOT_PASSWORD" }
  | { readonly type: "CLOSE_ALL" }
  | { readonly type: "NIRC_UNIQUE"; readonly provider?: SocialProvider }
  | { readonly type: "NOT_REGISTERED"; readonly from: "LOGIN" | "SIGN_UP" }
  | { readonly type: "USER_NOT_CONFIRMED"; readonly email: string }
  | { readonly type: "CODE_RESENT" }
  | { readonly type: "CONFIRMED" }
  | { readonly type: "RESET_CODE_SENT"; readonly email: string }
  | { readonly type: "PASSWORD_RESET" }
  | { readonly type: "NEW_PASSWORD_REQUIRED" }
  | { readonly type: "CHANGE_PASSWORD" }
  | { readonly type: "ACCOUNT_EXISTS"; readonly email: string }
  | { readonly type: "UNAUTHORISED" }
  | { readonly type: "PRE_REGISTERED" }
  | { readonly type: "LOGOUT" };

/**
 * The next popup. An unconfirmed account opens verification pending; resending its code returns to
 * sign-in with a notice that the code was sent (§4; the donor signs in again to enter it), confirming it
 * returns there with the sign-up-success notice. A reset code sent opens the reset popup.
 */
export const nextLoginPopup = (
  _current: LoginPopup | null,
  action: LoginAction,
): LoginPopup | null => {
  switch (action.type) {
    case "LOGIN":
      return { kind: "LOGIN" };
    case "SIGN_UP":
      return { kind: "SIGN_UP" };
    case "FORGOT_PASSWORD":
      return { kind: "FORGOT_PASSWORD" };
    case "CLOSE_ALL":
      return null;
    case "NIRC_UNIQUE":
      return action.provider
        ? { kind: "NIRC_UNIQUE", provider: action.provider }
        : { kind: "NIRC_UNIQUE" };
    case "NOT_REGISTERED":
      return { kind: "NOT_REGISTERED", from: action.from };
    case "USER_NOT_CONFIRMED":
      return { kind: "VERIFY_PENDING", email: action.email };
    case "CODE_RESENT":
      return { kind: "LOGIN", notice: "codeResent" };
    case "CONFIRMED":
      return { kind: "LOGIN", notice: "signUpSuccess" };
    case "RESET_CODE_SENT":
      return { kind: "RESET_PASSWORD", email: action.email };
    case "PASSWORD_RESET":
      return { kind: "LOGIN", notice: "passwordReset" };
    case "NEW_PASSWORD_REQUIRED":
      return { kind: "NEW_PASSWORD" };
    case "CHANGE_PASSWORD":
      return { kind: "CHANGE_PASSWORD" };
    case "ACCOUNT_EXISTS":
      return { kind: "ALREADY_HAVE_ACCOUNT", email: action.email };
    case "UNAUTHORISED":
      return { kind: "UNAUTHORISED" };
    case "PRE_REGISTERED":
      return { kind: "PRE_REGISTERED" };
    case "LOGOUT":
      return { kind: "LOGOUT_CONFIRM" };
  }
};

/**
 * The popup after a sign-in, from `getSignInUserDetails`' answer (status 1: registered): what the sign-up
 * is told once its e-mail code is proved (docs/identity.md). An NRIC another account holds opens the
 * NRIC step to give another; a UEN another account holds, the not-registered popup saying so; a mobile
 * number another donor uses (the account registered without it), a notice leading to the profile.
 * `null`: nothing to say, the sign-in goes on.
 */
export const popupAfterSignIn = (status: number | undefined, code: unknown): LoginPopup | null => {
  if (status === 1) return code === "validation.mobile.exists" ? { kind: "MOBILE_TAKEN" } : null;
  if (code === "signup_failed_nric_exists") return { kind: "NIRC_UNIQUE", taken: true };
  if (code === "signup_failed_uen_exists")
    return { kind: "NOT_REGISTERED", from: "LOGIN", uenTaken: true };
  return { kind: "NOT_REGISTERED", from: "LOGIN" };
};

/**
 * The popup a page opens from its query (§2): `reset-password` with `email` opens the reset-password
 * popup for that address; `reset-password` alone asks for the address first.
 */
export const popupFromQuery = (search: string): LoginPopup | null => {
  const query = new Map<string, string>();
  for (const part of search.replace(/^\?/, "").split("&")) {
    if (part === "") continue;
    const [name = "", value = ""] = part.split("=");
    try {
      query.set(decodeURIComponent(name), decodeURIComponent(value.replace(/\+/g, " ")));
    } catch {
      // A malformed part opens nothing.
    }
  }
  if (!query.has("reset-password")) return null;
  const email = query.get("email")?.trim() ?? "";
  return email === "" ? { kind: "FORGOT_PASSWORD" } : { kind: "RESET_PASSWORD", email };
};
