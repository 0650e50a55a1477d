import {
  formatDate,
  formatMoney,
  formatPercent,
  instalmentPlan,
  type Cents,
  type HaulWealth,
  type HijriDay,
  type SgtDate,
} from "@portal/domain";
import { labelKeyOf } from "../../i18n/fill";
import { localizedPath, type Language } from "../../i18n/paths";
import { payOn } from "./pay-on";

export interface Line {
  readonly id: string;
  readonly wealth: HaulWealth;
  readonly kind: "balance" | "payment";
  readonly date: string;
  readonly balance: number | null;
}

export interface Step {
  readonly code: string;
  readonly figures: ReadonlyArray<{ key: string; value: number | string; unit: string }>;
}

export interface Haul {
  readonly status: "none" | "running" | "due";
  readonly start: string | null;
  readonly dueDate: string | null;
  readonly dueDateHijri: HijriDay | null;
  readonly lowest: { readonly date: string; readonly balance: number } | null;
  readonly breaks: ReadonlyArray<{ date: string }>;
  readonly nisabAtEnd: number | null;
  readonly amount: number;
  readonly steps: ReadonlyArray<Step>;
}

/**
 * One wealth of the haul tracker (docs/haul-tracker.md): its haul's status, start, lowest balance, due
 * date (Gregorian and the council's Hijri), nisab at the end and zakat; each step in words; its lines.
 */
