import { useEffect, useRef } from "react";
import { formatMoney, homePath, receiptHref, receiptPath, type Cents } from "@portal/domain";
import { fill } from "../../i18n/fill";
import { fundHomeKey } from "../../i18n/funds";
import { localizedPath, type Language } from "../../i18n/paths";
import { cardBrandName } from "../giving/payment-names";
import type { CheckoutLabels } from "./labels";
import type { Donation } from "./payment-api";

/** The thank-you page: receipt and transaction numbers, how it was paid, the receipt link. */
export function CheckoutDone(props: {
  readonly paid: Donation;
  readonly labels: CheckoutLabels;
  readonly lang: Language;
  readonly productRoute: string;
}) {
  const { paid, labels: l, lang, productRoute } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      className="checkout-done calc-card"
      aria-labelledby="checkout-done-title"
      data-testid="checkout-done"
    >
      <h2 id="checkout-done-title" ref={heading} tabIndex={-1}>
        {l.checkout_done_title}
      </h2>
      <dl className="checkout-facts">
        <div>
          <dt>{l.checkout_done_receipt_no}</dt>
          <dd data-testid="receipt-no">{paid.receipt?.receiptNo}</dd>
        </div>
        <div>
          <dt>{l.checkout_done_transaction_no}</dt>
          <dd data-testid="transaction-no">{paid.transactionNo}</dd>
        </div>
        <div>
          <dt>{l.checkout_total}</dt>
          <dd>{formatMoney(paid.totalCents as Cents)}</dd>
        </div>
      </dl>
      <p>
        {paid.card
          ? fill(l.checkout_done_card, {
              brand: cardBrandName(paid.card.brand),
              last4: paid.card.last4,
            })
          : l.checkout_done_paynow}
      </p>
      {paid.frequency !== "one time" ? (
        <p data-testid="recurring-manage">
          {l[`checkout_done_recurring_${paid.frequency}` as keyof CheckoutLabels]}
        </p>
      ) : null}
      <p>{l.checkout_done_email}</p>
      <p className="checkout-actions">
        {paid.receipt ? (
          <a
            className="button"
            href={localizedPath(
              receiptHref(
                receiptPath(paid.flow, paid.amounts, productRoute),
                paid.transactionNo,
                paid.receipt.token,
              ),
              lang,
            )}
            data-testid="receipt-link"
          >
            {l.checkout_done_receipt}
          </a>
        ) : null}
        <a
          className="button button-secondary"
          href={localizedPath(homePath(paid.flow, productRoute), lang)}
          data-testid="done-home"
        >
          {l[fundHomeKey(paid.flow)]}
        </a>
      </p>
    </section>
  );
}
