import { Fragment, type ReactNode } from "react";
import {
  cardImage,
  composeAddress,
  formatMobile,
  giftItemOf,
  paymentMethodImage,
  paymentStatusDisplay,
  RECEIPT_MOBILE_MASK,
  receiptDonor,
  taxWording,
  wrapReference,
  type DateLanguage,
} from "@portal/domain";
import type { ReceiptDataWire } from "@portal/adapters/responses";
import { fill } from "../../i18n/fill";
import { fundNameKey } from "../../i18n/funds";
import { paymentImageFullName } from "../giving/payment-names";
import { PaymentImage } from "../giving/payment-images";
import { dateTime, money } from "./format";
import type { ReceiptLabelKey, ReceiptLabels } from "./labels";

export type Receipt = ReceiptDataWire;
export type Label = (key: ReceiptLabelKey, values?: Readonly<Record<string, string>>) => string;

export const labeller =
  (labels: ReceiptLabels): Label =>
  (key, values) =>
    values ? fill(labels[key], values) : labels[key];

/** One term and its description; nothing when there is no value. */
export const Field = ({ term, children }: { term: string; children: ReactNode }) =>
  children === null || children === undefined || children === "" ? null : (
    <div className="receipt-field">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );

/**
 * The gateway's reference in pieces of 13 characters (§9): on one line where it fits (a desktop), broken
 * only between the pieces where it does not (a phone), never inside one; copied whole.
 */
export const Reference = ({ value }: { value: string | null | undefined }) =>
  value ? (
    <span className="receipt-reference">
      {wrapReference(value).map((piece, i) => (
        <Fragment key={i}>
          {i === 0 ? null : <wbr />}
          <span>{piece}</span>
        </Fragment>
      ))}
    </span>
  ) : null;

/** An amount as its payment status shows it: refunded and voided are struck, with their label. */
export const Amount = ({ value, receipt, t }: { value: number; receipt: Receipt; t: Label }) => {
  const status = paymentStatusDisplay(receipt.paymentStatus);
  return status.struck ? (
    <span className={status.amountClass}>
      <s>{money(value)}</s>{" "}
      <span className="status-label">{t(`receipt_status_${status.label}`)}</span>
    </span>
  ) : receipt.refundedAmount && value === receipt.totalAmount ? (
    <span className={status.amountClass}>
      {money(value)}{" "}
      <span className="status-label amt refunded">
        {t("consoleops_receipt_refunded_part", { amount: money(receipt.refundedAmount) })}
      </span>
    </span>
  ) : (
    <span className={status.amountClass}>{money(value)}</span>
  );
};

/** The words for the counter's methods, in the receipt's language (brands and wallets keep their names). */
const METHOD_WORDS: Readonly<Partial<Record<string, ReceiptLabelKey>>> = {
  cash: "consoleops_method_cash",
  cheque: "consoleops_method_cheque",
  banktransfer: "consoleops_method_bank_transfer",
};

/**
 * §3's payment method or card image (a small SVG, src/components/giving/payment-images.tsx) beside its
 * name, which is its text alternative (the image itself is hidden from screen readers), and the card's
 * last digits.
 */
export const PaymentBadge = ({ receipt, t }: { receipt: Receipt; t: Label }) => {
  const method = paymentMethodImage(receipt.paymentMethod, receipt.paymentType);
  const image = method === "default" ? cardImage(receipt.cardBrand) : method;
  const words = METHOD_WORDS[image];
  const name = words ? t(words) : (paymentImageFullName(image) ?? t("receipt_card"));
  return (
    <span className="payment-method">
      <PaymentImage image={image} />
      <span data-testid="payment-name">{name}</span>
      {method === "default" && receipt.cardDetails ? (
        <span>{receipt.cardDetails.replace(/^\S+\s*/, "")}</span>
      ) : null}
    </span>
  );
};

/** The donor's address from its parts, or the registered address when no parts were given. */
export const addressOf = (receipt: Receipt) =>
  composeAddress(receipt) || (receipt.donorRegisteredAddress ?? "");

/** The donor block shared by the receipt and the official receipt. */
export const DonorFields = ({ receipt, t }: { receipt: Receipt; t: Label }) => {
  const donor = receiptDonor(receipt);
  return (
    <>
      <Field term={t("receipt_name")}>{donor.name}</Field>
      <Field term={t("receipt_company")}>{receipt.companyName}</Field>
      <Field term={t("receipt_nric")}>{receipt.nirc}</Field>
      <Field term={t("receipt_email")}>{donor.email}</Field>
      <Field term={t("receipt_phone")}>
        {receipt.isAnonymous || !receipt.donorPhone
          ? null
          : formatMobile(receipt.donorPhone, RECEIPT_MOBILE_MASK)}
      </Field>
      <Field term={t("receipt_address")}>{addressOf(receipt)}</Field>
      <Field term={t("receipt_on_behalf_of")}>{receipt.onBehalfOf}</Field>
    </>
  );
};

