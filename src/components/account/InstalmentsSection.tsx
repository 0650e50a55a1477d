import { useCallback, useEffect, useId, useState } from "react";
import {
  addDays,
  formatDate,
  formatMoney,
  instalmentPlan,
  sgtDate,
  type Cents,
  type SgtDate,
} from "@portal/domain";
import type { InstalmentPlanWire } from "@portal/adapters/responses";
import { localizedPath, type Language } from "../../i18n/paths";
import { writeInstalmentPayment } from "../../stores/instalment-payment";
import type { Call } from "./api";
import { Outcome, useOutcome } from "./Outcome";
import type { Label } from "./AccountArea";

interface SavedAssessment {
  readonly id: string;
  readonly assessedOn: string;
  readonly total: number;
}

/** A day written YYYY-MM-DD, as the donor reads it. */
const dayText = (day: string, lang: Language) =>
  formatDate(Date.parse(`${day}T12:00:00+08:00`), lang);

/**
 * Zakat in monthly instalments (issue 33, docs/instalments.md): start a plan from a saved assessment
 * to the haul date (its first month paid at checkout), see each plan's months, paid and remaining,
 * stop it, and at the end pay the remaining amount (an offer, never charged unasked).
 */
export function InstalmentsSection(props: {
  readonly call: Call;
  readonly t: Label;
  readonly lang: Language;
}) {
  const { call, t, lang } = props;
  const id = useId();
  const [plans, setPlans] = useState<ReadonlyArray<InstalmentPlanWire> | null>(null);
  const [assessments, setAssessments] = useState<ReadonlyArray<SavedAssessment>>([]);
  const [chosen, setChosen] = useState("");
  const today = sgtDate(Date.now());
  const [haulOn, setHaulOn] = useState<string>(addDays(today, 300));
  const { outcome, setOutcome, busy, run } = useOutcome(t);

  const load = useCallback(async () => {
    const [mine, saved] = await Promise.all([
      call<{ data: ReadonlyArray<InstalmentPlanWire> }>("listInstalmentPlans"),
      call<{ data: ReadonlyArray<SavedAssessment> }>("listAssessments"),
    ]);
    setPlans(mine.data);
    const due = saved.data.filter((a) => a.total > 0);
    setAssessments(due);
    setChosen((current) => current || due[0]?.id || "");
  }, [call]);

  useEffect(() => {
    load().catch(() => {
      setPlans([]);
      setOutcome({ error: t("account_error_generic") });
    });
  }, [load, t, setOutcome]);

  /** To checkout with the plan's payment: the amount the plan says (the server checks it again). */
  const pay = (plan: InstalmentPlanWire, part: "first" | "settle", amountCents: number) => {
    writeInstalmentPayment({ planId: plan.id, part, amountCents });
    window.location.assign(
      `${localizedPath("/checkout", lang)}?flow=zakat&instalment=${encodeURIComponent(plan.id)}`,
    );
  };

  const assessment = assessments.find((a) => a.id === chosen);
  const validHaul = /^\d{4}-\d{2}-\d{2}$/.test(haulOn) && haulOn > today;
  const preview =
    assessment && validHaul
      ? instalmentPlan({
          amount: assessment.total as Cents,
          firstDate: today,
          haulDate: haulOn as SgtDate,
        })
      : undefined;

  return (
    <section id="account-instalments" className="account-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t("instal_title")}</h2>
      <p>{t("instal_intro")}</p>
      <h3>{t("instal_start_heading")}</h3>
      {assessments.length === 0 ? (
        <p className="account-note">
          {t("instal_no_assessments")}{" "}
          <a href={localizedPath("/account/assessments", lang)}>{t("instal_assessments_link")}</a>
        </p>
      ) : (
        <form
          className="account-instalment-start"
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              const started = await call<{ data: InstalmentPlanWire }>("startInstalmentPlan", {
                assessmentId: chosen,
                haulOn,
                lang,
              });
              const first = started.data.months[0];
              if (first) pay(started.data, "first", first.amountCents);
              return t("instal_status_pending");
            });
          }}
        >
          <div className="calc-field">
            <label htmlFor={`${id}-assessment`}>{t("instal_assessment")}</label>
            <select
              id={`${id}-assessment`}
              name="assessment"
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
            >
              {assessments.map((a) => (
                <option key={a.id} value={a.id}>
                  {t("instal_assessment_option", {
                    date: dayText(a.assessedOn, lang),
                    amount: formatMoney(a.total as Cents),
                  })}
                </option>
              ))}
            </select>
          </div>
          <div className="calc-field">
            <label htmlFor={`${id}-haul`}>{t("instal_haul_date")}</label>
            <input
              id={`${id}-haul`}
              type="date"
              name="haulOn"
              value={haulOn}
              min={addDays(today, 1)}
              max={addDays(today, 355)}
              aria-describedby={`${id}-hint ${id}-preview`}
              onChange={(event) => setHaulOn(event.target.value)}
            />
          </div>
          <p id={`${id}-hint`} className="account-note">
            {t("instal_haul_hint")}
          </p>
          <p id={`${id}-preview`} aria-live="polite">
            {preview && preview.months.length > 0
              ? t("instal_preview", {
                  count: String(preview.months.length),
                  amount: formatMoney(preview.months[0]!.amount),
                  date: dayText(preview.months.at(-1)!.date, lang),
                })
              : t("instal_preview_none")}
          </p>
          <div className="account-buttons">
            <button type="submit" className="button" disabled={busy}>
              {t("instal_start")}
            </button>
          </div>
        </form>
      )}
      <Outcome {...outcome} />
      <h3>{t("instal_plans_heading")}</h3>
      {plans === null ? (
        <p className="account-note" role="status">
          {t("instal_loading")}
        </p>
      ) : plans.length === 0 ? (
        <p className="account-note">{t("instal_none")}</p>
      ) : (
        plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            t={t}
            lang={lang}
            busy={busy}
            onPay={pay}
            onStop={() =>
              void run(async () => {
                await call("stopInstalmentPlan", { id: plan.id });
                await load();
                return t("instal_stopped");
              })
            }
          />
        ))
      )}
    </section>
  );
}

