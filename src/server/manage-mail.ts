import {
  formatMoney,
  receiptInstalmentText,
  type Cents,
  type MailMessage,
  type ReceiptInstalment,
} from "@portal/domain";
import { manageLinkLifetimeMs, type DonationView } from "@portal/adapters/db";
import { serverText } from "./translations";
import { languagePrefix, type Language } from "../i18n/paths";

/** A recurring gift's "manage this gift" link, as issued for one of its e-mails. */
export interface ManageLink {
  readonly token: string;
  /** The plan's first transaction: the one the link names. */
  readonly transactionNo: string;
  readonly frequency: "daily" | "weekly" | "monthly" | "quarterly" | "annually";
  /** The language the gift was made in: the e-mail and the link's page are in it. */
  readonly lang: Language;
}

/**
 * The manage page's address for a link: the token travels in the fragment, which the browser never
 * sends (not to the portal's logs, not in a Referer); the page's island reads it.
 */
export const manageHref = (origin: string, link: ManageLink): string =>
  `${origin}${languagePrefix(link.lang)}/manage-gift#${new URLSearchParams({
    no: link.transactionNo,
    key: link.token,
  }).toString()}`;

/**
 * The receipt e-mail of a recurring gift's first payment or of a renewal, in the language the gift
 * was made in: the receipt (number, amount, link) and the "manage this gift" link that lets the donor
 * see and stop this one plan, with how long it works. `receipt` is the plain receipt mail it replaces.
 * A month of a zakat instalment plan says which ("Instalment 2 of 7", issue 33).
 */
export const recurringReceiptMail = (
  donation: DonationView,
  receipt: MailMessage,
  link: ManageLink,
  origin: string,
  instalment?: ReceiptInstalment,
): MailMessage => {
  const t = serverText(link.lang);
  const receiptNo = receipt.meta?.["receiptNo"] ?? "";
  const receiptLink = receipt.meta?.["link"] ?? "";
  const manageLink = manageHref(origin, link);
  const frequency = t(`manage_gift_frequency_${link.frequency}`);
  return {
    ...receipt,
    subject: t("manage_gift_mail_subject", { receiptNo, frequency }),
    text: [
      t("manage_gift_mail_thanks", {
        amount: formatMoney(donation.totalCents as Cents),
        transactionNo: donation.transactionNo,
      }),
      ...(instalment ? [`${receiptInstalmentText(instalment, link.lang)}.`] : []),
      t("manage_gift_mail_receipt", { receiptNo, link: receiptLink }),
      "",
      t("manage_gift_mail_manage", { frequency, link: manageLink }),
      t("manage_gift_mail_note", {
        days: Math.round(manageLinkLifetimeMs(link.frequency) / 86_400_000),
      }),
    ].join("\n"),
    meta: { ...receipt.meta, manageLink },
  };
};

/**
 * The manage page of a last-ten-nights schedule (docs/last-ten-nights.md), on the wakaf site: the
 * token travels in the fragment, which the browser never sends (not to a log, not in a Referer).
 */
export const nightsManageHref = (origin: string, lang: Language, token: string): string =>
  `${origin}${languagePrefix(lang)}/wms/manage-nights#${new URLSearchParams({ key: token }).toString()}`;

/** A night's receipt's link to its schedule of the last ten nights (docs/last-ten-nights.md). */
export interface NightLink {
  readonly token: string;
  readonly night: number;
  /** The schedule's language: the line and its page are in it. */
  readonly lang: Language;
}

/**
 * The receipt e-mail of a night of the last ten nights: the receipt as sent for any gift, with a line
 * in the schedule's language naming the night and a new link (on the wakaf site) to see or stop the
 * nights still to come. Its token travels in the fragment, as every manage link's does.
 */
export const nightReceiptMail = (
  receipt: MailMessage,
  link: NightLink,
  origin: string,
): MailMessage => {
  const manageLink = nightsManageHref(origin, link.lang, link.token);
  return {
    ...receipt,
    text: [
      receipt.text,
      "",
      serverText(link.lang)("nights_receipt_manage", { night: link.night, link: manageLink }),
    ].join("\n"),
    meta: { ...receipt.meta, manageLink },
  };
};
