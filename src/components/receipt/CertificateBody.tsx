import { formatDate, receiptDonor } from "@portal/domain";
import { money } from "./format";
import { kindsOf, type BodyProps } from "./parts";

/** The certificate of appreciation: who gave, how much, to what, and when. */
export const CertificateBody = ({ receipt, t, lang }: BodyProps) => (
  <div className="certificate-body">
    <p className="receipt-council">{t("council_name")}</p>
    <h1>{t("certificate_title")}</h1>
    <p>{t("certificate_presented")}</p>
    <p className="certificate-name">{receiptDonor(receipt).name}</p>
    <p>
      {t("certificate_for", {
        amount: money(receipt.totalAmount),
        fund: kindsOf(receipt, t)
          .map((kind) => kind.name)
          .join(", "),
        date: formatDate(Date.parse(receipt.transactionDateTime), lang),
      })}
    </p>
    <p className="certificate-ref">
      {t("receipt_no")} {receipt.receiptNo}
    </p>
  </div>
);
