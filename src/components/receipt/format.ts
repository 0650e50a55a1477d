import {
  formatDatePadded,
  formatDateTime,
  formatMoney,
  type Cents,
  type DateLanguage,
  type FlowType,
} from "@portal/domain";
import type { ReceiptLabelKey } from "./labels";

/** The portal's own amil account: officer names show only for point-of-sale amils other than this. */
export const PLATFORM_AMIL_ID = "online";

export const money = (amount: number) => formatMoney(amount as Cents);

/** `5 Mar 2025 | 3:07 PM`, Singapore time; the raw text when it is not a date. */
export const dateTime = (iso: string, lang: DateLanguage) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatDateTime(ms, lang);
};

/** A calendar date (`2027-02-20`, Singapore) as `20 Feb 2027`. */
export const calendarDate = (date: string, lang: DateLanguage) => {
  const ms = Date.parse(`${date}T12:00:00+08:00`);
  return Number.isNaN(ms) ? date : formatDatePadded(ms, lang);
};

/** The heading of a receipt for its flow. */
export const titleKey = (flow: FlowType): ReceiptLabelKey =>
  flow === "ZAKAT"
    ? "receipt_title_zakat"
    : flow === "FIDYAH"
      ? "receipt_title_fidyah"
      : flow === "KAFFARAH"
        ? "receipt_title_kaffarah"
        : "receipt_title_wakaf";

/** The heading a receipt page shows before its data arrives, from the page's kind. */
export const pageTitleKey = (kind: string): ReceiptLabelKey => {
  switch (kind) {
    case "harta":
    case "fitrah":
      return "receipt_title_zakat";
    case "fidyah":
      return "receipt_title_fidyah";
    case "kaffarah":
      return "receipt_title_kaffarah";
    case "donation":
      return "receipt_title_donation";
    case "adoption":
      return "receipt_title_adoption";
    case "official":
      return "receipt_official_title";
    case "certificate":
      return "certificate_title";
    default:
      return "receipt_title_wakaf";
  }
};
