import { useId, useState, type ReactNode } from "react";

/** What a donor typed, read as a value or refused with a translated message. */
export type Reading<A> =
  { readonly ok: true; readonly value: A } | { readonly ok: false; readonly error: string };

export const accept = <A,>(value: A): Reading<A> => ({ ok: true, value });
export const refuse = <A,>(error: string): Reading<A> => ({ ok: false, error });

/**
 * A labelled text field that reads a value: the text is kept as typed, a valid reading goes to `onValue`,
 * an invalid one is announced beside the field and changes nothing. When the value changes from outside
 * (a restored snapshot), the text follows it unless it is text still being corrected.
 */
export function ReadingField<A>(props: {
  readonly label: string;
  readonly hint?: string;
  readonly value: A;
  readonly toText: (value: A) => string;
  readonly read: (text: string) => Reading<A>;
  readonly onValue: (value: A) => void;
  /** Called when the text stops being a valid reading (e.g. to withdraw an amount from the total). */
  readonly onInvalid?: () => void;
  readonly inputMode: "decimal" | "numeric" | "text";
  readonly maxLength: number;
  readonly testId?: string;
}) {
  const { label, value, toText, read, onValue } = props;
  const id = useId();
  const [text, setText] = useState(() => toText(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    const reading = read(text);
    // Text the donor is still correcting stays as typed (its field may have withdrawn the value itself).
    if (reading.ok && reading.value !== value) setText(toText(value));
  }
  const reading = read(text);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [props.hint === undefined ? null : hintId, reading.ok ? null : errorId]
    .filter((x) => x !== null)
    .join(" ");
  return (
    <div className="calc-field">
      <label htmlFor={id}>{label}</label>
      {props.hint === undefined ? null : (
        <p id={hintId} className="field-hint">
          {props.hint}
        </p>
      )}
      <input
        id={id}
        type="text"
        inputMode={props.inputMode}
        autoComplete="off"
        maxLength={props.maxLength}
        value={text}
        data-testid={props.testId}
        aria-invalid={reading.ok ? undefined : true}
        aria-describedby={describedBy === "" ? undefined : describedBy}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          const parsed = read(next);
          if (parsed.ok && parsed.value !== value) onValue(parsed.value);
          if (!parsed.ok) props.onInvalid?.();
        }}
      />
      {reading.ok ? null : (
        <p id={errorId} className="calc-error">
          {reading.error}
        </p>
      )}
    </div>
  );
}

/** A card of the page: a fieldset whose legend is the heading, with an optional hint under it. */
export function Card(props: {
  readonly title: string;
  readonly hint?: string;
  readonly children: ReactNode;
  readonly testId?: string;
  /** §3's icon beside the title (fidyah's reasons: an `Icon` of ./icons.tsx, which other cards do
   *  not load). */
  readonly icon?: ReactNode;
}) {
  const hintId = useId();
  return (
    <fieldset
      className="calc-card"
      aria-describedby={props.hint === undefined ? undefined : hintId}
      data-testid={props.testId}
    >
      <legend>
        <h2 className={props.icon === undefined ? undefined : "with-icon"}>
          {props.icon}
          {props.title}
        </h2>
      </legend>
      {props.hint === undefined ? null : (
        <p id={hintId} className="calc-hint">
          {props.hint}
        </p>
      )}
      {props.children}
    </fieldset>
  );
}
