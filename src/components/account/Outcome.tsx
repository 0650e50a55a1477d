import { useState } from "react";
import { failureText } from "./api";

type Label = (key: string, values?: Readonly<Record<string, string>>) => string;
type State = { readonly done?: string; readonly error?: string };

/**
 * A form's submit in the account area: `busy` while `work` runs; its answer (the sentence to announce)
 * or its failure (in the donor's language) becomes the outcome line.
 */
export function useOutcome(t: Label) {
  const [outcome, setOutcome] = useState<State>({});
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      setOutcome({ done: await work() });
    } catch (error) {
      setOutcome({ error: failureText(error, t) });
    } finally {
      setBusy(false);
    }
  };
  return { outcome, setOutcome, busy, run };
}

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
