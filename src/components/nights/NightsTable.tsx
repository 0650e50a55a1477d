import { useRef, useState } from "react";
import { formatDate, formatMoney, type Cents } from "@portal/domain";
import type { Language } from "../../i18n/paths";

/** A night as the server answers it; `status` once it is scheduled. */
export interface NightRow {
  readonly night: number;
  readonly on: string;
  readonly chargeOn: string;
  readonly estimated: boolean;
  readonly status?: string;
}

export interface Schedule {
  readonly id: string;
  readonly year: number;
  readonly amountCents: number;
  readonly cardBrand: string;
  readonly cardLast4: string;
  readonly status: "active" | "stopped";
  readonly nights: ReadonlyArray<NightRow>;
}

export type Text = (key: string, values?: Readonly<Record<string, string>>) => string;

/** A `YYYY-MM-DD` Singapore day as the pages write dates (`10 Mar 2026`). */
const dayText = (iso: string, lang: Language) =>
  formatDate(Date.parse(`${iso}T12:00:00+08:00`), lang);

/**
 * The nights of a Ramadan: each night's Hijri day, the Gregorian evening it is charged on, whether
 * that day is the council's or estimated, and (once scheduled) its status.
 */
export function NightsTable(props: {
  readonly nights: ReadonlyArray<NightRow>;
  readonly year: number;
  readonly lang: Language;
  readonly t: Text;
}) {
  const { t, lang } = props;
  const withStatus = props.nights.some((n) => n.status !== undefined);
  return (
    <div className="nights-table-wrap">
      <table className="nights-table" data-testid="nights-table">
        <caption>{t("nights_table_caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("nights_col_night")}</th>
            <th scope="col">{t("nights_col_evening")}</th>
            <th scope="col">{t("nights_col_basis")}</th>
            {withStatus ? <th scope="col">{t("nights_col_status")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {props.nights.map((n) => (
            <tr key={n.night} data-night={n.night} data-status={n.status}>
              <th scope="row">
                {t("nights_night", { night: String(n.night), year: String(props.year) })}
              </th>
              <td>{dayText(n.chargeOn, lang)}</td>
              <td>{n.estimated ? t("nights_estimated") : t("nights_published")}</td>
              {withStatus ? <td>{t(`nights_status_${n.status ?? "scheduled"}`)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      {props.nights.some((n) => n.estimated) ? (
        <p className="nights-note">{t("nights_estimated_note")}</p>
      ) : null}
    </div>
  );
}

/**
 * One schedule: what it gives, its nights with their status, and stopping it after a confirmation
 * (`stop` resolves once the server has stopped it; it rejects with the message to show).
 */
export function ScheduleCard(props: {
  readonly schedule: Schedule;
  readonly lang: Language;
  readonly t: Text;
  readonly stop: () => Promise<void>;
  readonly stoppedNow?: boolean;
}) {
  const { schedule, t } = props;
  const [step, setStep] = useState<"idle" | "asking" | "working">("idle");
  const [failure, setFailure] = useState<string>();
  const stopButton = useRef<HTMLButtonElement>(null);
  const amount = formatMoney(schedule.amountCents as Cents);
  const headingId = `nights-schedule-${schedule.id}`;
  const confirmStop = () => {
    setStep("working");
    setFailure(undefined);
    props
      .stop()
      .catch((error: unknown) =>
        setFailure(error instanceof Error ? error.message : t("account_error_generic")),
      )
      .finally(() => setStep("idle"));
  };
  return (
    <section
      className="nights-schedule calc-card"
      aria-labelledby={headingId}
      data-testid="nights-schedule"
      data-status={schedule.status}
    >
      <h3 id={headingId}>
        {t("nights_schedule_summary", {
          year: String(schedule.year),
          amount,
          brand: schedule.cardBrand.toUpperCase(),
          last4: schedule.cardLast4,
        })}
      </h3>
      <p className="nights-schedule-status" data-testid="nights-schedule-status">
        {schedule.status === "active" ? t("nights_schedule_active") : t("nights_schedule_stopped")}
      </p>
      <NightsTable nights={schedule.nights} year={schedule.year} lang={props.lang} t={t} />
      {schedule.status === "stopped" ? (
        props.stoppedNow ? (
          <p className="nights-done" role="status">
            {t("nights_stopped_now")}
          </p>
        ) : null
      ) : step === "idle" ? (
        <>
          {failure ? (
            <p role="alert" className="nights-problem">
              {failure}
            </p>
          ) : null}
          <button
            type="button"
            className="button button-danger"
            ref={stopButton}
            onClick={() => setStep("asking")}
          >
            {t("nights_stop")}
          </button>
        </>
      ) : (
        <div className="nights-confirm" role="group" aria-labelledby={`${headingId}-q`}>
          <p id={`${headingId}-q`}>{t("nights_stop_confirm")}</p>
          <div className="nights-buttons">
            <button
              type="button"
              className="button button-danger"
              autoFocus
              disabled={step === "working"}
              onClick={confirmStop}
            >
              {step === "working" ? t("nights_working") : t("nights_stop_yes")}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={step === "working"}
              onClick={() => {
                setStep("idle");
                requestAnimationFrame(() => stopButton.current?.focus());
              }}
            >
              {t("nights_stop_no")}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