function PlanCard(props: {
  readonly plan: InstalmentPlanWire;
  readonly t: Label;
  readonly lang: Language;
  readonly busy: boolean;
  readonly onPay: (plan: InstalmentPlanWire, part: "first" | "settle", amount: number) => void;
  readonly onStop: () => void;
}) {
  const { plan, t, lang } = props;
  const money = (value: number) => formatMoney(value as Cents);
  const settle = plan.settlement;
  return (
    <article className="account-instalment" data-testid="instalment-plan">
      <h4>
        {t("instal_plan_heading", {
          amount: money(plan.amountCents),
          date: dayText(plan.haulOn, lang),
        })}
      </h4>
      <dl className="account-facts">
        <dt>{t("instal_status")}</dt>
        <dd>{t(`instal_status_${plan.status}`)}</dd>
        <dt>{t("instal_paid")}</dt>
        <dd>{money(plan.paidCents)}</dd>
        <dt>{t("instal_remaining")}</dt>
        <dd>{money(plan.remainingCents)}</dd>
      </dl>
      <div className="account-table-wrap">
        <table className="account-table">
          <caption className="visually-hidden">{t("instal_months_caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("instal_month")}</th>
              <th scope="col">{t("instal_date")}</th>
              <th scope="col">{t("instal_amount")}</th>
              <th scope="col">{t("instal_status")}</th>
            </tr>
          </thead>
          <tbody>
            {plan.months.map((month) => (
              <tr key={month.index}>
                <td>{month.index + 1}</td>
                <td>{dayText(month.date, lang)}</td>
                <td>{money(month.amountCents)}</td>
                <td>{t(`instal_month_${month.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {settle?.kind === "offer" ? (
        <p>{t("instal_settle_text", { amount: money(settle.amountCents) })} </p>
      ) : settle?.kind === "paidMore" ? (
        <p>{t("instal_paid_more", { amount: money(settle.amountCents) })}</p>
      ) : settle?.kind === "settled" ? (
        <p>{t("instal_settled")}</p>
      ) : null}
      <div className="account-buttons">
        {plan.status === "pending" && plan.months[0] ? (
          <button
            type="button"
            className="button"
            onClick={() => props.onPay(plan, "first", plan.months[0]!.amountCents)}
          >
            {t("instal_pay_first", { amount: money(plan.months[0].amountCents) })}
          </button>
        ) : null}
        {settle?.kind === "offer" ? (
          <button
            type="button"
            className="button"
            onClick={() => props.onPay(plan, "settle", settle.amountCents)}
          >
            {t("instal_settle", { amount: money(settle.amountCents) })}
          </button>
        ) : null}
        {plan.status === "pending" || plan.status === "active" ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={props.busy}
            onClick={props.onStop}
          >
            {t("instal_stop")}
          </button>
        ) : null}
      </div>
    </article>
  );
}
