import { useState, type ReactNode } from "react";
import { TextField, type TextFieldProps } from "../ui/TextField";

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
