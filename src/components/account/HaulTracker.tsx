import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import {
  dayOf,
  cleanText,
  monthEndBalances,
  readMoney,
  type Cents,
  type HaulWealth,
} from "@portal/domain";
import { fill } from "../../i18n/fill";
import { localizedPath, type Language } from "../../i18n/paths";
import { SelectField } from "../ui/SelectField";
import { RadioGroup } from "../ui/RadioGroup";
import { TextField } from "../ui/TextField";
import { accountBridge, type AccountBridge } from "../auth/bridge";
import { writeInstalmentPayment } from "../../stores/instalment-payment";
import { callsOver, failureText, type Call } from "./api";
import { HaulWealthSection, type Haul, type Line } from "./HaulWealthSection";

type Kind = "balance" | "monthEnd" | "payment";

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
  const [form, setForm] = useState<Form>(emptyForm());
  const [errors, setErrors] = useState<Partial<Record<"date" | "month" | "balance", string>>>({});
  const [message, setMessage] = useState("");
  const [failure, setFailure] = useState<string>();
  const [monthlyFailure, setMonthlyFailure] = useState<{ wealth: HaulWealth; text: string }>();
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLSelectElement>(null);

  useEffect(() => {
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

  /**
   * A monthly plan towards a running haul's zakat, to its due date (docs/instalments.md): the server
   * prices it from this donor's own lines (the figure shown is only compared), then checkout takes
   * the first month.
   */
  const payMonthly = async (wealth: HaulWealth, amountCents: number) => {
    setBusy(true);
    setMonthlyFailure(undefined);
    try {
      const started = await call<{
        data: { id: string; months: ReadonlyArray<{ amountCents: number }> };
      }>("startInstalmentPlan", { wealth, amountCents, lang: props.lang });
      const first = started.data.months[0];
      if (!first) throw new Error("no months");
      writeInstalmentPayment({
        planId: started.data.id,
        part: "first",
        amountCents: first.amountCents,
      });
      window.location.assign(
        `${localizedPath("/checkout", props.lang)}?flow=zakat&instalment=${encodeURIComponent(started.data.id)}`,
      );
    } catch (error) {
      setMonthlyFailure({ wealth, text: failureText(error, t) });
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

  // §5's text helper on what is typed (tags and runs of spaces go).
  const field = (name: keyof Form) => (value: string) =>
    setForm({ ...form, [name]: cleanText(value) });
  const wealthName = (w: HaulWealth) => t(`haul_wealth_${w}`);
  /** One of the typed fields (month, date, balance): its value, error and test id by its name. */
  const textField = (
    name: "month" | "date" | "balance",
    label: string,
    hint: string | undefined,
    maxLength: number,
    inputMode: "numeric" | "decimal",
  ) => (
    <TextField
      label={label}
      hint={hint}
      name={name}
      value={form[name]}
      onChange={field(name)}
      error={errors[name]}
      maxLength={maxLength}
      inputMode={inputMode}
      testId={`haul-${name}`}
    />
  );

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
        {form.kind === "monthEnd"
          ? textField("month", t("haul_field_month"), t("haul_field_month_hint"), 7, "numeric")
          : textField(
              "date",
              form.kind === "payment" ? t("haul_field_paid_on") : t("haul_field_date"),
              t("haul_field_date_hint"),
              10,
              "numeric",
            )}
        {form.kind === "payment"
          ? null
          : textField("balance", t("haul_field_balance"), undefined, 16, "decimal")}
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
      {tracker.hauls.map(({ wealth, lastPayment, haul }) => (
        <HaulWealthSection
          key={wealth}
          wealth={wealth}
          lastPayment={lastPayment}
          haul={haul}
          lines={tracker.entries.filter((e) => e.wealth === wealth)}
          lang={props.lang}
          t={t}
          busy={busy}
          today={tracker.asOf}
          onPayMonthly={(w, amount) => void payMonthly(w, amount)}
          monthlyFailure={monthlyFailure?.wealth === wealth ? monthlyFailure.text : undefined}
          onEdit={edit}
          onDelete={(line) => void send("deleteHaulEntry", { id: line.id }, t("haul_deleted"))}
        />
      ))}
    </div>
  );
}
