import { fundNameKey } from "../../i18n/funds";
import { useEffect, useState } from "react";
import {
  cardImage,
  FLOW_TYPES,
  formatDate,
  formatMoney,
  isTaxRegistrable,
  paymentMethodImage,
  type Cents,
  type FlowType,
} from "@portal/domain";
import { localizedPath, type Language } from "../../i18n/paths";
import { failureText, type Call } from "./api";
import type { Label } from "./AccountArea";
import { goRegisterTaxDeduction } from "./tax-state";
import { PaymentImage } from "../giving/payment-images";
import { cardBrandName } from "../giving/payment-names";

/** Spec §3's transaction record, as much of it as the history shows. */
interface TransactionRecord {
  readonly transactionNo: string;
  readonly donationAmount: number;
  readonly donationTimeStamp: string;
  readonly method: "DebitCard" | "PayNow";
  readonly status: "Completed" | "Refunded" | "Voided";
  readonly paymentMethod: string | null;
  readonly cardLastDigit: string | null;
  readonly receiptLink: string | null;
  readonly receiptNo: string | null;
  readonly recurringFrequency: string;
  readonly donationType: FlowType;
  readonly isRefunded: boolean;
  readonly isIRASInclusion: boolean;
}

interface Page {
  readonly resultDonationListResponse: ReadonlyArray<TransactionRecord>;
  readonly totalRecords: number;
  readonly years: ReadonlyArray<number>;
}

/** Rows per page on screen (the server allows up to the spec's 100). */
export const HISTORY_PAGE_SIZE = 10;

/** The way the gift was paid: §3's image (hidden beside its words), then the words. */
const Method = ({ record, t }: { record: TransactionRecord; t: Label }) => {
  const wallet = record.method === "PayNow" ? "paynow" : paymentMethodImage(record.paymentMethod);
  const image = wallet === "default" ? cardImage(record.paymentMethod) : wallet;
  const text =
    record.method === "PayNow"
      ? "PayNow"
      : record.cardLastDigit
        ? t("account_card_ending", {
            brand: cardBrandName(record.paymentMethod ?? ""),
            last4: record.cardLastDigit,
          })
        : (record.paymentMethod ?? "-");
  return (
    <span className="payment-method">
      {record.paymentMethod || record.method === "PayNow" ? <PaymentImage image={image} /> : null}
      <span>{text}</span>
    </span>
  );
};

/**
 * Giving history (spec §7 getDonorTransactionsThirdparty: the donor's own list, refunds marked), by tax
 * year and fund, a page at a time; each row links to its receipt and, where the fund qualifies, to
 * tax-deduction registration.
 */
