import type { ReactNode } from "react";
import TableRegion from "../TableRegion";

/** A labelled input of the section's forms. */
export function Field(props: {
  readonly id: string;
  readonly label: string;
  readonly type: "date" | "number";
  readonly value: string | number;
  readonly onChange: (value: string) => void;
  readonly min?: number;
  readonly max?: number;
}) {
  return (
    <div className="console-field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type={props.type}
        value={props.value}
        required
        {...(props.min === undefined ? {} : { min: props.min, max: props.max })}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/** A form's submit button, lined up with the fields. */
export const Submit = ({ label }: { readonly label: string }) => (
  <div className="console-field finance-submit">
    <button className="console-button" type="submit">
      {label}
    </button>
  </div>
);

/** What went wrong, read out when it appears (the live region is always there). */
export const Outcome = ({
  text,
  failed = true,
}: {
  readonly text: string;
  readonly failed?: boolean;
}) => (
  <div aria-live="polite">
    {text ? (
      <p
        className={failed ? "console-notice console-notice--error" : "console-notice"}
        role={failed ? "alert" : undefined}
      >
        {text}
      </p>
    ) : null}
  </div>
);

export interface Column {
  readonly label: string;
  readonly num?: boolean;
}

export interface TableRow {
  readonly key: string;
  /** The first cell heads its row. */
  readonly cells: ReadonlyArray<ReactNode>;
}

/** A data table: its caption, column headings, and rows whose first cell heads the row. */
export function DataTable(props: {
  readonly caption?: string;
  /** Names the scrolling region when there is no caption (a keyboard reaches it to scroll). */
  readonly label?: string;
  readonly columns: ReadonlyArray<Column>;
  readonly rows: ReadonlyArray<TableRow>;
}) {
  const cls = (i: number) => (props.columns[i]?.num ? "finance-num" : undefined);
  return (
    <TableRegion label={props.caption ?? props.label ?? ""}>
      <table className="console-table">
        {props.caption ? <caption className="finance-caption">{props.caption}</caption> : null}
        <thead>
          <tr>
            {props.columns.map((c, i) => (
              <th key={i} scope="col" className={cls(i)}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className={cls(i)}>
                    {cell}
                  </th>
                ) : (
                  <td key={i} className={cls(i)}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
