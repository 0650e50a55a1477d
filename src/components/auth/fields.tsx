import { useState, type ReactNode } from "react";
import { validateEmail } from "@portal/domain";
import { EmailField } from "../ui/EmailField";
import { validationText } from "./messages";
import { TextField, type TextFieldProps } from "../ui/TextField";
import type { AuthContext } from "./context";

/** A field a popup keeps in its own state. */
interface Field {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | undefined;
}

/** The six-digit code an e-mail brought (sign-up confirmation, password reset). */
export function CodeField(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | undefined;
}) {
  return (
    <TextField
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={10}
      {...props}
    />
  );
}

/** A password field with a show/hide toggle. */
export function PasswordField(
  props: Omit<TextFieldProps, "type"> & { readonly showLabel: string },
) {
  const [shown, setShown] = useState(false);
  const { showLabel, ...field } = props;
  return (
    <div className="auth-password">
      <TextField {...field} type={shown ? "text" : "password"} />
      <label className="auth-show">
        <input type="checkbox" checked={shown} onChange={() => setShown(!shown)} /> {showLabel}
      </label>
    </div>
  );
}

/** A new password (sign-up, reset, change), with the rules it must meet under its label. */
export function NewPasswordField(
  props: Field & { readonly context: AuthContext; readonly label: string },
) {
  const { context, ...field } = props;
  return (
    <PasswordField
      name="new-password"
      autoComplete="new-password"
      showLabel={context.t("auth_show_password")}
      hint={context.t("auth_password_hint")}
      {...field}
    />
  );
}

/** The sign-in e-mail a popup asks for, and `check`: §5's rule on it, its message shown. */
export function useUsername(context: AuthContext, initial = "") {
  const [email, setEmail] = useState(initial);
  const [error, setError] = useState<string>();
  return {
    email,
    field: { context, value: email, onChange: setEmail, error },
    /** Whether the e-mail is valid; shows why not. */
    check: () => {
      const invalid = validationText(context, validateEmail(email));
      setError(invalid);
      return !invalid;
    },
  };
}

/** The sign-in e-mail (the address the identity provider knows the donor by). */
export function UsernameField(props: Field & { readonly context: AuthContext }) {
  const { context, ...field } = props;
  return <EmailField autoComplete="username" label={context.t("auth_email")} {...field} />;
}

/** A popup's submit button: its label, or "working" while the request is on its way. */
export function SubmitButton(props: {
  readonly context: AuthContext;
  readonly busy: boolean;
  readonly label: string;
  readonly disabled?: boolean;
}) {
  return (
    <button type="submit" className="auth-primary" disabled={props.busy || props.disabled === true}>
      {props.busy ? props.context.t("auth_working") : props.label}
    </button>
  );
}

/** The form's outcome line: an error (alert) or a notice (status). */
export function FormMessage(props: {
  readonly error?: string | null;
  readonly notice?: ReactNode;
}) {
  return (
    <>
      {props.notice ? (
        <p className="auth-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {props.error ? (
        <p className="auth-form-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </>
  );
}

/** Busy state and one error message for a form's submit. */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (work: () => Promise<void>, onError: (cause: unknown) => string) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (cause) {
      setError(onError(cause));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, submit };
}
