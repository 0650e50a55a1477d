import { useId } from "react";
import { cleanText, HARTA_REMARK_MAX_LENGTH } from "@portal/domain";

// Apart from fields.tsx so that the fidyah calculator, which takes only this field, loads none of
// the zakat calculator's fields.

/** Longest remark a donor may type (spec §5: text input 25); the server holds receipts to it. */
export const REMARK_MAX_LENGTH = HARTA_REMARK_MAX_LENGTH;

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
