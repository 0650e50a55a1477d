import { fundNameKey } from "../../i18n/funds";
import { useEffect, useId, useState, type FormEvent } from "react";
import {
  checkAmount,
  formatDate,
  formatMoney,
  fundOf,
  isWakafFlow,
  type Cents,
  type DateLanguage,
} from "@portal/domain";
import type { RecurringPlan } from "@portal/adapters/responses";
import { readMoneyText } from "../giving/amount";
import { failureText, type Call } from "./api";
import { Outcome, useOutcome } from "./Outcome";
import type { Label } from "./AccountArea";

/** A plan as getRecurringPlans answers it (the wire schema's type). */
type Plan = typeof RecurringPlan.Type;

interface SavedCard {
  readonly id: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
}

type Props = {
  readonly call: Call;
  readonly t: Label;
  readonly lang: DateLanguage;
  readonly version: number;
  readonly onChanged: () => void;
};

/** A calendar date (yyyy-mm-dd, Singapore) as D MMM YYYY. */
const dateText = (date: string, lang: DateLanguage) =>
  formatDate(Date.parse(`${date}T00:00:00+08:00`), lang);

function PlanCard(props: {
  readonly plan: Plan;
  readonly cards: ReadonlyArray<SavedCard>;
  readonly call: Call;
  readonly t: Label;
  readonly lang: DateLanguage;
  readonly onChanged: () => void;
}) {
  const { plan, cards, call, t, lang } = props;
  const id = useId();
  const [mode, setMode] = useState<"view" | "amount" | "card" | "cancel">("view");
  const [amount, setAmount] = useState((plan.amountCents / 100).toFixed(2));
  const [cardId, setCardId] = useState(cards[0]?.id ?? "");
  const [fieldError, setFieldError] = useState<string>();
  const outcomeOf = useOutcome(t);
  const { outcome, busy } = outcomeOf;
  const fund = t(fundNameKey(plan.flow));
  /** A change of the plan: done, the card shows it again and the plans and history reload. */
  const run = (work: () => Promise<string>) =>
    outcomeOf.run(async () => {
      const done = await work();
      setMode("view");
      props.onChanged();
      return done;
    });
  const saveAmount = (event: FormEvent) => {
    event.preventDefault();
    const parsed = readMoneyText(amount);
    const cents = parsed.ok ? parsed.value : undefined;
    const limits = fundOf(plan.flow).limits;
    const issue = cents === undefined ? undefined : checkAmount(limits, cents);
    if (cents === undefined || cents === 0) return setFieldError(t("wakaf_error_amount"));
    if (issue) {
      return setFieldError(
        issue.key === "validation.amount.min"
          ? t("wakaf_error_min", { min: formatMoney(limits.min) })
          : isWakafFlow(plan.flow)
            ? t("trust_fe_wakaf_approval", { max: formatMoney(limits.max) })
            : t("wakaf_error_max", { max: formatMoney(limits.max) }),
      );
    }
    setFieldError(undefined);
    void run(async () => {
      await call("updateRecurringPlan", { transactionNo: plan.transactionNo, amountCents: cents });
      return t("account_plan_amount_changed", { amount: formatMoney(cents) });
    });
  };
  const status = t(`account_plan_${plan.recurringStatus}`);
  return (
    <li className="account-plan" data-plan={plan.transactionNo} data-status={plan.recurringStatus}>
      <h3 id={`${id}-h`}>
        {t("account_plan_title", {
          fund,
          frequency: t(`account_frequency_${plan.frequency}`),
        })}
      </h3>
      <dl className="account-facts">
        <div>
          <dt>{t("account_col_amount")}</dt>
          <dd data-testid="plan-amount">{formatMoney(plan.amountCents as Cents)}</dd>
        </div>
        <div>
          <dt>{t("account_col_status")}</dt>
          <dd data-testid="plan-status">{status}</dd>
        </div>
        <div>
          <dt>{t("account_plan_next")}</dt>
          <dd>{plan.nextDonationDate ? dateText(plan.nextDonationDate, lang) : "-"}</dd>
        </div>
        <div>
          <dt>{t("account_plan_card")}</dt>
          <dd>
            {plan.card
              ? t("account_card_ending", { brand: plan.card.brand, last4: plan.card.last4 })
              : "-"}
          </dd>
        </div>
      </dl>
      {plan.recurringStatus !== "cancelled" && mode === "view" ? (
        <div className="account-buttons">
          {plan.amountEditable ? (
            <button type="button" className="button" onClick={() => setMode("amount")}>
              {t("account_plan_change_amount")}
            </button>
          ) : null}
          {cards.length > 0 ? (
            <button type="button" className="button" onClick={() => setMode("card")}>
              {t("account_plan_change_card")}
            </button>
          ) : null}
          <button type="button" className="button button-danger" onClick={() => setMode("cancel")}>
            {t("account_plan_cancel")}
          </button>
        </div>
      ) : null}
      {mode === "amount" ? (
        <form className="account-form" onSubmit={saveAmount} noValidate>
          <div className="calc-field">
            <label htmlFor={`${id}-amount`}>{t("account_plan_new_amount")}</label>
            <input
              id={`${id}-amount`}
              name="amount"
              inputMode="decimal"
              maxLength={14}
              value={amount}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-amount-error` : undefined}
              onChange={(event) => setAmount(event.currentTarget.value)}
            />
            {fieldError ? (
              <p id={`${id}-amount-error`} className="calc-error">
                {fieldError}
              </p>
            ) : null}
          </div>
          <SaveOrCancel
            busy={busy}
            save={t("account_plan_save_amount")}
            cancel={t("account_cancel")}
            onCancel={() => setMode("view")}
          />
        </form>
      ) : null}
      {mode === "card" ? (
        <form
          className="account-form"
          onSubmit={(event) => {
            event.preventDefault();
            const card = cards.find((c) => c.id === cardId);
            void run(async () => {
              await call("updateRecurringPlan", {
                transactionNo: plan.transactionNo,
                savedCardId: cardId,
              });
              return t("account_plan_card_changed", {
                card: card
                  ? t("account_card_ending", { brand: card.brand, last4: card.last4 })
                  : "",
              });
            });
          }}
        >
          <div className="calc-field">
            <label htmlFor={`${id}-card`}>{t("account_plan_new_card")}</label>
            <select
              id={`${id}-card`}
              value={cardId}
              onChange={(event) => setCardId(event.currentTarget.value)}
            >
              {cards.map((card) => (
                <option key={card.id} value={card.id}>
                  {t("account_card_ending", { brand: card.brand, last4: card.last4 })}
                </option>
              ))}
            </select>
          </div>
          <SaveOrCancel
            busy={busy}
            save={t("account_plan_save_card")}
            cancel={t("account_cancel")}
            onCancel={() => setMode("view")}
          />
        </form>
      ) : null}
      {mode === "cancel" ? (
        <div className="account-confirm" role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>
            {t("account_plan_cancel_confirm", {
              fund,
              amount: formatMoney(plan.amountCents as Cents),
            })}
          </p>
          <div className="account-buttons">
            <button
              type="button"
              className="button button-danger"
              disabled={busy}
              autoFocus
              onClick={() =>
                void run(async () => {
                  await call("cancelRecurringPayment", { transactionNo: plan.transactionNo });
                  return t("account_plan_cancelled_done", { fund });
                })
              }
            >
              {t("account_plan_cancel_yes")}
            </button>
            <button type="button" className="account-link-button" onClick={() => setMode("view")}>
              {t("account_plan_cancel_no")}
            </button>
          </div>
        </div>
      ) : null}
      <Outcome {...outcome} />
    </li>
  );
}

/** Recurring plans (spec §4 recurring status and cancel) and the saved cards they can use. */
/** A change form's buttons: save it, or leave it unchanged. */
function SaveOrCancel(props: {
  readonly busy: boolean;
  readonly save: string;
  readonly cancel: string;
  readonly onCancel: () => void;
}) {
  return (
    <div className="account-buttons">
      <button type="submit" className="button" disabled={props.busy}>
        {props.save}
      </button>
      <button type="button" className="account-link-button" onClick={props.onCancel}>
        {props.cancel}
      </button>
    </div>
  );
}

export function PlansSection(props: Props) {
  const { call, t } = props;
  const [plans, setPlans] = useState<ReadonlyArray<Plan> | null>(null);
  const [cards, setCards] = useState<ReadonlyArray<SavedCard>>([]);
  const [error, setError] = useState<string>();
  const [removing, setRemoving] = useState<string | null>(null);
  const [cardDone, setCardDone] = useState("");
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    Promise.all([
      call<{ data: ReadonlyArray<Plan> }>("getRecurringPlans"),
      call<{ data: { userStripeTokens: { result: ReadonlyArray<SavedCard> } } }>(
        "getUserStripeToken",
        {},
        { Guid: "me", charityId: 25 },
      ),
    ]).then(
      ([planAnswer, cardAnswer]) => {
        if (!live) return;
        setPlans(planAnswer.data);
        setCards(cardAnswer.data.userStripeTokens.result);
      },
      (failure: unknown) => live && setError(failureText(failure, t)),
    );
    return () => {
      live = false;
    };
  }, [call, t, props.version, reload]);

  const remove = async (card: SavedCard) => {
    try {
      await call("removeUserStripeToken", { id: card.id });
      setRemoving(null);
      setCardDone(t("account_card_removed", { brand: card.brand, last4: card.last4 }));
      setReload((n) => n + 1);
    } catch (failure) {
      setError(failureText(failure, t));
    }
  };

  return (
    <section id="account-plans" className="account-section" aria-labelledby="account-plans-h">
      <h2 id="account-plans-h">{t("account_plans_heading")}</h2>
      {error ? (
        <p className="calc-error" role="alert">
          {error}
        </p>
      ) : null}
      {plans === null ? (
        <p className="account-note">{t("account_loading")}</p>
      ) : plans.length === 0 ? (
        <p className="account-note">{t("account_plans_none")}</p>
      ) : (
        <ul className="account-plans">
          {plans.map((plan) => (
            <PlanCard
              key={`${plan.transactionNo}-${plan.amountCents}-${plan.recurringStatus}-${plan.card?.last4 ?? ""}`}
              plan={plan}
              cards={cards}
              call={call}
              t={t}
              lang={props.lang}
              onChanged={props.onChanged}
            />
          ))}
        </ul>
      )}
      <h3>{t("account_cards_heading")}</h3>
      {cards.length === 0 ? (
        <p className="account-note">{t("account_cards_none")}</p>
      ) : (
        <ul className="account-cards">
          {cards.map((card) => (
            <li key={card.id} data-card={card.last4}>
              <span>
                {t("account_card_ending", { brand: card.brand, last4: card.last4 })}{" "}
                {t("account_card_expires", {
                  date: `${String(card.expMonth).padStart(2, "0")}/${card.expYear}`,
                })}
              </span>
              {removing === card.id ? (
                <span
                  className="account-buttons"
                  role="group"
                  aria-label={t("account_card_remove_confirm")}
                >
                  <span>{t("account_card_remove_confirm")}</span>
                  <button
                    type="button"
                    className="button button-danger"
                    autoFocus
                    onClick={() => void remove(card)}
                  >
                    {t("account_card_remove_yes")}
                  </button>
                  <button
                    type="button"
                    className="account-link-button"
                    onClick={() => setRemoving(null)}
                  >
                    {t("account_cancel")}
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="account-link-button"
                  onClick={() => setRemoving(card.id)}
                >
                  {t("account_card_remove")}
                  <span className="visually-hidden">
                    {" "}
                    {t("account_card_ending", { brand: card.brand, last4: card.last4 })}
                  </span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="account-done" role="status">
        {cardDone}
      </p>
    </section>
  );
}
