import type { ReactNode } from "react";
import {
  paymentStatusDisplay,
  RECEIPT_LINE_MAX,
  recurrenceLabel,
  showNextZakatDue,
  showOfficerName,
  type ReceiptInstalment,
} from "@portal/domain";
import { Truncated } from "../ui/Truncated";
import { calendarDate, money, PLATFORM_AMIL_ID, titleKey } from "./format";
import {
  Amount,
  DonorSection,
  Field,
  kindsOf,
  PaymentBadge,
  Reference,
  ReceiptHead,
  TaxLine,
  VerifySection,
  type BodyProps,
  type Label,
  type Receipt,
} from "./parts";

const Detail = ({ text, amount }: { text: string; amount?: ReactNode }) => (
  <tr className="receipt-detail">
    <td>
      <Truncated text={text} max={RECEIPT_LINE_MAX} />
    </td>
    <td>{amount ?? ""}</td>
  </tr>
);

/** A detail amount, struck like the rest when the payment was refunded or voided. */
const detailAmount = (value: number, receipt: Receipt) =>
  paymentStatusDisplay(receipt.paymentStatus).struck ? <s>{money(value)}</s> : money(value);

/** Which payment of a zakat instalment plan this is (issue 33): "Instalment 2 of 7", or the settling one. */
const instalmentText = (instalment: ReceiptInstalment, t: Label) =>
  instalment.kind === "settle"
    ? t("receipt_instalment_settle")
    : t("receipt_instalment", { k: String(instalment.k), n: String(instalment.n) });

/** The sub-rows under one kind: harta items with remarks, fitrah kinds, fidyah days, kaffarah. */
const details = (kind: string, receipt: Receipt, t: Label) => {
  const { muisHarta, muisFitrah, muisFidyah, muisKaffarah } = receipt.attributes;
  switch (kind) {
    case "receipt_zakat_harta":
      return [
        ...(receipt.attributes.instalment
          ? [<Detail key="instalment" text={instalmentText(receipt.attributes.instalment, t)} />]
          : []),
        ...(receipt.sourceOfIncome
          ? [
              <Detail
                key="source"
                text={`${t("dcheck_receipt_source")}: ${t(`dcheck_source_${receipt.sourceOfIncome}`)}`}
              />,
            ]
          : []),
        ...muisHarta.map((item, i) => (
          <Detail
            key={`h${i}`}
            text={[
              t(`receipt_harta_${item.name as "others"}`),
              item.remark.length > 0
                ? t("receipt_remarks", { remarks: item.remark.join(", ") })
                : "",
            ]
              .filter(Boolean)
              .join(" · ")}
            amount={detailAmount(item.amount, receipt)}
          />
        )),
      ];
    case "receipt_zakat_fitrah":
      return muisFitrah.map((item) => (
        <Detail
          key={item.name}
          text={`${t(`receipt_fitrah_${item.name as "Normal"}`)}: ${
            item.perPerson === null
              ? t("receipt_persons", { persons: String(item.noOfPerson) })
              : t("receipt_persons_rate", {
                  persons: String(item.noOfPerson),
                  rate: money(item.perPerson),
                })
          }`}
          amount={item.amount === null ? null : detailAmount(item.amount, receipt)}
        />
      ));
    case "receipt_fidyah":
      return [
        ...((receipt.typeOfFidyah ?? []).length > 0
          ? [
              <Detail
                key="types"
                text={`${t("dcheck_receipt_fidyah_type")}: ${(receipt.typeOfFidyah ?? [])
                  .map((type) => t(`fidyah_${type}`))
                  .join(", ")}`}
              />,
            ]
          : []),
        ...muisFidyah.map((item, index) => (
          <Detail
            key={`fidyah-${index}`}
            text={
              item.perDay === null && item.noOfDays === 0
                ? t("donorlast_receipt_fidyah_direct", { amount: money(item.amount) })
                : item.perDay === null
                  ? t("receipt_days", { days: String(item.noOfDays) })
                  : t("receipt_days_rate", {
                      days: String(item.noOfDays),
                      rate: money(item.perDay),
                    })
            }
          />
        )),
      ];
    case "receipt_kaffarah":
      return muisKaffarah.map((item) => (
        <Detail
          key="kaffarah"
          text={`${t(`receipt_kaffarah_${item.name as "Jimak"}`)}${
            item.name === "Custom"
              ? ""
              : `: ${
                  item.perUnit === null
                    ? t("receipt_quantity", { quantity: String(item.quantity) })
                    : t("receipt_quantity_rate", {
                        quantity: String(item.quantity),
                        rate: money(item.perUnit),
                      })
                }`
          }`}
        />
      ));
    default:
      return [];
  }
};

