import { useId, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from "react";

export interface FieldProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | undefined;
  readonly hint?: string | undefined;
  readonly type?: "text" | "email" | "password" | "tel";
  readonly autoComplete?: string;
  readonly inputMode?: "text" | "numeric" | "email" | "tel";
  readonly name: string;
  readonly uppercase?: boolean;
  readonly maxLength?: number;
  readonly onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/** A labelled input with its hint and error tied to it for screen readers. */
export function Field(props: FieldProps) {
  const id = useId();
  const described = [props.hint ? `${id}-hint` : "", props.error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="auth-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        value={props.value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described || undefined}
        onKeyDown={props.onKeyDown}
        onChange={(event: ChangeEvent<HTMLInputElement>) =>
          props.onChange(props.uppercase ? event.target.value.toUpperCase() : event.target.value)
        }
      />
      {props.hint ? (
        <p id={`${id}-hint`} className="auth-hint">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${id}-error`} className="auth-error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** A password field with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, "type"> & { readonly showLabel: string }) {
  const [shown, setShown] = useState(false);
  const { showLabel, ...field } = props;
  return (
    <div className="auth-password">
      <Field {...field} type={shown ? "text" : "password"} />
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
