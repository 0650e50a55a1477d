import { useId, type KeyboardEvent, type Ref } from "react";

/** A labelled text input whose error is announced and tied to it (aria-describedby). */
export function TextField(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | undefined;
  readonly maxLength: number;
  readonly name: string;
  readonly autoComplete?: string;
  readonly inputMode?: "text" | "numeric" | "tel" | "email";
  readonly type?: "text" | "email" | "tel";
  readonly uppercase?: boolean;
  readonly required?: boolean;
  readonly onBlur?: () => void;
  readonly onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  readonly inputRef?: Ref<HTMLInputElement>;
  /** Shown under the label and read with the field (e.g. the date format). */
  readonly hint?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [props.hint ? hintId : "", props.error ? errorId : ""].filter(Boolean);
  return (
    <div className="calc-field">
      <label htmlFor={id}>{props.label}</label>
      {props.hint ? (
        <p id={hintId} className="calc-hint">
          {props.hint}
        </p>
      ) : null}
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
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described.length > 0 ? described.join(" ") : undefined}
        onChange={(event) => {
          const next = event.currentTarget.value;
          props.onChange(props.uppercase ? next.toUpperCase() : next);
        }}
        onBlur={props.onBlur}
        onKeyDown={props.onKeyDown}
      />
      {props.error ? (
        <p id={errorId} className="calc-error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled native select (keyboard and screen readers as the platform gives them). */
export function SelectField(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly name: string;
  readonly options: ReadonlyArray<{ readonly value: string; readonly label: string }>;
  readonly autoComplete?: string;
}) {
  const id = useId();
  return (
    <div className="calc-field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        name={props.name}
        value={props.value}
        autoComplete={props.autoComplete ?? "off"}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
