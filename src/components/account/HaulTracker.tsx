import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import {
  dayOf,
  formatDate,
  formatMoney,
  formatPercent,
  INSURANCE_CONVENTIONAL,
  monthEndBalances,
  readMoney,
  type Cents,
  type HaulWealth,
  type HijriCalendar,
} from "@portal/domain";
import { fill, labelKeyOf } from "../../i18n/fill";
import { localizedPath, type Language } from "../../i18n/paths";
import { hijriDayOf, hijriText, loadHijriCalendar } from "../../lib/hijri";
import { storageKeys, writeStored } from "../../stores/session-storage";
import { SelectField } from "../ui/SelectField";
import { RadioGroup } from "../ui/RadioGroup";
import { TextField } from "../ui/TextField";
import { accountBridge, type AccountBridge } from "../auth/bridge";
import { callsOver, failureText, type Call } from "./api";

type Kind = "balance" | "monthEnd" | "payment";

interface Line {
  readonly id: string;
  readonly wealth: HaulWealth;
  readonly kind: "balance" | "payment";
  readonly date: string;
  readonly balance: number | null;
}

interface Step {
  readonly code: string;
  readonly figures: ReadonlyArray<{ key: string; value: number | string; unit: string }>;
}

interface Haul {
  readonly status: "none" | "running" | "due";
  readonly start: string | null;
  readonly dueDate: string | null;
  readonly lowest: { readonly date: string; readonly balance: number } | null;
  readonly breaks: ReadonlyArray<{ date: string }>;
  readonly nisabAtEnd: number | null;
  readonly amount: number;
  readonly steps: ReadonlyArray<Step>;
}

interface Tracker {
  readonly asOf: string;
  readonly limit: number;
  readonly portalPayment: string | null;
  readonly entries: ReadonlyArray<Line>;
  readonly hauls: ReadonlyArray<{
    readonly wealth: HaulWealth;
    readonly lastPayment: { readonly date: string; readonly source: "recorded" | "portal" } | null;
    readonly haul: Haul;
  }>;
}

type State =
  | { readonly kind: "loading" }
  | { readonly kind: "signedOut"; readonly bridge: AccountBridge }
  | { readonly kind: "failed"; readonly message: string }
  | { readonly kind: "ready"; readonly call: Call; readonly tracker: Tracker };

const WEALTH: ReadonlyArray<HaulWealth> = ["savings", "shares", "insurance", "cpf"];

interface Form {
  readonly id: string | null;
  readonly wealth: HaulWealth;
  readonly kind: Kind;
  readonly date: string;
  readonly month: string;
  readonly balance: string;
}

const emptyForm = (wealth: HaulWealth = "savings"): Form => ({
  id: null,
  wealth,
  kind: "balance",
  date: "",
  month: "",
  balance: "",
});

/** A real `YYYY-MM-DD` day (the server checks the range again). */
const realDate = (text: string) => {
  try {
    dayOf(text);
    return true;
  } catch {
    return false;
  }
};

const epochOf = (date: string) => Date.parse(`${date}T00:00:00+08:00`);

/**
 * The calculator's entries for zakat on `base` held in one wealth, as the calculator leaves them for
 * checkout in this tab (only that wealth's part: the rest is the calculator's initial state when
 * checkout restores it). Checkout, and then the server, price them again at the rates in force.
 */
const payOn = (wealth: HaulWealth, base: Cents) => {
  const state =
    wealth === "savings"
      ? { savings: { accounts: [{ amount: base, interest: 0, remark: "" }], type: "savings" } }
      : wealth === "shares"
        ? { shares: { portfolios: [{ amount: base, remark: "" }], totalSharesAmount: 0 } }
        : wealth === "insurance"
          ? {
              insurance: { policies: [{ type: INSURANCE_CONVENTIONAL, amount: base, remark: "" }] },
            }
          : { cpf: { ordinaryAccount: base } };
  writeStored(storageKeys.calculator, { state, ratesVersion: null });
};

/**
 * `/account/haul` (docs/haul-tracker.md): the donor records balances per wealth over time; the server
 * answers each wealth's haul (start, breaks, lowest balance, due date, amount), explained step by step.
 */
