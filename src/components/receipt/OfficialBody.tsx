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
} from "./parts";

/**
 * The official (tax) receipt: serially numbered, with receipt number, donor name, ID number (masked),
 * date, type and amount (design/facts.md, IRAS).
 */
export const OfficialBody = ({ receipt, t, lang }: BodyProps) => (
  <>
    <ReceiptHead
      receipt={receipt}
      t={t}
      lang={lang}
      title={t("receipt_official_title")}
      className="official-head"
    />
    <DonorSection
      receipt={receipt}
      t={t}
      id="official-from"
      heading={t("official_received_from")}
    />
    <section aria-labelledby="official-sum">
      <h2 id="official-sum">{t("official_sum")}</h2>
      <p className="official-total">
        <Amount value={receipt.totalAmount} receipt={receipt} t={t} />
      </p>
      <dl className="receipt-fields">
        <Field term={t("official_being")}>
          {kindsOf(receipt, t)
            .map((kind) => kind.name)
            .join(", ")}
        </Field>
        <Field term={t("receipt_payment_method")}>
          <PaymentBadge receipt={receipt} t={t} />
        </Field>
        <Field term={t("receipt_reference")}>
          <Reference value={receipt.referenceNumber} />
        </Field>
      </dl>
    </section>
    <TaxLine receipt={receipt} t={t} />
    <p className="official-note">{t("official_note")}</p>
    <VerifySection receipt={receipt} t={t} />
  </>
);
