import { useState, type FormEvent } from "react";
import type { DayView } from "@portal/adapters/finance";
import { consoleCall, fill, sgTime } from "../api";
import { money, sgToday, type FinanceLabels } from "./keys";

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
  const [view, setView] = useState<DayView | null>(null);
  const [error, setError] = useState("");

  const load = async (which: string) => {
    setError("");
    const reply = await consoleCall<DayView>(
      `/console/api/finance/day?day=${encodeURIComponent(which)}`,
    );
    if (reply.ok && reply.data) setView(reply.data);
    else setError(labels.finance_error);
  };
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
        <div className="console-field">
          <label htmlFor="finance-day">{labels.finance_reconcile_day}</label>
          <input
            id="finance-day"
            type="date"
            value={day}
            required
            onChange={(e) => setDay(e.target.value)}
          />
        </div>
        <div className="console-field finance-submit">
          <button className="console-button" type="submit">
            {labels.finance_reconcile_load}
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {error ? (
          <p role="alert" className="console-notice console-notice--error">
            {error}
          </p>
        ) : null}
        {view ? (
          <p className="finance-summary">
            {fill(labels.finance_reconcile_matched, { count: view.matched })}{" "}
            {view.differences.length === 0
              ? labels.finance_reconcile_clean
              : fill(labels.finance_reconcile_differences, { count: view.differences.length })}
          </p>
        ) : null}
      </div>
      {view && view.differences.length > 0 ? (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="finance-caption">
              {fill(labels.finance_reconcile_differences, { count: view.differences.length })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{labels.finance_col_kind}</th>
                <th scope="col">{labels.finance_col_transaction}</th>
                <th scope="col">{labels.finance_col_ref}</th>
                <th scope="col" className="finance-num">
                  {labels.finance_col_ledger}
                </th>
                <th scope="col" className="finance-num">
                  {labels.finance_col_gateway}
                </th>
              </tr>
            </thead>
            <tbody>
              {view.differences.map((d) => (
                <tr key={`${d.kind}:${d.ref}`}>
                  <th scope="row">{labels[`finance_diff_${d.kind}`]}</th>
                  <td>{d.transactionNo ?? "–"}</td>
                  <td className="finance-ref">{d.ref}</td>
                  <td className="finance-num">
                    {d.ledgerAmount === null ? "–" : money(d.ledgerAmount)}
                  </td>
                  <td className="finance-num">
                    {d.gatewayAmount === null ? "–" : money(d.gatewayAmount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {view && view.paynow.length > 0 ? (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="finance-caption">{labels.finance_paynow_heading}</caption>
            <thead>
              <tr>
                <th scope="col">{labels.finance_col_ref}</th>
                <th scope="col">{labels.finance_col_reference}</th>
              </tr>
            </thead>
            <tbody>
              {view.paynow.map((p) => (
                <tr key={p.ref}>
                  <td className="finance-ref">{p.ref}</td>
                  <td>{p.reference ?? "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {view && view.counter.length > 0 ? (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="finance-caption">{labels.finance_counter_heading}</caption>
            <thead>
              <tr>
                <th scope="col">{labels.finance_col_source}</th>
                <th scope="col">{labels.finance_col_method}</th>
                <th scope="col" className="finance-num">
                  {labels.finance_col_count}
                </th>
                <th scope="col" className="finance-num">
                  {labels.finance_col_amount}
                </th>
              </tr>
            </thead>
            <tbody>
              {view.counter.map((c) => (
                <tr key={`${c.source}:${c.method}`}>
                  <td>{c.source}</td>
                  <td>{c.method}</td>
                  <td className="finance-num">{c.count}</td>
                  <td className="finance-num">{money(c.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
