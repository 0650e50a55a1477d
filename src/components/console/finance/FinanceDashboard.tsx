import { useEffect, useState, type FormEvent } from "react";
import type { Dashboard } from "@portal/adapters/finance";
import { FLOW_TYPES, type FlowType } from "@portal/domain";
import { financeFundKey } from "../../../i18n/funds";
import { fill } from "../api";
import ChartTable, { type Row } from "./ChartTable";
import { Field, Outcome, Submit } from "./parts";
import { methodName, money, sgToday, type FinanceLabels } from "./keys";
import { useFinanceRead } from "./useFinanceRead";

interface Props {
  readonly labels: FinanceLabels;
  readonly canExport: boolean;
}

const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/** The dashboard: a range and a fund, then the figures, each chart with its table. */
export default function FinanceDashboard({ labels, canExport }: Props) {
  const today = sgToday();
  const [from, setFrom] = useState(monthStart(today));
  const [to, setTo] = useState(today);
  const [fund, setFund] = useState("");
  const [query, setQuery] = useState(() => new URLSearchParams({ from, to }).toString());
  const { data, error, setError, load } = useFinanceRead<Dashboard>(
    labels.finance_error,
    labels.finance_bad_range,
  );

  useEffect(() => {
    void load(`/console/api/finance/dashboard?${query}`);
  }, [load, query]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (from > to) {
      setError(labels.finance_bad_range);
      return;
    }
    setQuery(new URLSearchParams({ from, to, ...(fund ? { fund } : {}) }).toString());
  };

  const fundName = (key: string) =>
    (labels as Readonly<Record<string, string | undefined>>)[financeFundKey(key as FlowType)] ??
    key;
  const rows = (
    buckets: Dashboard["collections"]["byDay"],
    name: (k: string) => string = (k) => k,
  ): Row[] => buckets.map((b) => ({ ...b, label: name(b.key) }));

  return (
    <section className="console-card" aria-labelledby="finance-dashboard">
      <h2 id="finance-dashboard">{labels.finance_dashboard_heading}</h2>
      <form className="console-fields" onSubmit={submit}>
        <Field
          id="finance-from"
          label={labels.finance_filter_from}
          type="date"
          value={from}
          onChange={setFrom}
        />
        <Field
          id="finance-to"
          label={labels.finance_filter_to}
          type="date"
          value={to}
          onChange={setTo}
        />
        <div className="console-field">
          <label htmlFor="finance-fund">{labels.finance_filter_fund}</label>
          <select id="finance-fund" value={fund} onChange={(e) => setFund(e.target.value)}>
            <option value="">{labels.finance_fund_all}</option>
            {FLOW_TYPES.map((f) => (
              <option key={f} value={f}>
                {fundName(f)}
              </option>
            ))}
          </select>
        </div>
        <Submit label={labels.finance_show} />
      </form>
      <Outcome text={error} />
      {data ? (
        <>
          <p className="finance-summary">
            {fill(labels.finance_total, {
              amount: money(data.collections.total.amount),
              count: data.collections.total.count,
              donors: data.donors,
            })}{" "}
            {fill(labels.finance_recurring, {
              plans: data.recurring.plans,
              amount: money(data.recurring.monthly),
            })}
            {data.donorsEstimated ? ` ${labels.finscale_donors_estimated}` : null}
          </p>
          {(
            [
              [labels.finance_by_day, labels.finance_col_period, rows(data.collections.byDay)],
              [labels.finance_by_week, labels.finance_col_period, rows(data.collections.byWeek)],
              [labels.finance_by_month, labels.finance_col_period, rows(data.collections.byMonth)],
              [
                labels.finance_by_fund,
                labels.finance_filter_fund,
                rows(data.collections.byFund, fundName),
              ],
              [
                labels.finance_by_method,
                labels.finance_col_method,
                rows(data.collections.byMethod, (m) => methodName(labels, m)),
              ],
            ] as const
          ).map(([title, first, figures]) => (
            <ChartTable
              key={title}
              title={title}
              firstColumn={first}
              rows={figures}
              labels={labels}
            />
          ))}
          <ChartTable
            title={labels.finance_returned_heading}
            firstColumn={labels.finance_col_status}
            rows={data.returned.map((r) => ({
              key: r.status,
              label:
                r.status === "refunded"
                  ? labels.finance_status_refunded
                  : labels.finance_status_voided,
              count: r.count,
              amount: r.amount,
            }))}
            labels={labels}
            chart={false}
          />
          <ChartTable
            title={labels.finance_busiest}
            firstColumn={labels.finance_col_minute}
            rows={data.busiestMinutes.map((m) => ({
              key: m.minute,
              label: m.minute,
              count: m.count,
              amount: m.amount,
            }))}
            labels={labels}
            chart={false}
          />
        </>
      ) : null}
      {canExport ? (
        <section aria-labelledby="finance-export" className="finance-export">
          <h3 id="finance-export">{labels.finance_export_heading}</h3>
          <p>{labels.finance_export_intro}</p>
          <div className="console-actions">
            <a
              className="console-button"
              href={`/console/api/finance/export?${query}&format=csv`}
              download
            >
              {labels.finance_export_csv}
            </a>
            <a
              className="console-button console-button--quiet"
              href={`/console/api/finance/export?${query}&format=xlsx`}
              download
            >
              {labels.finance_export_xlsx}
            </a>
          </div>
        </section>
      ) : null}
    </section>
  );
}
