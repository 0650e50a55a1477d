import { useState, type FormEvent } from "react";
import {
  nextLoginPopup,
  passwordIssues,
  signInErrorOutcome,
  type LoginPopup,
} from "@portal/domain";
import { $authPopup } from "../../stores/auth-popup";
import type { AuthContext } from "./context";
import {
  CodeField,
  FormMessage,
  NewPasswordField,
  PasswordField,
  SubmitButton,
  UsernameField,
  useSubmit,
  useUsername,
} from "./fields";
import { failureOf, providerText, signInFailureText, validationText } from "./messages";

type Props = { readonly context: AuthContext };

const go = (popup: LoginPopup | null) => $authPopup.set(popup);
const prevent = (run: () => void) => (event: FormEvent) => {
  event.preventDefault();
  run();
};

/** The first broken password rule, as text. */
const passwordError = (context: AuthContext, password: string) =>
  validationText(context, passwordIssues(password)[0] ?? null);

/**
 * Google and Facebook. Signing up asks for the NRIC first (the NRIC-only step, §4 NIRC_UNIQUE), signing
 * in goes straight to the provider; without a configured provider the buttons say so.
 */
export function SocialButtons({ context, signUp = false }: Props & { readonly signUp?: boolean }) {
  const [notice, setNotice] = useState<string | null>(null);
  const social = (provider: "Google" | "Facebook") => {
    if (context.accounts && context.social.includes(provider)) {
      if (signUp) go(nextLoginPopup(null, { type: "NIRC_UNIQUE", provider }));
      else void context.run(context.accounts.federatedSignIn(provider)).catch(() => undefined);
      return;
    }
    setNotice(context.t("auth_social_unavailable", { provider }));
  };
  return (
    <div className="auth-social">
      <p className="auth-or">{context.t("auth_or")}</p>
      <button type="button" className="auth-secondary" onClick={() => social("Google")}>
        {context.t("auth_social_google")}
      </button>
      <button type="button" className="auth-secondary" onClick={() => social("Facebook")}>
        {context.t("auth_social_facebook")}
      </button>
      {notice ? (
        <p className="auth-notice" role="status">
          {notice}
        </p>
      ) : null}
    </div>
  );
}

export function SignInForm({
  context,
  notice,
  email: typed,
}: Props & {
  readonly notice?: "signUpSuccess" | "codeResent" | "passwordReset" | undefined;
  readonly email?: string | undefined;
}) {
  const username = useUsername(context, typed ?? "");
  const { email } = username;
  const [password, setPassword] = useState("");
  const { busy, error, submit } = useSubmit();
  const accounts = context.accounts;
  const onSubmit = prevent(() => {
    if (!username.check() || !accounts || password === "") return;
    void submit(
      async () => {
        try {
          const outcome = await context.run(accounts.signIn(email, password));
          if (outcome === "newPasswordRequired") go({ kind: "NEW_PASSWORD" });
          else await context.signedIn();
        } catch (cause) {
          const { name, message } = failureOf(cause);
          if (signInErrorOutcome(name, message).kind === "popup") {
            go({ kind: "VERIFY_PENDING", email: email.trim().toLowerCase() });
            return;
          }
          throw cause;
        }
      },
      (cause) => signInFailureText(context, cause),
    );
  });
  const notices = {
    signUpSuccess: "auth_signup_success",
    codeResent: "auth_code_resent",
    passwordReset: "auth_password_reset_done",
  } as const;
  return (
    <form noValidate onSubmit={onSubmit} className="auth-form">
      <FormMessage
        notice={notice ? context.t(notices[notice]) : undefined}
        error={accounts ? error : context.t("auth_unavailable")}
      />
      <UsernameField {...username.field} />
      <PasswordField
        name="password"
        autoComplete="current-password"
        label={context.t("auth_password")}
        showLabel={context.t("auth_show_password")}
        value={password}
        onChange={setPassword}
      />
      <SubmitButton
        context={context}
        busy={busy}
        disabled={!accounts}
        label={context.t("auth_login_submit")}
      />
      <p className="auth-links">
        <button type="button" className="auth-link" onClick={() => go({ kind: "FORGOT_PASSWORD" })}>
          {context.t("auth_forgot_link")}
        </button>
      </p>
      <p className="auth-links">
        {context.t("auth_no_account")}{" "}
        <button type="button" className="auth-link" onClick={() => go({ kind: "SIGN_UP" })}>
          {context.t("auth_sign_up_link")}
        </button>
      </p>
      <SocialButtons context={context} />
    </form>
  );
}

