import { useState } from "react";
import ConsoleGate from "../ConsoleGate";
import DonationDetail from "./DonationDetail";
import {
  Card,
  Choice,
  centsOf,
  dollars,
  Field,
  operate,
  Outcome,
  translate,
  useOutcome,
  type Labels,
} from "./kit";

interface Row {
  transactionNo: string;
  receiptNo: string | null;
  flow: string;
  status: string;
  totalCents: number;
  refundedCents: number;
  method: string | null;
  createdAt: string;
  donorName: string | null;
  idMasked: string | null;
}

const FLOWS = ["ZAKAT", "FIDYAH", "KAFFARAH", "ILMU", "WMS"];
const METHODS = ["card", "paynow", "cash", "cheque", "nets", "bank_transfer"];
const STATUSES = ["succeeded", "refunded", "voided", "pending", "failed"];
const EMPTY = {
  receiptNo: "",
  transactionNo: "",
  from: "",
  to: "",
  flow: "",
  method: "",
  status: "",
  min: "",
  max: "",
  email: "",
  idNumber: "",
};

/** Search donations (a POST: the identity number never enters the address) and open one. */
export default function DonationsSection({ labels, lang }: { labels: Labels; lang: "en" | "ms" }) {
  const t = translate(labels);
  const [form, setForm] = useState(EMPTY);
  const [wrong, setWrong] = useState<ReadonlyArray<string>>([]);
  const [found, setFound] = useState<{ total: number; rows: Row[] } | undefined>();
  const [open, setOpen] = useState<string | undefined>();
  const [outcome, setOutcome] = useOutcome();
  const set = (name: keyof typeof EMPTY) => (value: string) => setForm({ ...form, [name]: value });
  const error = (name: string) => (wrong.includes(name) ? t("consoleops_field_wrong") : undefined);
  const any = [["", t("consoleops_any")]] as const;

  const search = async () => {
    const min = form.min ? centsOf(form.min) : undefined;
    const max = form.max ? centsOf(form.max) : undefined;
    const reply = await operate<{ total: number; rows: Row[] }>("/console/api/donations/search", {
      ...form,
      minCents: form.min ? (min ?? -1) : undefined,
      maxCents: form.max ? (max ?? -1) : undefined,
    });
    setWrong(reply.fields ?? []);
    if (!reply.ok || !reply.data) {
      setOutcome({
        text: t("consoleops_refused", { message: reply.message ?? t("console_error") }),
        error: true,
      });
      return;
    }
    setOutcome({
      text: t("consoleops_results", { count: String(reply.data.total) }),
      error: false,
    });
    setFound(reply.data);
  };

  return (
    <ConsoleGate
      action="donations.search"
      labels={{ loading: t("console_loading"), forbidden: t("console_forbidden") }}
    >
      {() => (
        <>
          <Card title={t("consoleops_search_heading")}>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void search();
              }}
            >
              <div className="console-fields">
                <Field
                  label={t("consoleops_receipt_no")}
                  value={form.receiptNo}
                  onChange={set("receiptNo")}
                  error={error("receiptNo")}
                />
                <Field
                  label={t("consoleops_transaction_no")}
                  value={form.transactionNo}
                  onChange={set("transactionNo")}
                  error={error("transactionNo")}
                />
                <Field
                  label={t("consoleops_from")}
                  type="date"
                  value={form.from}
                  onChange={set("from")}
                  error={error("from")}
                />
                <Field
                  label={t("consoleops_to")}
                  type="date"
                  value={form.to}
                  onChange={set("to")}
                  error={error("to")}
                />
                <Choice
                  label={t("consoleops_fund")}
                  value={form.flow}
                  onChange={set("flow")}
                  options={[...any, ...FLOWS.map((f) => [f, f] as const)]}
                />
                <Choice
                  label={t("consoleops_method")}
                  value={form.method}
                  onChange={set("method")}
                  options={[
                    ...any,
                    ...METHODS.map((m) => [m, t(`consoleops_method_${m}`)] as const),
                  ]}
                />
                <Choice
                  label={t("consoleops_status")}
                  value={form.status}
                  onChange={set("status")}
                  options={[
                    ...any,
                    ...STATUSES.map((s) => [s, t(`consoleops_status_${s}`)] as const),
                  ]}
                />
                <Field
                  label={t("consoleops_min")}
                  inputMode="decimal"
                  value={form.min}
                  onChange={set("min")}
                  error={error("minCents")}
                />
                <Field
                  label={t("consoleops_max")}
                  inputMode="decimal"
                  value={form.max}
                  onChange={set("max")}
                  error={error("maxCents")}
                />
                <Field
                  label={t("consoleops_email")}
                  type="email"
                  value={form.email}
                  onChange={set("email")}
                  error={error("email")}
                />
                <Field
                  label={t("consoleops_id_number")}
                  value={form.idNumber}
                  onChange={set("idNumber")}
                  hint={t("consoleops_id_hint")}
                  error={error("idNumber")}
                />
              </div>
              <div className="console-actions">
                <button type="submit" className="console-button">
                  {t("consoleops_search")}
                </button>
              </div>
            </form>
            <Outcome {...outcome} />
          </Card>
          {found ? (
            found.rows.length === 0 ? (
              <p>{t("consoleops_none")}</p>
            ) : (
              <div className="console-table-wrap">
                <table className="console-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("consoleops_transaction_no")}</th>
                      <th scope="col">{t("consoleops_receipt_no")}</th>
                      <th scope="col">{t("consoleops_date")}</th>
                      <th scope="col">{t("consoleops_donor")}</th>
                      <th scope="col">{t("consoleops_fund")}</th>
                      <th scope="col">{t("consoleops_amount")}</th>
                      <th scope="col">{t("consoleops_status")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {found.rows.map((row) => (
                      <tr key={row.transactionNo}>
                        <td>
                          <button
                            type="button"
                            className="console-button console-button--quiet"
                            aria-label={t("consoleops_open", { transactionNo: row.transactionNo })}
                            onClick={() => setOpen(row.transactionNo)}
                          >
                            {row.transactionNo}
                          </button>
                        </td>
                        <td>{row.receiptNo ?? "-"}</td>
                        <td>
                          {new Date(row.createdAt).toLocaleString(
                            lang === "ms" ? "ms-SG" : "en-SG",
                            { timeZone: "Asia/Singapore" },
                          )}
                        </td>
                        <td>
                          {row.donorName ?? "-"}
                          {row.idMasked ? (
                            <span className="console-meta"> {row.idMasked}</span>
                          ) : null}
                        </td>
                        <td>{row.flow}</td>
                        <td>{dollars(row.totalCents)}</td>
                        <td>{t(`consoleops_status_${row.status}`)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )
          ) : null}
          {open ? (
            <DonationDetail key={open} transactionNo={open} labels={labels} lang={lang} />
          ) : null}
        </>
      )}
    </ConsoleGate>
  );
}
