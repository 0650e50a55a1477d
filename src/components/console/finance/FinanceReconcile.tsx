import { useState, type FormEvent } from "react";
import type { DayView } from "@portal/adapters/finance";
import { consoleCall, fill, sgTime } from "../api";
import { methodName, money, sgToday, type FinanceLabels } from "./keys";
import { DataTable, Field, Outcome, Submit } from "./parts";
import { useFinanceRead } from "./useFinanceRead";

interface Props {
  readonly labels: FinanceLabels;
  readonly lang: "en" | "ms";
  /** The officer may sign a day off (an approver). */
  readonly canSignOff: boolean;
}

const yesterday = () => new Date(Date.parse(sgToday()) - 86_400_000).toISOString().slice(0, 10);

/** A day's reconciliation: the differences with the donations behind them, and the sign-off. */
export default function FinanceReconcile({ labels, lang, canSignOff }: Props) {
  const [day, setDay] = useState(yesterday);
  const { data: view, error, setError, load: read } = useFinanceRead<DayView>(labels.finance_error);
  const load = (which: string) => read(`/console/api/finance/day?day=${encodeURIComponent(which)}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void load(day);
  };
  const signOff = async () => {
    if (!view) return;
    const reply = await consoleCall(`/console/api/finance/sign-off`, {
      method: "POST",
      body: { day: view.day },
    });
    if (!reply.ok) setError(labels.finance_signoff_refused);
    await load(view.day);
  };

  return (
    <section className="console-card" aria-labelledby="finance-reconcile">
      <h2 id="finance-reconcile">{labels.finance_reconcile_heading}</h2>
      <form className="console-fields" onSubmit={submit}>
        <Field
          id="finance-day"
          label={labels.finance_reconcile_day}
          type="date"
          value={day}
          onChange={setDay}
        />
        <Submit label={labels.finance_reconcile_load} />
      </form>
      <Outcome text={error} />
      {view ? (
        <p className="finance-summary" aria-live="polite">
          {fill(labels.finance_reconcile_matched, { count: view.matched })}{" "}
          {view.differences.length === 0
            ? labels.finance_reconcile_clean
            : fill(labels.finance_reconcile_differences, { count: view.differences.length })}
        </p>
      ) : null}
      {view && view.differences.length > 0 ? (
        <DataTable
          caption={fill(labels.finance_reconcile_differences, { count: view.differences.length })}
          columns={[
            { label: labels.finance_col_kind },
            { label: labels.finance_col_transaction },
            { label: labels.finance_col_ref },
            { label: labels.finance_col_ledger, num: true },
            { label: labels.finance_col_gateway, num: true },
          ]}
          rows={view.differences.map((d) => ({
            key: `${d.kind}:${d.ref}`,
            cells: [
              labels[`finance_diff_${d.kind}`],
              d.transactionNo ?? "–",
              <span className="finance-ref">{d.ref}</span>,
              d.ledgerAmount === null ? "–" : money(d.ledgerAmount),
              d.gatewayAmount === null ? "–" : money(d.gatewayAmount),
            ],
          }))}
        />
      ) : null}
      {view && view.paynow.length > 0 ? (
        <DataTable
          caption={labels.finance_paynow_heading}
          columns={[{ label: labels.finance_col_ref }, { label: labels.finance_col_reference }]}
          rows={view.paynow.map((p) => ({
            key: p.ref,
            cells: [<span className="finance-ref">{p.ref}</span>, p.reference ?? "–"],
          }))}
        />
      ) : null}
      {view && view.counter.length > 0 ? (
        <DataTable
          caption={labels.finance_counter_heading}
          columns={[
            { label: labels.finance_col_source },
            { label: labels.finance_col_method },
            { label: labels.finance_col_count, num: true },
            { label: labels.finance_col_amount, num: true },
          ]}
          rows={view.counter.map((c) => ({
            key: `${c.source}:${c.method}`,
            cells: [c.source, methodName(labels, c.method), c.count, money(c.amount)],
          }))}
        />
      ) : null}
      {view ? (
        view.signOff ? (
          <p className="console-notice">
            {fill(labels.finance_signed, {
              who: view.signOff.signedByName,
              when: sgTime(view.signOff.signedAt, lang),
            })}
          </p>
        ) : canSignOff && view.differences.length === 0 ? (
          <div className="console-actions">
            <button className="console-button" type="button" onClick={() => void signOff()}>
              {labels.finance_signoff}
            </button>
          </div>
        ) : (
          <p className="console-meta">{labels.finance_signoff_needs_approver}</p>
        )
      ) : null}
    </section>
  );
}
