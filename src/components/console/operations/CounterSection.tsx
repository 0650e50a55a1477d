import { useState } from "react";
import ConsoleGate from "../ConsoleGate";
import {
  Card,
  Choice,
  centsOf,
  Field,
  newKey,
  operate,
  Outcome,
  translate,
  useOutcome,
  type Labels,
} from "./kit";

const FUNDS = ["harta", "fitrah", "fidyah", "kaffarah", "ilmu", "wms"];
const METHODS = ["cash", "cheque", "nets", "bank_transfer"];
const EMPTY = {
  fund: "harta",
  amount: "",
  method: "cash",
  reference: "",
  bankName: "",
  mosqueName: "",
  name: "",
  email: "",
  mobile: "",
  idNumber: "",
};

interface Issued {
  receiptNo: string;
  transactionNo: string;
  receiptLink: string;
}

/** The receipt page of a counter gift (the same pages and PDF as online gifts). */
const receiptPage = (issued: Issued, lang: "en" | "ms") =>
  lang === "ms" ? `/ms${issued.receiptLink}` : issued.receiptLink;

/** An amil records a cash, cheque, NETS or bank-transfer payment and issues its receipt, once. */
export default function CounterSection({ labels, lang }: { labels: Labels; lang: "en" | "ms" }) {
  const t = translate(labels);
  const [form, setForm] = useState(EMPTY);
  const [anonymous, setAnonymous] = useState(false);
  const [key, setKey] = useState(newKey);
  const [wrong, setWrong] = useState<ReadonlyArray<string>>([]);
  const [issued, setIssued] = useState<Issued | undefined>();
  const [outcome, setOutcome] = useOutcome();
  const set = (name: keyof typeof EMPTY) => (value: string) => setForm({ ...form, [name]: value });
  const error = (name: string) => (wrong.includes(name) ? t("consoleops_field_wrong") : undefined);

  const issue = async () => {
    const reply = await operate<Issued>(
      "/console/api/counter",
      {
        fund: form.fund,
        amountCents: centsOf(form.amount) ?? -1,
        method: form.method,
        reference: form.reference,
        bankName: form.bankName,
        mosqueName: form.mosqueName,
        donor: {
          name: form.name,
          email: form.email,
          mobile: form.mobile,
          idNumber: form.idNumber,
          anonymous,
        },
      },
      key,
    );
    setWrong(reply.fields ?? []);
    if (!reply.ok || !reply.data) {
      setOutcome({
        text: t("consoleops_refused", { message: reply.message ?? t("console_error") }),
        error: true,
      });
      return;
    }
    setIssued(reply.data);
    setOutcome({ text: t("consoleops_issued", { receiptNo: reply.data.receiptNo }), error: false });
  };

  return (
    <ConsoleGate
      action="counter.record"
      labels={{ loading: t("console_loading"), forbidden: t("console_forbidden") }}
    >
      {() => (
        <Card title={t("consoleops_counter_heading")}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void issue();
            }}
          >
            <div className="console-fields">
              <Choice
                label={t("consoleops_fund")}
                value={form.fund}
                onChange={set("fund")}
                options={FUNDS.map((f) => [f, t(`consoleops_fund_${f}`)] as const)}
                error={error("fund")}
              />
              <Field
                label={t("consoleops_amount")}
                inputMode="decimal"
                value={form.amount}
                onChange={set("amount")}
                error={error("amountCents")}
                required
              />
              <Choice
                label={t("consoleops_method")}
                value={form.method}
                onChange={set("method")}
                options={METHODS.map((m) => [m, t(`consoleops_method_${m}`)] as const)}
                error={error("method")}
              />
              <Field
                label={t("consoleops_reference")}
                value={form.reference}
                onChange={set("reference")}
                error={error("reference")}
              />
              <Field
                label={t("consoleops_bank")}
                value={form.bankName}
                onChange={set("bankName")}
              />
              <Field
                label={t("consoleops_mosque")}
                value={form.mosqueName}
                onChange={set("mosqueName")}
                error={error("mosqueName")}
                required
              />
              <Field
                label={t("consoleops_name")}
                value={form.name}
                onChange={set("name")}
                error={error("donorName")}
                required
                autoComplete="off"
              />
              <Field
                label={t("consoleops_email")}
                type="email"
                value={form.email}
                onChange={set("email")}
                error={error("email")}
              />
              <Field
                label={t("consoleops_mobile")}
                type="tel"
                value={form.mobile}
                onChange={set("mobile")}
                error={error("mobile")}
              />
              <Field
                label={t("consoleops_id_number")}
                value={form.idNumber}
                onChange={set("idNumber")}
                hint={t("consoleops_id_hint")}
                error={error("idNumber")}
              />
            </div>
            <div className="console-field">
              <label>
                <input
                  type="checkbox"
                  checked={anonymous}
                  onChange={(event) => setAnonymous(event.target.checked)}
                />{" "}
                {t("consoleops_anonymous")}
              </label>
            </div>
            <div className="console-actions">
              <button type="submit" className="console-button" disabled={issued !== undefined}>
                {t("consoleops_issue")}
              </button>
              <button
                type="button"
                className="console-button console-button--quiet"
                onClick={() => {
                  setForm(EMPTY);
                  setAnonymous(false);
                  setIssued(undefined);
                  setWrong([]);
                  setOutcome({ text: "", error: false });
                  setKey(newKey());
                }}
              >
                {t("consoleops_new_entry")}
              </button>
            </div>
          </form>
          <Outcome {...outcome} />
          {issued ? (
            <p>
              <a href={receiptPage(issued, lang)} target="_blank" rel="noopener">
                {t("consoleops_pdf")} ({issued.receiptNo})
              </a>
            </p>
          ) : null}
        </Card>
      )}
    </ConsoleGate>
  );
}
