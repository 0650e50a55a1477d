import { useState } from "react";
import { COUNTER_ITEMS } from "@portal/domain";
import { counterItemKey } from "../../../i18n/funds";
import {
  Card,
  centsOf,
  newKey,
  operate,
  Outcome,
  translate,
  useConsoleForm,
  useOutcome,
  type Labels,
  ConsoleForm,
  Gated,
} from "./kit";

const METHODS = ["cash", "cheque", "nets", "bank_transfer"];
const EMPTY = {
  fund: COUNTER_ITEMS[0] ?? "",
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
  const { form, setWrong, reset, field, choice } = useConsoleForm(EMPTY, t);
  const [anonymous, setAnonymous] = useState(false);
  const [key, setKey] = useState(newKey);
  const [issued, setIssued] = useState<Issued | undefined>();
  const [outcome, setOutcome] = useOutcome();

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
    <Gated action="counter.record" t={t}>
      <Card title={t("consoleops_counter_heading")}>
        <ConsoleForm
          onSubmit={issue}
          after={
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
          }
          actions={
            <>
              <button type="submit" className="console-button" disabled={issued !== undefined}>
                {t("consoleops_issue")}
              </button>
              <button
                type="button"
                className="console-button console-button--quiet"
                onClick={() => {
                  reset();
                  setAnonymous(false);
                  setIssued(undefined);
                  setOutcome({ text: "", error: false });
                  setKey(newKey());
                }}
              >
                {t("consoleops_new_entry")}
              </button>
            </>
          }
        >
          {choice(
            "fund",
            "consoleops_fund",
            COUNTER_ITEMS.map((f) => [f, t(counterItemKey(f))] as const),
          )}
          {field("amount", "consoleops_amount", {
            inputMode: "decimal",
            required: true,
            wrongAs: "amountCents",
          })}
          {choice(
            "method",
            "consoleops_method",
            METHODS.map((m) => [m, t(`consoleops_method_${m}`)] as const),
          )}
          {field("reference", "consoleops_reference")}
          {field("bankName", "consoleops_bank")}
          {field("mosqueName", "consoleops_mosque", { required: true })}
          {field("name", "consoleops_name", { required: true, wrongAs: "donorName" })}
          {field("email", "consoleops_email", { type: "email" })}
          {field("mobile", "consoleops_mobile", { type: "tel" })}
          {field("idNumber", "consoleops_id_number", { hint: t("consoleops_id_hint") })}
        </ConsoleForm>
        <Outcome {...outcome} />
        {issued ? (
          <p>
            <a href={receiptPage(issued, lang)} target="_blank" rel="noopener">
              {t("consoleops_pdf")} ({issued.receiptNo})
            </a>
          </p>
        ) : null}
      </Card>
    </Gated>
  );
}
