import { useState, type KeyboardEvent } from "react";
import { TERMS_VERSION, validateNric, type SocialProvider } from "@portal/domain";
import { $authPopup } from "../../stores/auth-popup";
import type { AuthContext } from "./context";
import { TextField } from "../ui/TextField";
import { FormMessage, useSubmit } from "./fields";
import { forgetSocialNric, holdSocialNric, SocialNricRefused } from "./social-nric";
import { TermsCheck } from "../ui/TermsCheck";
import { localizedPath } from "../../i18n/paths";

type Props = { readonly context: AuthContext };

/** The popup component of §2: a text line, an optional e-mail line, and its buttons. */
export function Notice(props: {
  readonly text: string;
  /** A second line of text, after the first. */
  readonly more?: string | undefined;
  readonly email?: string | undefined;
  readonly primary?: { readonly label: string; readonly onClick: () => void } | undefined;
  readonly secondary?: { readonly label: string; readonly onClick: () => void } | undefined;
}) {
  return (
    <div className="auth-form">
      <p>{props.text}</p>
      {props.more ? <p>{props.more}</p> : null}
      {props.email ? <p className="auth-email-line">{props.email}</p> : null}
      {props.primary ? (
        <button type="button" className="auth-primary" onClick={props.primary.onClick}>
          {props.primary.label}
        </button>
      ) : null}
      {props.secondary ? (
        <button type="button" className="auth-secondary" onClick={props.secondary.onClick}>
          {props.secondary.label}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Not registered and unauthorised (§8): Signin_not_registered with Sign up and Back to login. A donor
 * still signed in signs up by giving their NRIC (the NRIC-only step); back to login signs out first.
 * A company account whose UEN another account holds (told once its e-mail code is proved) is told so
 * (§8 signup_failed_uen_exists, "please sign in instead") and goes back to login.
 */
export function NotRegistered({
  context,
  uenTaken = false,
}: Props & { readonly uenTaken?: boolean }) {
  const signedIn = document.querySelector("[data-auth-user]:not([hidden])") !== null;
  const backToLogin = {
    label: context.t("auth_back_to_login"),
    onClick: () => {
      void context.signOut(false).then(() => $authPopup.set({ kind: "LOGIN" }));
    },
  };
  if (uenTaken)
    return <Notice text={context.t("signup_failed_uen_exists")} primary={backToLogin} />;
  return (
    <Notice
      text={context.t("Signin_not_registered")}
      primary={{
        label: context.t("auth_sign_up_link"),
        onClick: () => $authPopup.set(signedIn ? { kind: "NIRC_UNIQUE" } : { kind: "SIGN_UP" }),
      }}
      secondary={backToLogin}
    />
  );
}

/**
 * Registered without the mobile number the sign-up gave, which another donor uses (told once its
 * e-mail code is proved): §5's "already exists, please enter another", in the profile; or go on.
 */
export function MobileTaken({ context }: Props) {
  return (
    <Notice
      text={context.t("validation_mobile_exists")}
      more={context.t("auth_mobile_taken_text")}
      primary={{
        label: context.t("auth_mobile_taken_profile"),
        onClick: () =>
          location.assign(`${localizedPath("/profile", context.lang)}#account-profile`),
      }}
      secondary={{ label: context.t("auth_continue"), onClick: () => void context.signedIn() }}
    />
  );
}

/**
 * The NRIC-only step (§5): required and valid NRIC, forced uppercase, Continue disabled until valid,
 * Enter suppressed, errors cleared on any key press. Before a social sign-up (`provider`) the NRIC goes
 * to the portal, which holds it for this browser's guest session (never in the browser's storage or a
 * URL), and the donor goes on to the provider; the page they return to has the portal register the
 * account with it (social-return.ts). For an account already signed in, it checks the NRIC is free,
 * then registers the account with it. Either way the donor agrees to the terms here (spec §5 iAgree),
 * and the agreement goes with the NRIC.
 */
export function NricOnlyStep({
  context,
  provider,
  taken = false,
}: Props & {
  readonly provider?: SocialProvider | undefined;
  readonly taken?: boolean | undefined;
}) {
  const [nric, setNric] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>(
    taken ? context.t("nirc_exists") : undefined,
  );
  const [agreed, setAgreed] = useState(false);
  const [termsMissing, setTermsMissing] = useState(false);
  const { busy, error, submit } = useSubmit();
  const valid = validateNric(nric) === null;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") event.preventDefault();
    setFieldError(undefined);
  };
  const onBlur = () => {
    const problem = validateNric(nric);
    setFieldError(
      problem === "validation.nric.required"
        ? context.t("ValidateForm_nric")
        : problem
          ? context.t("ValidateForm_validNric")
          : undefined,
    );
  };
  const register = async () => {
    const check = await context.portal("/svc/donor/api/User/checkCognitoNricExists", { nric });
    if (check.body.code === "nirc_exists" || check.body.status === 0) {
      setFieldError(context.t("nirc_exists"));
      return;
    }
    if (check.httpStatus !== 200) throw new Error(check.body.message ?? "check failed");
    const registered = await context.portal("/svc/donor/api/User/registerCognitoUser", {
      uniqueUserId: btoa(nric),
      termsVersion: TERMS_VERSION,
    });
    if (registered.body.code === "signup_failed_nric_exists") {
      setFieldError(context.t("nirc_exists"));
      return;
    }
    if (registered.httpStatus !== 200) throw new Error(registered.body.message ?? "failed");
    await context.signedIn();
  };
  const toProvider = async (chosen: SocialProvider) => {
    const accounts = context.accounts;
    if (!accounts) throw new Error("sign-in is not set up");
    try {
      await holdSocialNric(context, nric);
    } catch (cause) {
      if (cause instanceof SocialNricRefused && cause.code?.startsWith("validation.nric")) {
        setFieldError(context.t("ValidateForm_validNric"));
        return;
      }
      throw cause;
    }
    await context.run(accounts.federatedSignIn(chosen)).catch(async (cause: unknown) => {
      await forgetSocialNric(context);
      throw cause;
    });
  };
  const proceed = () => {
    setTermsMissing(!agreed);
    if (!agreed) {
      document.querySelector<HTMLInputElement>('.auth-form input[name="terms"]')?.focus();
      return;
    }
    void submit(
      () => (provider ? toProvider(provider) : register()),
      (cause) =>
        cause instanceof SocialNricRefused && cause.code === "rate.limited"
          ? context.t("account_error_TooManyRequestsException")
          : context.t("auth_error"),
    );
  };
  return (
    <div className="auth-form" onBlur={onBlur}>
      <p>{context.t("auth_nric_text")}</p>
      <FormMessage error={error} />
      <TextField
        name="nric"
        autoComplete="off"
        label={context.t("auth_nric")}
        value={nric}
        onChange={(value) => {
          // A new number drops the old one's message now, not on blur: the message leaving on blur
          // moved the Continue button away from under a click that had already started.
          setNric(value);
          setFieldError(undefined);
        }}
        onKeyDown={onKeyDown}
        error={fieldError}
        uppercase
        maxLength={9}
      />
      <TermsCheck
        label={context.t("trust_fe_terms_agree")}
        checked={agreed}
        onChange={setAgreed}
        error={termsMissing && !agreed ? context.t("trust_fe_terms_required") : undefined}
      />
      <button type="button" className="auth-primary" disabled={!valid || busy} onClick={proceed}>
        {busy ? context.t("auth_working") : context.t("auth_continue")}
      </button>
    </div>
  );
}