export function HistorySection(props: {
  readonly call: Call;
  readonly t: Label;
  readonly lang: Language;
  readonly version: number;
  /** The years the donor gave in, as each answer states them (the statements offer the same years). */
  readonly onYears: (years: ReadonlyArray<number>) => void;
}) {
  const { call, t, lang, onYears } = props;
  const [year, setYear] = useState<number | null>(null);
  const [fund, setFund] = useState<FlowType | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    call<Page>("getDonorTransactionsThirdparty", {
      pageNo,
      pageSize: HISTORY_PAGE_SIZE,
      year,
      fund,
    }).then(
      (answer) => {
        if (!live) return;
        setPage(answer);
        onYears(answer.years);
        setError(undefined);
      },
      (failure: unknown) => live && setError(failureText(failure, t)),
    );
    return () => {
      live = false;
    };
  }, [call, t, year, fund, pageNo, props.version, onYears]);

  const pages = page ? Math.max(1, Math.ceil(page.totalRecords / HISTORY_PAGE_SIZE)) : 1;
  const records = page?.resultDonationListResponse ?? [];
  return (
    <section id="account-history" className="account-section" aria-labelledby="account-history-h">
      <h2 id="account-history-h">{t("account_history_heading")}</h2>
      <div className="account-filters">
        <div className="calc-field">
          <label htmlFor="history-year">{t("account_filter_year")}</label>
          <select
            id="history-year"
            value={year ?? ""}
            onChange={(event) => {
              setYear(event.currentTarget.value === "" ? null : Number(event.currentTarget.value));
              setPageNo(1);
            }}
          >
            <option value="">{t("account_filter_all_years")}</option>
            {(page?.years ?? []).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <div className="calc-field">
          <label htmlFor="history-fund">{t("account_filter_fund")}</label>
          <select
            id="history-fund"
            value={fund ?? ""}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setFund(FLOW_TYPES.find((flow) => flow === value) ?? null);
              setPageNo(1);
            }}
          >
            <option value="">{t("account_filter_all_funds")}</option>
            {FLOW_TYPES.map((flow) => (
              <option key={flow} value={flow}>
                {t(fundNameKey(flow))}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error ? (
        <p className="calc-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="account-note" role="status">
        {page
          ? t("account_history_count", { count: String(page.totalRecords) })
          : t("account_loading")}
      </p>
      {records.length > 0 ? (
        <div className="account-table-wrap">
          <table className="account-table" data-testid="history-table">
            <caption className="visually-hidden">{t("account_history_heading")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("account_col_date")}</th>
                <th scope="col">{t("account_col_fund")}</th>
                <th scope="col">{t("account_col_amount")}</th>
                <th scope="col">{t("account_col_method")}</th>
                <th scope="col">{t("account_col_status")}</th>
                <th scope="col">{t("account_col_receipt")}</th>
                <th scope="col">{t("account_col_tax")}</th>
              </tr>
            </thead>
            <tbody>
              {records.map((record) => (
                <tr key={record.transactionNo} data-transaction={record.transactionNo}>
                  <td>{formatDate(Date.parse(record.donationTimeStamp), lang)}</td>
                  <td>
                    {t(fundNameKey(record.donationType))}
                    {record.recurringFrequency !== "One Time" ? (
                      <span className="account-tag">{t("account_recurring_tag")}</span>
                    ) : null}
                  </td>
                  <td className="account-amount">
                    {record.status === "Completed" ? (
                      formatMoney(record.donationAmount as Cents)
                    ) : (
                      // As on receipts (spec §4): a refunded or voided amount is struck through.
                      <s>{formatMoney(record.donationAmount as Cents)}</s>
                    )}
                  </td>
                  <td>
                    <Method record={record} t={t} />
                  </td>
                  <td>{t(`account_status_${record.status}`)}</td>
                  <td>
                    {record.receiptLink ? (
                      <a href={localizedPath(record.receiptLink, lang)}>
                        {record.receiptNo ?? t("account_receipt")}
                        <span className="visually-hidden">
                          {" "}
                          {t("account_receipt_for", { transactionNo: record.transactionNo })}
                        </span>
                      </a>
                    ) : (
                      "-"
                    )}
                  </td>
                  <td>
                    {record.isIRASInclusion ? (
                      t("account_tax_included")
                    ) : record.status === "Completed" && isTaxRegistrable(record.donationType) ? (
                      <button
                        type="button"
                        className="account-link-button"
                        onClick={() =>
                          goRegisterTaxDeduction(
                            record.transactionNo,
                            localizedPath("/register/tax-deduction", lang),
                          )
                        }
                      >
                        {t("account_tax_register")}
                        <span className="visually-hidden">
                          {" "}
                          {t("account_receipt_for", { transactionNo: record.transactionNo })}
                        </span>
                      </button>
                    ) : (
                      t("account_tax_none")
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 ? (
        <nav className="account-pages" aria-label={t("account_pages")}>
          <button
            type="button"
            className="account-link-button"
            disabled={pageNo <= 1}
            onClick={() => setPageNo(pageNo - 1)}
          >
            {t("account_previous")}
          </button>
          <span aria-live="polite">
            {t("account_page_of", { page: String(pageNo), pages: String(pages) })}
          </span>
          <button
            type="button"
            className="account-link-button"
            disabled={pageNo >= pages}
            onClick={() => setPageNo(pageNo + 1)}
          >
            {t("account_next")}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
