/** One status line per form: announced politely when done, at once when refused. */
export function Outcome(props: {
  readonly done?: string | undefined;
  readonly error?: string | undefined;
}) {
  return (
    <>
      <p className="account-done" role="status">
        {props.done ?? ""}
      </p>
      {props.error ? (
        <p className="calc-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </>
  );
}
