/** A control's error, tied to it by id (aria-describedby); nothing when there is none. */
export function FieldError(props: { readonly id: string; readonly error?: string | undefined }) {
  return props.error ? (
    <p id={props.id} className="calc-error">
      {props.error}
    </p>
  ) : null;
}

/** A control's hint, under its label, read with it (aria-describedby). */
export function FieldHint(props: { readonly id: string; readonly hint?: string | undefined }) {
  return props.hint ? (
    <p id={props.id} className="field-hint">
      {props.hint}
    </p>
  ) : null;
}