const PERSON_ITEM: Readonly<Record<string, string>> = {
  receipt_zakat_fitrah: "fitrah",
  receipt_fidyah: "fidyah",
  receipt_zakat_harta: "harta",
};
const FITRAH_KIND = { normal: "Normal", premium: "Premium", own: "Variable" } as const;

/** The people the payer paid for under one kind (a household): each named, with their amount. */
const people = (kind: string, receipt: Receipt, t: Label) =>
  receipt.attributes.household
    .filter((person) => person.item === PERSON_ITEM[kind])
    .map((person, index) => (
      <Detail
        key={`person-${index}`}
        text={[
          t("receipt_for_person", { name: person.name }),
          person.kind === null ? "" : t(`receipt_fitrah_${FITRAH_KIND[person.kind]}`),
          person.days === null ? "" : t("receipt_days", { days: String(person.days) }),
        ]
          .filter(Boolean)
          .join(" · ")}
        amount={detailAmount(person.amount, receipt)}
      />
    ));

/** The donor's receipt (spec §3): every field that applies to this donation. */
export const ReceiptBody = ({ receipt, t, lang, hijriDue }: BodyProps) => {
  const status = paymentStatusDisplay(receipt.paymentStatus);
  const recurrence = recurrenceLabel(receipt.frequency, money(receipt.totalAmount));
  const officer = showOfficerName({
    source: receipt.source,
    amilId: receipt.amilId,
    platformAmilId: PLATFORM_AMIL_ID,
  });
  return (
    <>
      <ReceiptHead receipt={receipt} t={t} lang={lang} title={t(titleKey(receipt.flow))} />
      <DonorSection
        receipt={receipt}
        t={t}
        id="receipt-donor"
        heading={t("receipt_donor_details")}
      />
      <section aria-labelledby="receipt-items">
        <h2 id="receipt-items">{t("receipt_items")}</h2>
        <table className="receipt-table">
          <thead>
            <tr>
              <th scope="col">{t("receipt_item")}</th>
              <th scope="col">{t("receipt_amount")}</th>
            </tr>
          </thead>
          <tbody>
            {kindsOf(receipt, t).flatMap((kind) => [
              <tr key={kind.key} className="receipt-kind">
                <th scope="row">{kind.name}</th>
                <td>
                  <Amount value={kind.amount} receipt={receipt} t={t} />
                </td>
              </tr>,
              ...details(kind.key, receipt, t),
              ...people(kind.key, receipt, t),
            ])}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("receipt_total")}</th>
              <td>
                <Amount value={receipt.totalAmount} receipt={receipt} t={t} />
              </td>
            </tr>
          </tfoot>
        </table>
        {showNextZakatDue(receipt) && receipt.nextZakatDueDate ? (
          <p className="receipt-next-due">
            {t("receipt_next_due")}: <strong>{calendarDate(receipt.nextZakatDueDate, lang)}</strong>
            {hijriDue ? <span className="receipt-hijri"> ({hijriDue})</span> : null}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="receipt-payment">
        <h2 id="receipt-payment">{t("receipt_payment_details")}</h2>
        <dl className="receipt-fields">
          <Field term={t("receipt_payment_method")}>
            <PaymentBadge receipt={receipt} t={t} />
          </Field>
          <Field term={t("receipt_fee_covered")}>
            {receipt.feeCents ? t("receipt_fee_apart", { amount: money(receipt.feeCents) }) : null}
          </Field>
          <Field term={t("receipt_charged")}>
            {receipt.feeCents ? money(receipt.totalAmount + receipt.feeCents) : null}
          </Field>
          <Field term={t("receipt_reference")}>
            <Reference value={receipt.referenceNumber} />
          </Field>
          <Field term={t("receipt_bank")}>{receipt.bankName}</Field>
          <Field term={t("receipt_status")}>
            <span className={status.struck ? "status-label" : undefined}>
              {t(`receipt_status_${status.label}`)}
            </span>
          </Field>
          <Field term={t("receipt_frequency")}>{t(`receipt_recurrence_${recurrence}`)}</Field>
          <Field term={t("receipt_officer")}>{officer ? receipt.amilName : null}</Field>
          <Field term={t("receipt_mosque")}>{receipt.mosqueName}</Field>
        </dl>
      </section>
      <TaxLine receipt={receipt} t={t} />
      <VerifySection receipt={receipt} t={t} />
      <p className="receipt-thanks">{t("receipt_thanks")}</p>
      {receipt.websiteUrl ? (
        <p className="receipt-website">
          {t("dcheck_receipt_website")}: <a href={receipt.websiteUrl}>{receipt.websiteUrl}</a>
        </p>
      ) : null}
    </>
  );
};
