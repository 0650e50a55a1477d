import { useState } from "react";
import type { Language } from "../../i18n/paths";
import { downloadBase64, downloadText } from "../../lib/download";
import type { Call } from "./api";
import { Outcome, useOutcome } from "./Outcome";
import type { Label } from "./AccountArea";

/**
 * Statements: the year-end statement of a tax year as a PDF (every gift with fund, date, receipt number,
 * amount and tax treatment), and the next zakat harta due date as a calendar file.
 */
export function StatementSection(props: {
  readonly call: Call;
  readonly t: Label;
  readonly lang: Language;
  /** The years the donor gave in, newest first (from the history's answer). */
  readonly years: ReadonlyArray<number>;
}) {
  const { call, t, lang } = props;
  const { years } = props;
  // The newest year until the donor picks another.
  const [chosen, setChosen] = useState<number | null>(null);
  const year = chosen ?? years[0] ?? null;
  const { outcome, busy, run } = useOutcome(t);

  return (
    <section
      id="account-statements"
      className="account-section"
      aria-labelledby="account-statements-h"
    >
      <h2 id="account-statements-h">{t("account_statements_heading")}</h2>
      <p>{t("account_statements_text")}</p>
      {years.length === 0 ? (
        <p className="account-note">{t("account_statements_none")}</p>
      ) : (
        <div className="account-filters">
          <div className="calc-field">
            <label htmlFor="statement-year">{t("account_statement_year")}</label>
            <select
              id="statement-year"
              value={year ?? ""}
              onChange={(event) => setChosen(Number(event.currentTarget.value))}
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button"
            disabled={busy || year === null}
            onClick={() =>
              void run(async () => {
                const answer = await call<{ data: { fileName: string; pdfBase64: string } }>(
                  "getTaxYearStatement",
                  { year, lang },
                );
                downloadBase64(answer.data.pdfBase64, answer.data.fileName, "application/pdf");
                return t("account_statement_ready", { year: String(year) });
              })
            }
          >
            {t("account_statement_download")}
          </button>
        </div>
      )}
      <div className="account-buttons">
        <button
          type="button"
          className="account-link-button"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const answer = await call<{ data: { fileName: string; ics: string } }>(
                "getZakatDueCalendar",
                { lang },
              ).catch((error: unknown) => {
                if ((error as { httpStatus?: number }).httpStatus === 200) return null;
                throw error;
              });
              if (!answer) return t("account_calendar_none");
              downloadText(answer.data.ics, answer.data.fileName, "text/calendar");
              return t("account_calendar_ready");
            })
          }
        >
          {t("account_calendar_download")}
        </button>
      </div>
      <Outcome {...outcome} />
    </section>
  );
}
