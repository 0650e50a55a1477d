import { useId, type ReactNode, type Ref } from "react";
import { describedBy } from "./described";
import { FieldError, FieldHint } from "./FieldError";

export interface RadioOption<V extends string> {
  readonly value: V;
  readonly label: ReactNode;
  readonly testId?: string;
  readonly disabled?: boolean;
}

/**
 * One choice among a few: a fieldset whose legend names it, each option a labelled radio. With nothing
 * chosen where one must be, its `error` (§5 'Please select any one option') is read with every option.
 */
export function RadioGroup<V extends string>(props: {
  readonly legend: ReactNode;
  readonly name: string;
  readonly value: V | undefined;
  readonly options: ReadonlyArray<RadioOption<V>>;
  readonly onChange: (value: V) => void;
  /** The fieldset's class: `choice` (a plain group) or `calc-card` (a card of the page). */
  readonly className?: string;
  readonly optionsClassName?: string;
  /** A sentence under the legend. */
  readonly hint?: string;
  readonly error?: string | undefined;
  /** The first option, for focus when the group is in error. */
  readonly firstRef?: Ref<HTMLInputElement>;
  readonly children?: ReactNode;
}) {
  const id = useId();
  const ids = describedBy(id, props.hint, props.error);
  const options = props.options.map((option, index) => (
    <label key={option.value} className="choice-option">
      <input
        ref={index === 0 ? props.firstRef : undefined}
        type="radio"
        name={props.name}
        value={option.value}
        checked={props.value === option.value}
        disabled={option.disabled}
        data-testid={option.testId}
        aria-describedby={props.error ? ids.errorId : undefined}
        onChange={() => props.onChange(option.value)}
      />
      <span>{option.label}</span>
    </label>
  ));
  return (
    <fieldset className={props.className ?? "choice"} aria-describedby={ids.describedBy}>
      <legend>{props.legend}</legend>
      <FieldHint id={ids.hintId} hint={props.hint} />
      {props.optionsClassName ? <div className={props.optionsClassName}>{options}</div> : options}
      <FieldError id={ids.errorId} error={props.error} />
      {props.children}
    </fieldset>
  );
}
