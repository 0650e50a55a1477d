import type { ReactNode } from "react";

export interface RadioOption<V extends string> {
  readonly value: V;
  readonly label: ReactNode;
  readonly testId?: string;
  readonly disabled?: boolean;
}

/** One choice among a few: a fieldset whose legend names it, each option a labelled radio. */
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
  readonly children?: ReactNode;
}) {
  const options = props.options.map((option) => (
    <label key={option.value} className="choice-option">
      <input
        type="radio"
        name={props.name}
        value={option.value}
        checked={props.value === option.value}
        disabled={option.disabled}
        data-testid={option.testId}
        onChange={() => props.onChange(option.value)}
      />
      <span>{option.label}</span>
    </label>
  ));
  return (
    <fieldset className={props.className ?? "choice"}>
      <legend>{props.legend}</legend>
      {props.hint ? <p className="field-hint">{props.hint}</p> : null}
      {props.optionsClassName ? <div className={props.optionsClassName}>{options}</div> : options}
      {props.children}
    </fieldset>
  );
}
