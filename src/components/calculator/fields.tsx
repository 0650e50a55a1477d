import { useId, useState, type ReactNode } from "react";
import {
  AMOUNT_TEXT_MAX_LENGTH,
  cleanText,
  formatMoney,
  HARTA_REMARK_MAX_LENGTH,
  type Cents,
} from "@portal/domain";
import { Icon, type IconName } from "../giving/icons";
import type { CalculatorLabels } from "./labels";
import { amountText, parseAmountText, type Parsed } from "./parse";

/** Longest remark a donor may type (spec §5: text input 25); the server holds receipts to it. */
export const REMARK_MAX_LENGTH = HARTA_REMARK_MAX_LENGTH;

interface ParsedFieldProps<A> {
  readonly label: string;
  readonly value: A;
  readonly toText: (value: A) => string;
  readonly parse: (text: string) => Parsed<A>;
  readonly onValue: (value: A) => void;
  readonly labels: CalculatorLabels;
  readonly inputMode: "decimal" | "numeric";
  readonly maxLength?: number;
  /** A standing hint under the field (the range a value must fall in). */
  readonly hint?: string;
  /** A readable value the field still refuses, with the message to show; it is passed on all the same. */
  readonly refuse?: (value: A) => string | null;
}

/**
 * A text field that reads a value: what the donor typed is kept as typed, a valid reading goes to
 * `onValue`, an invalid one shows a translated message beside the field and changes nothing. When the
 * value changes from outside (a restored snapshot), the text follows it.
 */
export function ParsedField<A>(props: ParsedFieldProps<A>) {
  const { label, value, toText, parse, onValue, labels, inputMode } = props;
  const id = useId();
  const [text, setText] = useState(() => toText(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    const reading = parse(text);
    if (!reading.ok || reading.value !== value) setText(toText(value));
  }
  const reading = parse(text);
  const refused = reading.ok && props.refuse ? props.refuse(reading.value) : null;
  const error = reading.ok ? refused : labels[reading.error];
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [props.hint === undefined ? null : hintId, error === null ? null : errorId]
    .filter((d) => d !== null)
    .join(" ");
  return (
    <div className="calc-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        maxLength={props.maxLength ?? AMOUNT_TEXT_MAX_LENGTH}
        value={text}
        aria-invalid={error === null ? undefined : true}
        aria-describedby={described === "" ? undefined : described}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          const parsed = parse(next);
          if (parsed.ok && parsed.value !== value) onValue(parsed.value);
        }}
      />
      {props.hint === undefined ? null : (
        <p id={hintId} className="calc-hint">
          {props.hint}
        </p>
      )}
      {error === null ? null : (
        <p id={errorId} className="calc-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A money field: dollars and cents as typed, whole cents inside. */
export function AmountField(props: {
  readonly label: string;
  readonly value: Cents;
  readonly onValue: (amount: Cents) => void;
  readonly labels: CalculatorLabels;
  readonly hint?: string;
  readonly refuse?: (amount: Cents) => string | null;
}) {
  return <ParsedField {...props} toText={amountText} parse={parseAmountText} inputMode="decimal" />;
}

/** A free-text remark (at most 25 characters), with §5's text helper as it is typed. */
export function RemarkField(props: {
  readonly label: string;
  readonly value: string;
  readonly onValue: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="calc-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="text"
        autoComplete="off"
        maxLength={REMARK_MAX_LENGTH}
        value={props.value}
        onChange={(event) => props.onValue(cleanText(event.currentTarget.value))}
      />
    </div>
  );
}

/** A section's result: the amount due and the explanation of how it was found. */
export function ResultLine(props: {
  readonly label: string;
  readonly zakat: Cents;
  readonly explanation: string;
}) {
  return (
    <div className="calc-result">
      <p className="calc-result-amount">
        <span>{props.label}</span> <strong>{formatMoney(props.zakat)}</strong>
      </p>
      <p className="calc-explain">{props.explanation}</p>
    </div>
  );
}

/** A calculator card: a fieldset whose legend is the section heading, with a hint under it. */
export function Section(props: {
  readonly title: string;
  readonly hint: string;
  readonly icon: IconName;
  readonly children: ReactNode;
}) {
  const hintId = useId();
  return (
    <fieldset className="calc-card" data-asset={props.icon} aria-describedby={hintId}>
      <legend>
        <h2 className="with-icon">
          <Icon name={props.icon} />
          {props.title}
        </h2>
      </legend>
      <p id={hintId} className="calc-hint">
        {props.hint}
      </p>
      {props.children}
    </fieldset>
  );
}