/** The tax line that matches the fund (zakat's auto-inclusion is not the wakaf 250% line). */
export const TaxLine = ({ receipt, t }: { receipt: Receipt; t: Label }) => {
  const wording = taxWording(receipt.flow, receipt.isIRASInclusion);
  return wording === "none" ? null : (
    <p className="receipt-tax" data-tax={wording}>
      {t(`receipt_tax_${wording}`)}
    </p>
  );
};

/**
 * The kinds a donation paid for, with their amounts, in the order of the spec's fields: the items
 * priced from rates by their own names, a gift (a fund of one chosen amount, as the fund registry
 * says) by its fund's name.
 */
export const kindsOf = (receipt: Receipt, t: Label) =>
  (
    [
      ["receipt_zakat_harta", receipt.hartaAmount],
      ["receipt_zakat_fitrah", receipt.fitrahAmount],
      ["receipt_fidyah", receipt.fidyahAmount],
      ["receipt_kaffarah", receipt.kaffarahAmount],
      [fundNameKey(receipt.flow), giftItemOf(receipt.flow) ? receipt.donationAmount : 0],
    ] as const
  )
    .filter(([, amount]) => amount > 0)
    .map(([key, amount]) => ({ key, name: t(key), amount }));

/** What each receipt body (receipt, official receipt, certificate) is drawn from. */
export interface BodyProps {
  readonly receipt: Receipt;
  readonly t: Label;
  /** The page's language: dates are written in it. */
  readonly lang: DateLanguage;
  /** The next zakat due date's Hijri day by the council's calendar, written out (when known). */
  readonly hijriDue?: string | undefined;
}

/** The head of a receipt: the council, the title, and its number, transaction number and date. */
export const ReceiptHead = (props: {
  receipt: Receipt;
  t: Label;
  lang: DateLanguage;
  title: string;
  className?: string;
}) => (
  <header className={props.className ? `receipt-head ${props.className}` : "receipt-head"}>
    <p className="receipt-council">{props.t("council_name")}</p>
    <h1>{props.title}</h1>
    <dl className="receipt-fields">
      <Field term={props.t("receipt_no")}>{props.receipt.receiptNo}</Field>
      <Field term={props.t("receipt_transaction_no")}>{props.receipt.transactionNo}</Field>
      <Field term={props.t("receipt_date")}>
        {dateTime(props.receipt.transactionDateTime, props.lang)}
      </Field>
    </dl>
    {props.receipt.replacesReceiptNo ? (
      <p className="receipt-replaces">
        {props.t("consoleops_receipt_replaces", { receiptNo: props.receipt.replacesReceiptNo })}
      </p>
    ) : null}
  </header>
);

/** The donor's details under a heading (`id` names the section for its label). */
export const DonorSection = (props: {
  receipt: Receipt;
  t: Label;
  id: string;
  heading: string;
}) => (
  <section aria-labelledby={props.id}>
    <h2 id={props.id}>{props.heading}</h2>
    <dl className="receipt-fields">
      <DonorFields receipt={props.receipt} t={props.t} />
    </dl>
  </section>
);

/**
 * Issue 32: how anyone checks the receipt: the QR code of the verify page's link (drawn by the
 * server, so the page ships no QR library), the verification code as text, and the link itself.
 * On screen, in the PDF and on paper alike.
 */
export const VerifySection = ({ receipt, t }: { receipt: Receipt; t: Label }) =>
  receipt.verificationCode && receipt.verifyUrl ? (
    <section className="receipt-verify" aria-labelledby="receipt-verify">
      {receipt.verifyQrSvg ? (
        <div
          className="receipt-verify-qr"
          // The server's own SVG (qrcode's output with a label it escaped), not anyone's input.
          dangerouslySetInnerHTML={{ __html: receipt.verifyQrSvg }}
        />
      ) : null}
      <div>
        <h2 id="receipt-verify">{t("receipt_verify_heading")}</h2>
        <p>
          {t("receipt_verify_code")}:{" "}
          <strong className="receipt-verify-code" data-testid="verification-code">
            {receipt.verificationCode}
          </strong>
        </p>
        <p className="receipt-verify-text">
          {t("receipt_verify_text")}{" "}
          <a href={receipt.verifyUrl} data-testid="verify-link">
            {receipt.verifyUrl.replace(/\?.*$/, "")}
          </a>
        </p>
      </div>
    </section>
  ) : null;
