import type { TranslationKey } from "../../../i18n";
import { financeFundKeys } from "../../../i18n/funds";

/** The finance section's own strings. */
const sectionKeys = [
  "console_loading",
  "console_forbidden",
  "finance_dashboard_heading",
  "finance_filter_from",
  "finance_filter_to",
  "finance_filter_fund",
  "finance_fund_all",
  "finance_show",
  "finance_error",
  "finance_bad_range",
  "finance_total",
  "finance_recurring",
  "finscale_donors_estimated",
  "consoleops_method_card",
  "consoleops_method_paynow",
  "consoleops_method_cash",
  "consoleops_method_cheque",
  "consoleops_method_nets",
  "consoleops_method_bank_transfer",
  "finance_returned_heading",
  "finance_status_refunded",
  "finance_status_voided",
  "finance_by_day",
  "finance_by_week",
  "finance_by_month",
  "finance_by_fund",
  "finance_by_method",
  "finance_busiest",
  "finance_col_period",
  "finance_col_count",
  "finance_col_amount",
  "finance_col_minute",
  "finance_col_status",
  "finance_chart_label",
  "finance_table_label",
  "finance_none",
  "finance_export_heading",
  "finance_export_intro",
  "finance_export_csv",
  "finance_export_xlsx",
  "finance_reconcile_heading",
  "finance_reconcile_day",
  "finance_reconcile_load",
  "finance_reconcile_matched",
  "finance_reconcile_clean",
  "finance_reconcile_differences",
  "finance_diff_paidNotAtGateway",
  "finance_diff_chargedNotPaidHere",
  "finance_diff_amountDiffers",
  "finance_diff_refundOnlyHere",
  "finance_diff_refundOnlyAtGateway",
  "finance_col_kind",
  "finance_col_ref",
  "finance_col_transaction",
  "finance_col_ledger",
  "finance_col_gateway",
  "finance_paynow_heading",
  "finance_col_reference",
  "finance_counter_heading",
  "finance_col_source",
  "finance_col_method",
  "finance_signoff",
  "finance_signed",
  "finance_signoff_needs_approver",
  "finance_signoff_refused",
  "finance_iras_heading",
  "finance_iras_intro",
  "finance_iras_year",
  "finance_iras_download",
  "finance_iras_unfiled_show",
  "finance_iras_unfiled_heading",
  "finance_iras_unfiled_none",
  "finance_iras_reason_anonymous",
  "finance_iras_reason_noIdentification",
  "finance_iras_reason_noName",
  "finance_col_receipt",
  "finance_col_date",
  "finance_col_type",
  "finance_col_reason",
  "finance_downloading",
  "finance_downloaded",
  "finance_download_failed",
] as const satisfies ReadonlyArray<TranslationKey>;

/** Every string the finance section shows (its island gets them as props): its own and each fund's. */
export const financeKeys = [...sectionKeys, ...financeFundKeys];

export type FinanceLabels = Readonly<Record<(typeof financeKeys)[number], string>>;

/** Cents as Singapore dollars, `$1,234.50`. */
export const money = (amount: number): string => {
  const abs = Math.abs(amount);
  const dollars = Math.floor(abs / 100).toLocaleString("en-SG");
  return `${amount < 0 ? "-" : ""}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
};

/** Today in Singapore as YYYY-MM-DD. */
export const sgToday = (): string =>
  new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** Save a fetched file under its name (the answer is streamed; the browser keeps it, not the server). */
export const saveBlob = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/** A payment method's name in the page's language; one the portal has no name for, as stored. */
export const methodName = (labels: FinanceLabels, method: string): string =>
  labels[`consoleops_method_${method}` as keyof FinanceLabels] ?? method;
