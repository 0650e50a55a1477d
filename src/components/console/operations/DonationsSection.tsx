import { useState } from "react";
import { FLOW_TYPES } from "@portal/domain";
import DonationDetail from "./DonationDetail";
import TableRegion from "../TableRegion";
import {
  Card,
  centsOf,
  dollars,
  operate,
  Outcome,
  translate,
  useConsoleForm,
  useOutcome,
  type Labels,
  ConsoleForm,
  Gated,
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
  const { form, setWrong, field, choice } = useConsoleForm(EMPTY, t);
  const [found, setFound] = useState<{ total: number; rows: Row[] } | undefined>();
  const [open, setOpen] = useState<string | undefined>();
  const [outcome, setOutcome] = useOutcome();
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
    <Gated action="donations.search" t={t}>
      <>
        <Card title={t("consoleops_search_heading")}>
          <ConsoleForm onSubmit={search} submit={t("consoleops_search")}>
            {field("receiptNo", "consoleops_receipt_no")}
            {field("transactionNo", "consoleops_transaction_no")}
            {field("from", "consoleops_from", { type: "date" })}
            {field("to", "consoleops_to", { type: "date" })}
            {choice("flow", "consoleops_fund", [...any, ...FLOW_TYPES.map((f) => [f, f] as const)])}
            {choice("method", "consoleops_method", [
              ...any,
              ...METHODS.map((m) => [m, t(`consoleops_method_${m}`)] as const),
            ])}
            {choice("status", "consoleops_status", [
              ...any,
              ...STATUSES.map((s) => [s, t(`consoleops_status_${s}`)] as const),
            ])}
            {field("min", "consoleops_min", { inputMode: "decimal", wrongAs: "minCents" })}
            {field("max", "consoleops_max", { inputMode: "decimal", wrongAs: "maxCents" })}
            {field("email", "consoleops_email", { type: "email" })}
            {field("idNumber", "consoleops_id_number", { hint: t("consoleops_id_hint") })}
          </ConsoleForm>
          <Outcome {...outcome} />
        </Card>
        {found ? (
          found.rows.length === 0 ? (
            <p>{t("consoleops_none")}</p>
          ) : (
            <TableRegion label={t("consoleops_results", { count: String(found.total) })}>
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
                        {new Date(row.createdAt).toLocaleString(lang === "ms" ? "ms-SG" : "en-SG", {
                          timeZone: "Asia/Singapore",
                        })}
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
            </TableRegion>
          )
        ) : null}
        {open ? (
          <DonationDetail key={open} transactionNo={open} labels={labels} lang={lang} />
        ) : null}
      </>
    </Gated>
  );
}
