import { useId, type ReactNode } from "react";
import { describedBy } from "./described";
import { FieldError } from "./FieldError";

/**
 * A checkbox with its label; a hint under it and an error are read with it. What it reveals when ticked
 * (`children`) is indented under it.
 */
export function Checkbox(props: {
  readonly label: ReactNode;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly name?: string;
  readonly testId?: string;
  readonly hint?: string | undefined;
  readonly error?: string | undefined;
  readonly children?: ReactNode;
}) {
  const id = useId();
  const ids = describedBy(id, props.hint, props.error);
  return (
    <>
      <label className="choice-option">
        <input
          type="checkbox"
          name={props.name}
          checked={props.checked}
          data-testid={props.testId}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={ids.describedBy}
          onChange={(event) => props.onChange(event.currentTarget.checked)}
        />
        <span>{props.label}</span>
      </label>
      {props.hint ? (
        <p className="field-hint checkout-check-hint" id={ids.hintId}>
          {props.hint}
        </p>
      ) : null}
      <FieldError id={ids.errorId} error={props.error} />
      {props.checked && props.children ? (
        <div className="checkout-indent">{props.children}</div>
      ) : null}
    </>
  );
}
