import { useEffect, useId, useRef } from "react";
import { fill } from "../api";
import { money, type FinanceLabels } from "./keys";
import { DataTable } from "./parts";

export interface Row {
  readonly key: string;
  readonly label: string;
  readonly count: number;
  readonly amount: number;
}

interface Props {
  readonly title: string;
  readonly firstColumn: string;
  readonly rows: ReadonlyArray<Row>;
  readonly labels: FinanceLabels;
  /** Draw a chart beside the table (the busiest minutes have a table only). */
  readonly chart?: boolean;
}

/**
 * A chart and the data table beside it, under one heading: the table is what a screen reader reads
 * and what one copies; the chart is drawn by Chart.js, imported only when a chart is shown.
 */
export default function ChartTable({ title, firstColumn, rows, labels, chart = true }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const headingId = useId();
  useEffect(() => {
    if (!chart || !canvas.current || rows.length === 0) return;
    let remove: (() => void) | undefined;
    let gone = false;
    void import("./chart").then(({ barChart }) => {
      if (gone || !canvas.current) return;
      remove = barChart(
        canvas.current,
        rows.map((r) => r.label),
        rows.map((r) => r.amount),
      );
    });
    return () => {
      gone = true;
      remove?.();
    };
  }, [chart, rows]);
  return (
    <section className="finance-figure" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {rows.length === 0 ? (
        <p>{labels.finance_none}</p>
      ) : (
        <div className={chart ? "finance-figure__pair" : undefined}>
          {chart ? (
            <div className="finance-figure__chart">
              <canvas
                ref={canvas}
                role="img"
                aria-label={fill(labels.finance_chart_label, { title })}
              />
            </div>
          ) : null}
          <DataTable
            label={fill(labels.finance_table_label, { title })}
            columns={[
              { label: firstColumn },
              { label: labels.finance_col_count, num: true },
              { label: labels.finance_col_amount, num: true },
            ]}
            rows={rows.map((r) => ({ key: r.key, cells: [r.label, r.count, money(r.amount)] }))}
          />
        </div>
      )}
    </section>
  );
}
