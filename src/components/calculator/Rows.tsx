import { useRef, type ReactNode } from "react";
import { useRowKeys } from "./row-keys";

/** Rows that can be added and removed, each a fieldset; focus goes to the add button after a removal. */
export function Rows(props: {
  readonly count: number;
  readonly legend: (n: number) => string;
  readonly removeLabel: (n: number) => string;
  readonly addLabel: string;
  readonly onAdd: () => void;
  readonly onRemove: (index: number) => void;
  readonly row: (index: number) => ReactNode;
}) {
  const rows = useRowKeys(props.count);
  const addButton = useRef<HTMLButtonElement>(null);
  return (
    <>
      {rows.keys.map((key, index) => (
        <fieldset key={key} className="calc-row">
          <legend>{props.legend(index + 1)}</legend>
          <div className="calc-row-fields">{props.row(index)}</div>
          {props.count > 1 ? (
            <button
              type="button"
              className="calc-remove"
              onClick={() => {
                rows.remove(index);
                props.onRemove(index);
                addButton.current?.focus();
              }}
            >
              {props.removeLabel(index + 1)}
            </button>
          ) : null}
        </fieldset>
      ))}
      <button
        ref={addButton}
        type="button"
        className="calc-add"
        onClick={() => {
          rows.add();
          props.onAdd();
        }}
      >
        {props.addLabel}
      </button>
    </>
  );
}
