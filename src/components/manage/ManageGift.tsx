import { fundNameKey } from "../../i18n/funds";
import { useEffect, useRef, useState } from "react";
import { formatDate, formatMoney, isFlowType, type Cents } from "@portal/domain";
import { fill } from "../../i18n/fill";
import type { Language } from "../../i18n/paths";
import { request } from "../../lib/api";
import type { ManageLabels } from "./labels";

/** One plan as its manage link shows it (getDonorTxnRecurrentStatus with the link's token). */
interface Plan {
  readonly transactionNo: string;
  readonly recurringStatus: "active" | "suspended" | "cancelled";
  readonly frequency: string;
  readonly nextDonationDate: string | null;
  readonly amountCents: number;
  readonly flow: string;
}

type State =
  | { readonly phase: "loading" }
  | { readonly phase: "missing" }
  /** Too many look-ups from this address just now (429): the link may well be good. */
  | { readonly phase: "limited" }
  | { readonly phase: "ready"; readonly plan: Plan; readonly stoppedNow: boolean };

/**
 * The link's transaction number and token, from the address's fragment (`#no=…&key=…`): the browser
 * never sends a fragment, so the token reaches neither the server's logs nor a Referer.
 */
const linkOf = (): { transactionNo: string; token: string } | undefined => {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const transactionNo = fragment.get("no");
  const token = fragment.get("key");
  return transactionNo && token ? { transactionNo, token } : undefined;
};

const ask = async (name: "getDonorTxnRecurrentStatus" | "cancelRecurringPayment") => {
  const link = linkOf();
  if (!link) return undefined;
  // Any refusal is this page's own message, not a reload or the 'Oops!' notice.
  const reply = (await request(name, { body: link }, { keepPage: true })) as {
    readonly status?: unknown;
    readonly data?: Plan;
  };
  return reply.status === 1 ? reply : undefined;
};

/**
 * The "manage this gift" page's island: the one plan its e-mailed link opens (fund, amount, how
 * often, next payment, status), and stopping it after a confirmation. A wrong, expired or another
 * plan's link, like a missing one, says the link opens nothing.
 */
export default function ManageGift({
  labels,
  lang,
}: {
  readonly labels: ManageLabels;
  readonly lang: Language;
}) {
  const t = (key: keyof ManageLabels, values: Readonly<Record<string, string>> = {}) =>
    fill(labels[key], values);
  const [state, setState] = useState<State>({ phase: "loading" });
  const [step, setStep] = useState<"idle" | "asking" | "working" | "failed">("idle");
  const heading = useRef<HTMLHeadingElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const outcome = useRef<HTMLParagraphElement>(null);

  const load = (stoppedNow: boolean) =>
    ask("getDonorTxnRecurrentStatus")
      .then((reply) =>
        setState(
          reply?.data?.flow
            ? { phase: "ready", plan: reply.data, stoppedNow }
            : { phase: "missing" },
        ),
      )
      .catch((error: unknown) =>
        setState({ phase: (error as { status?: unknown }).status === 429 ? "limited" : "missing" }),
      );

  useEffect(() => {
    void load(false);
  }, []);

  useEffect(() => {
    if (state.phase === "missing" || state.phase === "limited") heading.current?.focus();
    if (state.phase === "ready" && state.stoppedNow) outcome.current?.focus();
  }, [state]);

  if (state.phase === "loading") {
    return (
      <p className="manage-gift-loading" role="status">
        {t("manage_gift_loading")}
      </p>
    );
  }
  if (state.phase === "limited") {
    return (
      <section className="manage-gift-card" aria-labelledby="manage-gift-limited">
        <h2 id="manage-gift-limited" ref={heading} tabIndex={-1}>
          {t("manage_gift_rate_limited_title")}
        </h2>
        <p>{t("manage_gift_rate_limited")}</p>
      </section>
    );
  }
  if (state.phase === "missing") {
    return (
      <section className="manage-gift-card" aria-labelledby="manage-gift-missing">
        <h2 id="manage-gift-missing" ref={heading} tabIndex={-1}>
          {t("manage_gift_not_found_title")}
        </h2>
        <p>{t("manage_gift_not_found")}</p>
      </section>
    );
  }

  const { plan } = state;
  const frequency = plan.frequency as "daily" | "weekly" | "monthly" | "quarterly" | "annually";
  const fund = isFlowType(plan.flow) ? t(fundNameKey(plan.flow)) : plan.flow;
  const amount = formatMoney(plan.amountCents as Cents);
  const stopped = plan.recurringStatus === "cancelled";

  const stop = () => {
    setStep("working");
    ask("cancelRecurringPayment")
      .then((reply) => {
        if (!reply) throw new Error("refused");
        setStep("idle");
        return load(true);
      })
      .catch(() => setStep("failed"));
  };

  return (
    <section
      className="manage-gift-card"
      aria-labelledby="manage-gift-details"
      data-status={plan.recurringStatus}
      data-testid="manage-gift"
    >
      <h2 id="manage-gift-details">{t("manage_gift_details")}</h2>
      <dl className="manage-gift-facts">
        <div>
          <dt>{t("manage_gift_fund")}</dt>
          <dd>{fund}</dd>
        </div>
        <div>
          <dt>{t("manage_gift_amount")}</dt>
          <dd>{amount}</dd>
        </div>
        <div>
          <dt>{t("manage_gift_frequency")}</dt>
          <dd>{t(`checkout_frequency_${frequency}`)}</dd>
        </div>
        <div>
          <dt>{t("manage_gift_next")}</dt>
          <dd>
            {plan.nextDonationDate
              ? formatDate(Date.parse(`${plan.nextDonationDate}T00:00:00+08:00`), lang)
              : t("manage_gift_next_none")}
          </dd>
        </div>
        <div>
          <dt>{t("manage_gift_status")}</dt>
          <dd data-testid="manage-gift-status">
            {t(`manage_gift_status_${plan.recurringStatus}`)}
          </dd>
        </div>
        <div>
          <dt>{t("manage_gift_transaction")}</dt>
          <dd>{plan.transactionNo}</dd>
        </div>
      </dl>
      {stopped ? (
        <p className="manage-gift-done" role="status" ref={outcome} tabIndex={-1}>
          {t(state.stoppedNow ? "manage_gift_stopped" : "manage_gift_already_stopped")}
        </p>
      ) : step === "asking" || step === "working" ? (
        <div className="manage-gift-confirm" role="group" aria-labelledby="manage-gift-question">
          <p id="manage-gift-question">
            {t("manage_gift_confirm", {
              frequency: t(`manage_gift_frequency_${frequency}`),
              amount,
              fund,
            })}
          </p>
          <div className="manage-gift-buttons">
            <button
              type="button"
              className="button button-danger"
              autoFocus
              disabled={step === "working"}
              onClick={stop}
            >
              {step === "working" ? t("manage_gift_working") : t("manage_gift_confirm_yes")}
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
              {t("manage_gift_confirm_no")}
            </button>
          </div>
        </div>
      ) : (
        <>
          {step === "failed" ? (
            <p role="alert" className="manage-gift-problem">
              {t("manage_gift_failed")}
            </p>
          ) : null}
          <button
            type="button"
            className="button button-danger"
            ref={stopButton}
            onClick={() => setStep("asking")}
          >
            {t("manage_gift_stop")}
          </button>
        </>
      )}
    </section>
  );
}
