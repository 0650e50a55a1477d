import { useId, type Ref } from "react";
import { describedBy } from "./described";
import { FieldError } from "./FieldError";

export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

/** A labelled native select (keyboard and screen readers as the platform gives them). */
export function SelectField(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly name: string;
  readonly options: ReadonlyArray<SelectOption>;
  readonly autoComplete?: string;
  readonly error?: string | undefined;
  readonly testId?: string;
  readonly disabled?: boolean;
  readonly selectRef?: Ref<HTMLSelectElement>;
}) {
  const id = useId();
  const ids = describedBy(id, undefined, props.error);
  return (
    <div className="calc-field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        ref={props.selectRef}
        name={props.name}
        value={props.value}
        autoComplete={props.autoComplete ?? "off"}
        disabled={props.disabled}
        data-testid={props.testId}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={ids.describedBy}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={ids.errorId} error={props.error} />
    </div>
  );
}
