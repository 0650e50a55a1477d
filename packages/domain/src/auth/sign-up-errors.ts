/** What the sign-up or sign-in form shows for a provider error (spec §8). */
export type AuthErrorOutcome =
  | { readonly kind: "message"; readonly key: string }
  | { readonly kind: "raw"; readonly message: string }
  | { readonly kind: "popup"; readonly popup: "VERIFY_PENDING" | "ALREADY_HAVE_ACCOUNT" };

/**
 * Sign-up: 'PreSignUp failed with error NRIC already exists.' shows `signup_failed_nric_exists`, the UEN
 * one `signup_failed_uen_exists`; an address that already has an account opens 'you already have an
 * account'; anything else shows the provider's message as it is.
 */
export const signUpErrorOutcome = (name: string, message: string): AuthErrorOutcome => {
  if (message.includes("PreSignUp failed with error NRIC already exists"))
    return { kind: "message", key: "signup_failed_nric_exists" };
  if (message.includes("PreSignUp failed with error UEN already exists"))
    return { kind: "message", key: "signup_failed_uen_exists" };
  if (name === "UsernameExistsException") return { kind: "popup", popup: "ALREADY_HAVE_ACCOUNT" };
  return { kind: "raw", message };
};

/**
 * Sign-in: an unconfirmed account opens verification pending; a wrong password or unknown account
 * shows one message whichever it was; anything else the provider's message.
 */
export const signInErrorOutcome = (name: string, message: string): AuthErrorOutcome => {
  if (name === "UserNotConfirmedException") return { kind: "popup", popup: "VERIFY_PENDING" };
  if (name === "NotAuthorizedException" || name === "UserNotFoundException") {
    return message === "Password attempts exceeded"
      ? { kind: "message", key: "signin_attempts_exceeded" }
      : { kind: "message", key: "signin_failed" };
  }
  return { kind: "raw", message };
};