export function HaulWealthSection(props: {
  readonly wealth: HaulWealth;
  readonly lastPayment: { readonly date: string; readonly source: "recorded" | "portal" } | null;
  readonly haul: Haul;
  readonly lines: ReadonlyArray<Line>;
  readonly lang: Language;
  readonly t: (key: string, values?: Readonly<Record<string, string>>) => string;
  readonly busy: boolean;
  /** Today on the portal's clock (the tracker's `asOf`): a monthly plan's first month. */
  readonly today: string;
  readonly onEdit: (line: Line) => void;
  readonly onDelete: (line: Line) => void;
  /** Start a monthly plan towards this haul's zakat (docs/instalments.md); the server prices it. */
  readonly onPayMonthly: (wealth: HaulWealth, amountCents: number) => void;
  /** Why starting that plan was refused, in words. */
  readonly monthlyFailure: string | undefined;
}) {
  const { wealth, lastPayment, haul, lines, lang, t, busy, today } = props;
  // A running haul's zakat can be paid month by month until its due date (the schedule's own rule).
  const monthly =
    haul.status === "running" && haul.amount > 0 && haul.dueDate !== null && haul.dueDate > today
      ? instalmentPlan({
          amount: haul.amount as Cents,
          firstDate: today as SgtDate,
          haulDate: haul.dueDate as SgtDate,
        })
      : undefined;
  const headingId = `haul-${wealth}`;
  const date = (value: string) => formatDate(Date.parse(`${value}T00:00:00+08:00`), lang);
  const wealthName = (w: HaulWealth) => t(`haul_wealth_${w}`);
  // `3 Ramadan 1448 AH` (`… H`), with ", estimated" (", anggaran") where the council has not published.
  const hijri = (day: HijriDay | null) =>
    day === null
      ? undefined
      : t(day.estimated ? "hijri_date_estimated" : "hijri_date", {
          day: String(day.day),
          month: t(`hijri_month_${day.month}`),
          year: String(day.year),
        });
  const sentence = (step: Step, dueHijri: string | undefined) =>
    t(labelKeyOf(step.code), {
      ...Object.fromEntries(
        step.figures.map((f) => [
          f.key,
          f.unit === "date"
            ? f.key === "dueDate" && dueHijri
              ? `${date(String(f.value))} (${dueHijri})`
              : date(String(f.value))
            : f.unit === "cents"
              ? formatMoney(Number(f.value) as Cents)
              : f.unit === "rate"
                ? formatPercent(Number(f.value) * 100)
                : String(f.value),
        ]),
      ),
    });

  return (
    <section
      className="calc-card haul-wealth"
      aria-labelledby={headingId}
      data-testid={`haul-${wealth}`}
    >
      <h2 id={headingId}>{wealthName(wealth)}</h2>
      <p className={`haul-status haul-status-${haul.status}`}>{t(`haul_status_${haul.status}`)}</p>
      <dl className="account-facts">
        {haul.start ? (
          <div>
            <dt>{t("haul_summary_start")}</dt>
            <dd>{date(haul.start)}</dd>
          </div>
        ) : null}
        {haul.lowest ? (
          <div>
            <dt>{t("haul_summary_lowest")}</dt>
            <dd>{formatMoney(haul.lowest.balance as Cents)}</dd>
          </div>
        ) : null}
        {haul.dueDate ? (
          <div>
            <dt>{t("haul_summary_due")}</dt>
            <dd data-testid="haul-due">
              {date(haul.dueDate)}
              {haul.dueDateHijri ? (
                <>
                  <br />
                  <span className="haul-hijri">{hijri(haul.dueDateHijri)}</span>
                </>
              ) : null}
            </dd>
          </div>
        ) : null}
        {haul.nisabAtEnd !== null ? (
          <div>
            <dt>{t("haul_summary_nisab")}</dt>
            <dd>{formatMoney(haul.nisabAtEnd as Cents)}</dd>
          </div>
        ) : null}
        {haul.dueDate ? (
          <div>
            <dt>{haul.status === "due" ? t("haul_summary_amount") : t("haul_summary_expected")}</dt>
            <dd data-testid="haul-amount">{formatMoney(haul.amount as Cents)}</dd>
          </div>
        ) : null}
      </dl>
      {haul.status === "due" && haul.amount > 0 && haul.lowest ? (
        <a
          className="button"
          data-testid="haul-pay"
          href={`${localizedPath("/checkout", lang)}?flow=zakat`}
          onClick={() => payOn(wealth, haul.lowest!.balance as Cents)}
        >
          {t("haul_pay", { amount: formatMoney(haul.amount as Cents) })}
        </a>
      ) : null}
      {monthly && monthly.months.length > 0 ? (
        <div className="haul-monthly" data-testid="haul-monthly">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => props.onPayMonthly(wealth, haul.amount)}
          >
            {t("haul_instal", { date: date(haul.dueDate!) })}
          </button>
          <p className="haul-note">
            {t("haul_instal_note", {
              count: String(monthly.months.length),
              amount: formatMoney(monthly.months[0]!.amount),
            })}
          </p>
          {props.monthlyFailure ? <p role="alert">{props.monthlyFailure}</p> : null}
        </div>
      ) : null}
      {lastPayment?.source === "portal" ? (
        <p className="haul-note">{t("haul_from_portal", { date: date(lastPayment.date) })}</p>
      ) : null}
      <h3>{t("haul_steps_heading")}</h3>
      <ol className="haul-steps" data-testid="haul-steps">
        {haul.steps.map((step, index) => (
          <li key={index} data-code={step.code}>
            {sentence(step, hijri(haul.dueDateHijri))}
          </li>
        ))}
      </ol>
      <h3>{t("haul_lines_heading")}</h3>
      <div className="account-table-wrap">
        <table className="account-table haul-lines">
          <thead>
            <tr>
              <th scope="col">{t("haul_col_date")}</th>
              <th scope="col">{t("haul_col_what")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("haul_col_actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const what =
                line.balance === null ? t("haul_line_payment") : formatMoney(line.balance as Cents);
              return (
                <tr key={line.id}>
                  <td>{date(line.date)}</td>
                  <td>{what}</td>
                  <td className="haul-line-actions">
                    <button
                      type="button"
                      className="account-link-button"
                      disabled={busy}
                      aria-label={t("haul_edit_line", { date: date(line.date), what })}
                      onClick={() => props.onEdit(line)}
                    >
                      {t("haul_edit")}
                    </button>
                    <button
                      type="button"
                      className="account-link-button"
                      disabled={busy}
                      aria-label={t("haul_delete_line", { date: date(line.date), what })}
                      onClick={() => props.onDelete(line)}
                    >
                      {t("haul_delete")}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
