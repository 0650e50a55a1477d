import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useState,
  type ReactNode,
} from "react";
import { AMOUNT_TEXT_MAX_LENGTH, formatMoney, type Cents } from "@portal/domain";
import { Icon, type IconName } from "../giving/icons";
import type { CalculatorLabels } from "./labels";
import { amountText, parseAmountText, type Parsed } from "./parse";

/**
 * Fields whose text does not read (a fractional count of persons, "12.345"): their last good value
 * still stands in the calculator's state, so a figure worked from it would not be what the donor sees
 * typed. Each such field counts itself (+1, and -1 once it reads or goes) in its card and in the
 * calculator, which show `text` and no figure, and no pay link, while the count is above 0.
 */
interface Unread {
  readonly add: (n: number) => void;
  readonly count: number;
  readonly text: string;
}

const UnreadContext = createContext<Unread>({ add: () => undefined, count: 0, text: "" });

/** A scope counting the fields below it that do not read (a card, or the whole calculator). */
export function useUnreadFields(text = useContext(UnreadContext).text): Unread {
  const { add: outer } = useContext(UnreadContext);
  const [count, setCount] = useState(0);
  const add = useCallback(
    (n: number) => {
      setCount((c) => c + n);
      outer(n);
    },
    [outer],
  );
  return { add, count, text };
}

export const UnreadFields = UnreadContext.Provider;

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
  const { add } = useContext(UnreadContext);
  const unread = !reading.ok;
  useEffect(() => {
    if (!unread) return undefined;
    add(1);
    return () => add(-1);
  }, [unread, add]);
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

/** A section's result: the amount due and the explanation of how it was found. */
export function ResultLine(props: {
  readonly label: string;
  readonly zakat: Cents;
  readonly explanation: string;
}) {
  const { count, text } = useContext(UnreadContext);
  return (
    <div className="calc-result">
      <p className="calc-result-amount">
        <span>{props.label}</span> <strong>{count ? "–" : formatMoney(props.zakat)}</strong>
      </p>
      <p className="calc-explain">{count ? text : props.explanation}</p>
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
  const unread = useUnreadFields();
  return (
    <UnreadFields value={unread}>
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
    </UnreadFields>
  );
}
