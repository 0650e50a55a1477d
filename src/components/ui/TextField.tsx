import { useId, type KeyboardEvent, type Ref } from "react";
import { describedBy } from "./described";
import { FieldError, FieldHint } from "./FieldError";

export interface TextFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly name: string;
  readonly error?: string | undefined;
  /** Shown under the label and read with the field (e.g. the date format, the password rules). */
  readonly hint?: string | undefined;
  readonly maxLength?: number;
  /**
   * Said (politely, as the donor types) once the text reaches `maxLength`: why the field takes no
   * more (issue 34, the name caps). Read with the field while it shows.
   */
  readonly limitNote?: string | undefined;
  readonly type?: "text" | "email" | "tel" | "password";
  readonly inputMode?: "text" | "numeric" | "decimal" | "tel" | "email";
  readonly autoComplete?: string;
  /** Letters typed are kept in capitals (NRIC, UEN). */
  readonly uppercase?: boolean;
  readonly required?: boolean;
  readonly testId?: string;
  readonly onBlur?: () => void;
  readonly onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  readonly inputRef?: Ref<HTMLInputElement>;
}

/** A labelled text input whose hint and error are announced with it (aria-describedby). */
export function TextField(props: TextFieldProps) {
  const id = useId();
  const ids = describedBy(id, props.hint, props.error);
  const limitId = `${id}-limit`;
  const atLimit =
    props.limitNote !== undefined &&
    props.maxLength !== undefined &&
    props.value.length >= props.maxLength;
  const described =
    [ids.describedBy, atLimit ? limitId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className="calc-field">
      <label htmlFor={id}>{props.label}</label>
      <FieldHint id={ids.hintId} hint={props.hint} />
      <input
        id={id}
        ref={props.inputRef}
        name={props.name}
        type={props.type ?? "text"}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete ?? "off"}
        maxLength={props.maxLength}
        value={props.value}
        required={props.required}
        data-testid={props.testId}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described}
        onChange={(event) => {
          const next = event.currentTarget.value;
          props.onChange(props.uppercase ? next.toUpperCase() : next);
        }}
        onBlur={props.onBlur}
        onKeyDown={props.onKeyDown}
      />
      {props.limitNote === undefined ? null : (
        // Always there, so that the note is announced when it appears.
        <p id={limitId} className="field-hint" role="status">
          {atLimit ? props.limitNote : null}
        </p>
      )}
      <FieldError id={ids.errorId} error={props.error} />
    </div>
  );
}
