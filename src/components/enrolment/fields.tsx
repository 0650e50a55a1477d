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
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="calc-field">
      <label htmlFor={id}>{props.label}</label>
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
        aria-describedby={props.error ? errorId : undefined}
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
