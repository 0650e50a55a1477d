import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { formatMoney, readMoney, type Cents } from "@portal/domain";
import { fill } from "../../i18n/fill";
import { localizedPath, type Language } from "../../i18n/paths";
import { SelectField } from "../ui/SelectField";
import { TextField } from "../ui/TextField";
import { accountBridge, type AccountBridge } from "../auth/bridge";
import { callsOver, failureText, type Call } from "../account/api";
import { NightsTable, ScheduleCard, type NightRow, type Schedule } from "./NightsTable";

interface Coming {
  readonly year: number;
  readonly minCents: number;
  readonly maxCents: number;
  readonly nights: ReadonlyArray<NightRow>;
}
interface Card {
  readonly id: string;
  readonly brand: string;
  readonly last4: string;
}
interface Loaded {
  readonly coming: Coming | null;
  readonly schedules: ReadonlyArray<Schedule>;
  readonly cards: ReadonlyArray<Card>;
}

type State =
  | { readonly kind: "loading" }
  | { readonly kind: "signedOut"; readonly bridge: AccountBridge }
  | { readonly kind: "failed"; readonly message: string }
  | { readonly kind: "ready"; readonly call: Call; readonly data: Loaded };

/**
 * `/wms/last-ten-nights` (docs/last-ten-nights.md): the signed-in donor picks a saved card and an
 * amount a night, sees each night of the coming Ramadan (Gregorian evening, Hijri day, estimated or
 * the council's) and the total, schedules, and sees and stops their schedules.
 */
export default function LastTenNights(props: {
  readonly lang: Language;
  readonly labels: Readonly<Record<string, string>>;
}) {
  const t = useCallback(
    (key: string, values: Readonly<Record<string, string>> = {}) =>
      fill(props.labels[key] ?? key, values),
    [props.labels],
  );
  const [state, setState] = useState<State>({ kind: "loading" });
  const [cardId, setCardId] = useState("");
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [stoppedNow, setStoppedNow] = useState<string>();
  const outcome = useRef<HTMLParagraphElement>(null);

  const load = async (call: Call) => {
    const [nights, cards] = await Promise.all([
      call<{ data: { coming: Coming | null; schedules: Schedule[] } }>("getLastTenNights", {}),
      call<{ data: { userStripeTokens: { result: Card[] } } }>(
        "getUserStripeToken",
        {},
        { Guid: "me", charityId: 136 },
      ),
    ]);
    return { ...nights.data, cards: cards.data.userStripeTokens.result };
  };

  useEffect(() => {
    void (async () => {
      const bridge = await accountBridge();
      if (!(await bridge.signedIn())) return setState({ kind: "signedOut", bridge });
      const call = callsOver(bridge);
      try {
        const data = await load(call);
        setCardId(data.cards[0]?.id ?? "");
        setState({ kind: "ready", call, data });
      } catch (error) {
        setState({ kind: "failed", message: failureText(error, t) });
      }
    })();
  }, [t]);

  useEffect(() => {
    if (message) outcome.current?.focus();
  }, [message]);

  if (state.kind === "loading") return <p role="status">{t("account_loading")}</p>;
  if (state.kind === "signedOut") {
    return (
      <div className="account-signed-out">
        <p>{t("nights_sign_in")}</p>
        <button type="button" className="button" onClick={() => state.bridge.open("LOGIN")}>
          {t("account_sign_in_button")}
        </button>
      </div>
    );
  }
  if (state.kind === "failed") return <p role="alert">{state.message}</p>;
  const { call, data } = state;
  const { coming } = data;
  const active = data.schedules.some((s) => s.status === "active" && s.year === coming?.year);
  const min = formatMoney((coming?.minCents ?? 0) as Cents);
  const max = formatMoney((coming?.maxCents ?? 0) as Cents);
  const money = readMoney(amount);
  const total =
    coming && money.ok && money.value > 0
      ? formatMoney((money.value * coming.nights.length) as Cents)
      : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!coming) return;
    setMessage("");
    setFailure(undefined);
    if (!money.ok || money.value < coming.minCents || money.value > coming.maxCents) {
      setAmountError(t("nights_amount_invalid", { min, max }));
      return;
    }
    setAmountError(undefined);
    setBusy(true);
    try {
      await call("scheduleLastTenNights", {
        year: coming.year,
        amountCents: money.value,
        savedCardId: cardId,
        lang: props.lang,
      });
      setState({ kind: "ready", call, data: await load(call) });
      setMessage(t("nights_scheduled"));
    } catch (error) {
      // The amount and card stay as entered; the server's reason is shown in words.
      setFailure(failureText(error, t));
    } finally {
      setBusy(false);
    }
  };

  const stop = (id: string) => async () => {
    try {
      const answer = await call<{ data: Schedule[] }>("stopLastTenNights", { id });
      setStoppedNow(id);
      setMessage("");
      setState({ kind: "ready", call, data: { ...data, schedules: answer.data } });
    } catch (error) {
      throw new Error(failureText(error, t), { cause: error });
    }
  };

  return (
    <div className="nights">
      {!coming ? (
        <p>{t("nights_none_coming")}</p>
      ) : data.cards.length === 0 ? (
        <p className="nights-no-cards">
          {t("nights_no_cards")}{" "}
          <a href={localizedPath("/wms", props.lang)}>{t("nights_no_cards_link")}</a>
        </p>
      ) : active ? null : (
        <form className="calc-card nights-form" onSubmit={(e) => void submit(e)} noValidate>
          <h2>{t("nights_schedule_heading", { year: String(coming.year) })}</h2>
          <SelectField
            label={t("nights_card")}
            name="card"
            value={cardId}
            onChange={setCardId}
            options={data.cards.map((card) => ({
              value: card.id,
              label: t("nights_card_option", {
                brand: card.brand.toUpperCase(),
                last4: card.last4,
              }),
            }))}
            testId="nights-card"
          />
          <TextField
            label={t("nights_amount")}
            name="amount"
            value={amount}
            onChange={setAmount}
            inputMode="decimal"
            hint={t("nights_amount_hint", { min, max })}
            error={amountError}
            testId="nights-amount"
          />
          <NightsTable nights={coming.nights} year={coming.year} lang={props.lang} t={t} />
          <p className="nights-total" data-testid="nights-total" aria-live="polite">
            {total ? t("nights_total", { count: String(coming.nights.length), total }) : null}
          </p>
          {failure ? (
            <p role="alert" className="nights-problem">
              {failure}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("nights_working") : t("nights_schedule_button")}
          </button>
        </form>
      )}
      {message ? (
        <p className="nights-done" role="status" ref={outcome} tabIndex={-1}>
          {message}
        </p>
      ) : null}
      <h2>{t("nights_mine_heading")}</h2>
      {data.schedules.length === 0 ? <p>{t("nights_mine_none")}</p> : null}
      {data.schedules.map((schedule) => (
        <ScheduleCard
          key={schedule.id}
          schedule={schedule}
          lang={props.lang}
          t={t}
          stop={stop(schedule.id)}
          stoppedNow={stoppedNow === schedule.id}
        />
      ))}
    </div>
  );
}
