import type { ReactNode } from "react";
import type { Label } from "./AccountArea";

// The account's kept lists (issue 33): My household and Missed fasts each list what the donor keeps
// with a tag, "Edit" and "Remove" (each named for screen readers), and a form below to add or change
// one, its fields each with their message. One component, so the two read and behave alike.

/** One kept thing as the list shows it. */
export interface KeptRow {
  readonly id: string;
  /** What it is, in words (also what the buttons name). */
  readonly what: string;
  /** Its tag beside it (a relation, paid or not). */
  readonly tag: string;
  /** Whether it may still be changed (a paid entry may not). */
  readonly editable: boolean;
}

/** The list of kept things, each with its tag, "Edit" (when editable) and "Remove". */
export function KeptList(props: {
  readonly rows: ReadonlyArray<KeptRow>;
  readonly testId: string;
  /** The rows' data attribute (`data-member`, `data-entry`) carrying each one's id. */
  readonly dataName: string;
  readonly busy: boolean;
  readonly t: Label;
  readonly onEdit: (id: string) => void;
  readonly onRemove: (id: string) => void;
}) {
  const { rows, testId, dataName, busy, t, onEdit, onRemove } = props;
  return (
    <ul className="account-household" data-testid={testId}>
      {rows.map((row) => (
        <li key={row.id} {...{ [`data-${dataName}`]: row.id }}>
          <span>
            <strong>{row.what}</strong> <span className="account-tag">{row.tag}</span>
          </span>
          <span className="account-buttons">
            {row.editable ? (
              <button
                type="button"
                className="account-link-button"
                disabled={busy}
                aria-label={t("account_household_edit", { name: row.what })}
                onClick={() => onEdit(row.id)}
              >
                {t("account_household_edit_short")}
              </button>
            ) : null}
            <button
              type="button"
              className="account-link-button"
              disabled={busy}
              aria-label={t("account_household_remove", { name: row.what })}
              onClick={() => onRemove(row.id)}
            >
              {t("account_household_remove_short")}
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A field of the form below a kept list: its label, its control, and its message when at fault. */
export function KeptField(props: {
  readonly id: string;
  readonly label: string;
  readonly error: string | undefined;
  readonly children: ReactNode;
}) {
  return (
    <div className="calc-field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.error ? (
        <p className="calc-error" id={`${props.id}-error`}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** A control's marks when its field is at fault (pointing at KeptField's message). */
export const faultOf = (id: string, error: string | undefined) =>
  error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};

/** The form's buttons: add (or save changes while one is being changed) and cancel the change. */
export function KeptButtons(props: {
  readonly busy: boolean;
  readonly editing: boolean;
  readonly addLabel: string;
  readonly t: Label;
  readonly onCancel: () => void;
}) {
  const { busy, editing, addLabel, t, onCancel } = props;
  return (
    <div className="account-buttons">
      <button type="submit" className="button" disabled={busy}>
        {editing ? t("account_household_save") : addLabel}
      </button>
      {editing ? (
        <button type="button" className="account-link-button" onClick={onCancel}>
          {t("account_cancel")}
        </button>
      ) : null}
    </div>
  );
}

/** A choice's options: "-" for none yet, then each value in its words. */
export function KeptOptions<V extends string>(props: {
  readonly values: ReadonlyArray<V>;
  readonly words: (value: V) => string;
}) {
  return (
    <>
      <option value="">-</option>
      {props.values.map((value) => (
        <option key={value} value={value}>
          {props.words(value)}
        </option>
      ))}
    </>
  );
}