export function VerifyPendingForm({ context, email }: Props & { readonly email: string }) {
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string>();
  const { busy, error, submit } = useSubmit();
  const accounts = context.accounts;
  const onSubmit = prevent(() => {
    setCodeError(code.trim() === "" ? context.t("validation_code_required") : undefined);
    if (code.trim() === "" || !accounts) return;
    void submit(
      async () => {
        await context.run(accounts.confirmSignUp(email, code));
        go({ kind: "LOGIN", notice: "signUpSuccess", email });
      },
      (cause) => providerText(context, cause),
    );
  });
  const resend = () => {
    if (!accounts) return;
    // §8: a failed resend is only logged, and the popup closes either way.
    void context
      .run(accounts.resendSignUpCode(email))
      .catch((cause: unknown) => console.warn("resend failed", failureOf(cause).name))
      .finally(() => go({ kind: "LOGIN", notice: "codeResent", email }));
  };
  return (
    <form noValidate onSubmit={onSubmit} className="auth-form">
      <p>{context.t("auth_verify_text", { email })}</p>
      <FormMessage error={error} />
      <CodeField label={context.t("auth_code")} value={code} onChange={setCode} error={codeError} />
      <SubmitButton context={context} busy={busy} label={context.t("auth_verify_submit")} />
      <button type="button" className="auth-secondary" onClick={resend}>
        {context.t("auth_resend")}
      </button>
    </form>
  );
}

export function ForgotPasswordForm({ context }: Props) {
  const username = useUsername(context);
  const { email } = username;
  const { busy, error, submit } = useSubmit();
  const accounts = context.accounts;
  const onSubmit = prevent(() => {
    if (!username.check() || !accounts) return;
    void submit(
      async () => {
        await context.run(accounts.resetPassword(email));
        go({ kind: "RESET_PASSWORD", email: email.trim().toLowerCase() });
      },
      (cause) => providerText(context, cause),
    );
  });
  return (
    <form noValidate onSubmit={onSubmit} className="auth-form">
      <p>{context.t("auth_forgot_text")}</p>
      <FormMessage error={error} />
      <UsernameField {...username.field} />
      <SubmitButton context={context} busy={busy} label={context.t("auth_send_code")} />
      <p className="auth-links">
        <button type="button" className="auth-link" onClick={() => go({ kind: "LOGIN" })}>
          {context.t("auth_back_to_login")}
        </button>
      </p>
    </form>
  );
}

export function ResetPasswordForm({ context, email }: Props & { readonly email: string }) {
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{
    code?: string | undefined;
    password?: string | undefined;
  }>({});
  const { busy, error, submit } = useSubmit();
  const accounts = context.accounts;
  const onSubmit = prevent(() => {
    const found = {
      code: code.trim() === "" ? context.t("validation_code_required") : undefined,
      password: passwordError(context, password),
    };
    setErrors(found);
    if (found.code || found.password || !accounts) return;
    void submit(
      async () => {
        await context.run(accounts.confirmResetPassword(email, code, password));
        go({ kind: "LOGIN", notice: "passwordReset" });
      },
      (cause) => providerText(context, cause),
    );
  });
  return (
    <form noValidate onSubmit={onSubmit} className="auth-form">
      <p>{context.t("auth_reset_text", { email })}</p>
      <FormMessage error={error} />
      <CodeField
        label={context.t("auth_code")}
        value={code}
        onChange={setCode}
        error={errors.code}
      />
      <NewPasswordField
        context={context}
        label={context.t("auth_new_password")}
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <SubmitButton context={context} busy={busy} label={context.t("auth_reset_submit")} />
    </form>
  );
}

/** NEW_PASSWORD_REQUIRED (a new password chosen) and change password (old and new). */
export function NewPasswordForm({ context, change }: Props & { readonly change: boolean }) {
  const [previous, setPrevious] = useState("");
  const [password, setPassword] = useState("");
  const [passwordProblem, setPasswordProblem] = useState<string>();
  const [done, setDone] = useState(false);
  const { busy, error, submit } = useSubmit();
  const accounts = context.accounts;
  const onSubmit = prevent(() => {
    const invalid = passwordError(context, password);
    setPasswordProblem(invalid);
    if (invalid || !accounts || (change && previous === "")) return;
    void submit(
      async () => {
        if (change) {
          await context.run(accounts.changePassword(previous, password));
          setDone(true);
        } else {
          await context.run(accounts.completeNewPassword(password));
          await context.signedIn();
        }
      },
      (cause) => (change ? signInFailureText(context, cause) : providerText(context, cause)),
    );
  });
  return (
    <form noValidate onSubmit={onSubmit} className="auth-form">
      {change ? null : <p>{context.t("auth_new_password_text")}</p>}
      <FormMessage error={error} notice={done ? context.t("auth_password_changed") : undefined} />
      {change ? (
        <PasswordField
          name="current-password"
          autoComplete="current-password"
          label={context.t("auth_current_password")}
          showLabel={context.t("auth_show_password")}
          value={previous}
          onChange={setPrevious}
        />
      ) : null}
      <NewPasswordField
        context={context}
        label={context.t("auth_new_password")}
        value={password}
        onChange={setPassword}
        error={passwordProblem}
      />
      <SubmitButton context={context} busy={busy} label={context.t("auth_save")} />
    </form>
  );
}
