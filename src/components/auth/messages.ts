import { signInErrorOutcome, type ValidationKey } from "@portal/domain";
import { labelKeyOf } from "../../i18n/fill";
import { AccountFailure, type AuthContext } from "./context";

/** A validator's key as a translation key (`validation.nric.invalid` -> `validation_nric_invalid`). */
export const validationText = (
  context: AuthContext,
  key: ValidationKey | null,
): string | undefined => (key === null ? undefined : context.t(labelKeyOf(key)));

/** The provider's name and message of a failed call, or a generic failure. */
export const failureOf = (cause: unknown) =>
  cause instanceof AccountFailure
    ? { name: cause.name, message: cause.message }
    : { name: "Error", message: "" };

/** A sign-in form's message for any failure but an unconfirmed account (§8). */
export const signInFailureText = (context: AuthContext, cause: unknown): string => {
  const { name, message } = failureOf(cause);
  if (name === "Error") return context.t("auth_error");
  const outcome = signInErrorOutcome(name, message);
  return outcome.kind === "message"
    ? context.t(outcome.key)
    : outcome.kind === "raw"
      ? outcome.message
      : context.t("auth_error");
};

/** Any other form's message: the provider's own words, or a generic failure. */
export const providerText = (context: AuthContext, cause: unknown): string => {
  const { name, message } = failureOf(cause);
  return name === "Error" || message === "" ? context.t("auth_error") : message;
};