export default function HaulTracker(props: {
  readonly lang: Language;
  readonly labels: Readonly<Record<string, string>>;
}) {
  const t = useCallback(
    (key: string, values: Readonly<Record<string, string>> = {}) =>
      fill(props.labels[key] ?? key, values),
    [props.labels],
  );
  const [state, setState] = useState<State>({ kind: "loading" });
  const [calendar, setCalendar] = useState<HijriCalendar>();
  const [form, setForm] = useState<Form>(emptyForm());
  const [errors, setErrors] = useState<Partial<Record<"date" | "month" | "balance", string>>>({});
  const [message, setMessage] = useState("");
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    void loadHijriCalendar().then(setCalendar);
    void (async () => {
      const bridge = await accountBridge();
      if (!(await bridge.signedIn())) return setState({ kind: "signedOut", bridge });
      const call = callsOver(bridge);
      try {
        const answer = await call<{ data: Tracker }>("getHaulTracker", {});
        setState({ kind: "ready", call, tracker: answer.data });
      } catch (error) {
        setState({ kind: "failed", message: failureText(error, t) });
      }
    })();
  }, [t]);

  if (state.kind === "loading") return <p role="status">{t("account_loading")}</p>;
  if (state.kind === "signedOut") {
    return (
      <div className="account-signed-out">
        <p>{t("haul_sign_in")}</p>
        <button type="button" className="button" onClick={() => state.bridge.open("LOGIN")}>
          {t("account_sign_in_button")}
        </button>
      </div>
    );
  }
  if (state.kind === "failed") return <p role="alert">{state.message}</p>;
  const { call, tracker } = state;

  const date = (value: string) => formatDate(epochOf(value), props.lang);
  const hijri = (value: string) => {
    const day = calendar && hijriDayOf(calendar, value);
    return day ? hijriText(day, t) : undefined;
  };
  const withHijri = (value: string) => {
    const h = hijri(value);
    return h ? `${date(value)} (${h})` : date(value);
  };
  const sentence = (step: Step) =>
    t(labelKeyOf(step.code), {
      ...Object.fromEntries(
        step.figures.map((f) => [
          f.key,
          f.unit === "date"
            ? f.key === "dueDate"
              ? withHijri(String(f.value))
              : date(String(f.value))
            : f.unit === "cents"
              ? formatMoney(Number(f.value) as Cents)
              : f.unit === "rate"
                ? formatPercent(Number(f.value) * 100)
                : String(f.value),
        ]),
      ),
    });

  const send = async (name: "saveHaulEntry" | "deleteHaulEntry", body: unknown, done: string) => {
    setBusy(true);
    setFailure(undefined);
    setMessage("");
    try {
      const answer = await call<{ data: Tracker }>(name, body);
      setState({ kind: "ready", call, tracker: answer.data });
      setMessage(done);
      return true;
    } catch (error) {
      setFailure(failureText(error, t));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage("");
    setFailure(undefined);
    const found: typeof errors = {};
    let onDate = form.date.trim();
    if (form.kind === "monthEnd") {
      try {
        onDate = monthEndBalances([{ month: form.month.trim(), balance: 0 as Cents }])[0]!.date;
      } catch {
        found.month = t("haul_monthInvalid");
      }
    } else if (!realDate(onDate)) found.date = t("haul_dateInvalid");
    const money = readMoney(form.balance);
    if (form.kind !== "payment" && (!money.ok || money.value < 0)) {
      found.balance = t("haul_balanceInvalid");
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const saved = await send(
      "saveHaulEntry",
      {
        ...(form.id === null ? {} : { id: form.id }),
        wealth: form.wealth,
        kind: form.kind === "payment" ? "payment" : "balance",
        date: onDate,
        ...(form.kind === "payment" ? {} : { balanceCents: money.ok ? money.value : 0 }),
      },
      t("haul_saved"),
    );
    if (saved) setForm(emptyForm(form.wealth));
  };

  const edit = (line: Line) => {
    setErrors({});
    setForm({
      id: line.id,
      wealth: line.wealth,
      kind: line.kind,
      date: line.date,
      month: "",
      balance: line.balance === null ? "" : (line.balance / 100).toFixed(2),
    });
    first.current?.focus();
    first.current?.scrollIntoView({ block: "center" });
  };

  const field = (name: keyof Form) => (value: string) => setForm({ ...form, [name]: value });
  const wealthName = (w: HaulWealth) => t(`haul_wealth_${w}`);

  return (
    <div className="haul-tracker">
      <form className="calc-card haul-form" onSubmit={(e) => void submit(e)} noValidate>
        <h2>{form.id === null ? t("haul_add_heading") : t("haul_edit_heading")}</h2>
        <SelectField
          label={t("haul_field_wealth")}
          name="wealth"
          value={form.wealth}
          onChange={(v) => setForm({ ...form, wealth: v as HaulWealth })}
          options={WEALTH.map((w) => ({ value: w, label: wealthName(w) }))}
          selectRef={first}
          testId="haul-wealth"
        />
        <RadioGroup<Kind>
          legend={t("haul_field_kind")}
          name="kind"
          className="choice"
          value={form.kind}
          onChange={(kind) => setForm({ ...form, kind })}
          options={(["balance", "monthEnd", "payment"] as const).map((k) => ({
            value: k,
            label: t(`haul_kind_${k}`),
            testId: `haul-kind-${k}`,
            disabled: form.id !== null && k === "monthEnd",
          }))}
        />
        {form.kind === "monthEnd" ? (
          <TextField
            label={t("haul_field_month")}
            hint={t("haul_field_month_hint")}
            name="month"
            value={form.month}
            onChange={field("month")}
            error={errors.month}
            maxLength={7}
            inputMode="numeric"
            testId="haul-month"
          />
        ) : (
          <TextField
            label={form.kind === "payment" ? t("haul_field_paid_on") : t("haul_field_date")}
            hint={t("haul_field_date_hint")}
            name="date"
            value={form.date}
            onChange={field("date")}
            error={errors.date}
            maxLength={10}
            inputMode="numeric"
            testId="haul-date"
          />
        )}
        {form.kind === "payment" ? null : (
          <TextField
            label={t("haul_field_balance")}
            name="balance"
            value={form.balance}
            onChange={field("balance")}
            error={errors.balance}
            maxLength={16}
            inputMode="decimal"
            testId="haul-balance"
          />
        )}
        <div className="account-buttons">
          <button type="submit" className="button" disabled={busy} data-testid="haul-save">
            {form.id === null ? t("haul_add") : t("haul_save")}
          </button>
          {form.id === null ? null : (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setErrors({});
                setForm(emptyForm(form.wealth));
              }}
            >
              {t("account_cancel")}
            </button>
          )}
        </div>
        <p role="status" className="haul-message">
          {message}
        </p>
        {failure ? <p role="alert">{failure}</p> : null}
        <p className="haul-count">
          {t("haul_count", {
            count: String(tracker.entries.length),
            limit: String(tracker.limit),
          })}
        </p>
      </form>

      {tracker.hauls.length === 0 ? <p>{t("haul_none")}</p> : null}
      {tracker.hauls.map(({ wealth, lastPayment, haul }) => {
        const lines = tracker.entries.filter((e) => e.wealth === wealth);
        const headingId = `haul-${wealth}`;
        return (
          <section
            key={wealth}
            className="calc-card haul-wealth"
            aria-labelledby={headingId}
            data-testid={`haul-${wealth}`}
          >
            <h2 id={headingId}>{wealthName(wealth)}</h2>
            <p className={`haul-status haul-status-${haul.status}`}>
              {t(`haul_status_${haul.status}`)}
            </p>
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
                    {hijri(haul.dueDate) ? (
                      <>
                        <br />
                        <span className="haul-hijri">{hijri(haul.dueDate)}</span>
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
                  <dt>
                    {haul.status === "due" ? t("haul_summary_amount") : t("haul_summary_expected")}
                  </dt>
                  <dd data-testid="haul-amount">{formatMoney(haul.amount as Cents)}</dd>
                </div>
              ) : null}
            </dl>
            {haul.status === "due" && haul.amount > 0 && haul.lowest ? (
              <a
                className="button"
                data-testid="haul-pay"
                href={`${localizedPath("/checkout", props.lang)}?flow=zakat`}
                onClick={() => payOn(wealth, haul.lowest!.balance as Cents)}
              >
                {t("haul_pay", { amount: formatMoney(haul.amount as Cents) })}
              </a>
            ) : null}
            {lastPayment?.source === "portal" ? (
              <p className="haul-note">{t("haul_from_portal", { date: date(lastPayment.date) })}</p>
            ) : null}
            <h3>{t("haul_steps_heading")}</h3>
            <ol className="haul-steps" data-testid="haul-steps">
              {haul.steps.map((step, index) => (
                <li key={index} data-code={step.code}>
                  {sentence(step)}
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
                      line.balance === null
                        ? t("haul_line_payment")
                        : formatMoney(line.balance as Cents);
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
                            onClick={() => edit(line)}
                          >
                            {t("haul_edit")}
                          </button>
                          <button
                            type="button"
                            className="account-link-button"
                            disabled={busy}
                            aria-label={t("haul_delete_line", { date: date(line.date), what })}
                            onClick={() =>
                              void send("deleteHaulEntry", { id: line.id }, t("haul_deleted"))
                            }
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
      })}
    </div>
  );
}
