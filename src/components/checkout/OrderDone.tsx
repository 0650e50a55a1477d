import { useEffect, useRef } from "react";
import {
  DEFAULT_FLOW,
  formatMoney,
  homePath,
  receiptHref,
  receiptPath,
  type Cents,
} from "@portal/domain";
import { fill } from "../../i18n/fill";
import { fundHomeKey, fundNameKey } from "../../i18n/funds";
import { localizedPath, type Language } from "../../i18n/paths";
import { cardBrandName } from "../giving/payment-names";
import { partlyPaid, unpaidOf } from "./household-order";
import type { CheckoutLabels } from "./labels";
import type { Donation, OrderPayment } from "./payment-api";
import { PayNowPanel } from "./PayNowPanel";

// A household's zakat and fidyah paid in one press (household-order.ts): a receipt per fund, on the
// thank-you page, and while one part is paid and the other is not, which is which; by PayNow, a code
// per fund in turn.

/** Each fund's payment: paid (its numbers and receipt link) or not yet. */
function OrderReceipts(props: {
  readonly payments: ReadonlyArray<OrderPayment>;
  readonly labels: CheckoutLabels;
  readonly lang: Language;
  readonly productRoute: string;
}) {
  const { payments, labels: l, lang, productRoute } = props;
  return (
    <ul className="order-receipts">
      {payments.map((p) => {
        const fund = l[fundNameKey(p.fund)];
        const paid = p.status === "succeeded";
        return (
          <li key={p.id} data-testid={`order-part-${p.fund}`}>
            <h3>
              {fill(paid ? l.order_part_paid : l.order_part_unpaid, {
                fund,
                amount: formatMoney(p.totalCents as Cents),
              })}
            </h3>
            <dl className="checkout-facts">
              {p.receipt ? (
                <div>
                  <dt>{l.checkout_done_receipt_no}</dt>
                  <dd data-testid="receipt-no">{p.receipt.receiptNo}</dd>
                </div>
              ) : null}
              <div>
                <dt>{l.checkout_done_transaction_no}</dt>
                <dd data-testid="transaction-no">{p.transactionNo}</dd>
              </div>
            </dl>
            {p.receipt ? (
              <p>
                <a
                  href={localizedPath(
                    receiptHref(
                      receiptPath(p.flow, p.amounts, productRoute),
                      p.transactionNo,
                      p.receipt.token,
                    ),
                    lang,
                  )}
                  data-testid="receipt-link"
                >
                  {fill(l.order_receipt_link, { fund })}
                </a>
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The thank-you page of an order: both receipts, how it was paid, one charge per fund. */
export function OrderDone(props: {
  readonly payments: ReadonlyArray<OrderPayment>;
  readonly labels: CheckoutLabels;
  readonly lang: Language;
  readonly productRoute: string;
}) {
  const { payments, labels: l, lang, productRoute } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const card = payments.find((p) => p.card)?.card;
  // Back to the calculator the order came from: its first part's fund (the checkout's own).
  const home = payments[0]?.fund ?? DEFAULT_FLOW;
  return (
    <section
      className="checkout-done calc-card"
      aria-labelledby="checkout-done-title"
      data-testid="checkout-done"
    >
      <h2 id="checkout-done-title" ref={heading} tabIndex={-1}>
        {l.checkout_done_title}
      </h2>
      <p>{l.order_done_intro}</p>
      <OrderReceipts {...props} />
      {card ? (
        <>
          <p>
            {fill(l.checkout_done_card, { brand: cardBrandName(card.brand), last4: card.last4 })}
          </p>
          <p>{l.order_checkout_statement}</p>
        </>
      ) : payments.some((p) => p.paymentMethod === "paynow") ? (
        <p>{l.checkout_done_paynow}</p>
      ) : null}
      <p>{l.order_done_email}</p>
      <p className="checkout-actions">
        <a
          className="button button-secondary"
          href={localizedPath(homePath(home, productRoute), lang)}
          data-testid="done-home"
        >
          {l[fundHomeKey(home)]}
        </a>
      </p>
    </section>
  );
}

/** One part paid, the other not: which is which, and that paying again pays only what is left. */
export function OrderProgress(props: {
  readonly payments: ReadonlyArray<OrderPayment>;
  readonly labels: CheckoutLabels;
  readonly lang: Language;
  readonly productRoute: string;
}) {
  const { payments, labels: l } = props;
  if (!partlyPaid(payments)) return null;
  const left = unpaidOf(payments);
  return (
    <section className="calc-card" aria-labelledby="order-progress" data-testid="order-progress">
      <h2 id="order-progress">{l.order_progress_title}</h2>
      <OrderReceipts {...props} />
      <p>
        {fill(l.order_progress_retry, {
          funds: left.map((p) => l[fundNameKey(p.fund)]).join(", "),
        })}
      </p>
    </section>
  );
}

/** The order by PayNow: a code for each unpaid fund in turn, each with its own amount and receipt. */
export function OrderPayNow(props: {
  readonly payments: ReadonlyArray<OrderPayment>;
  readonly labels: CheckoutLabels;
  readonly onPaid: (donation: Donation) => void;
  readonly onBack: () => void;
}) {
  const { payments, labels: l } = props;
  const next = unpaidOf(payments)[0];
  if (!next) return null;
  return (
    <PayNowPanel
      key={next.id}
      reference={{ donationId: next.id, clientSecret: next.clientSecret }}
      transactionNo={next.transactionNo}
      amount={next.totalCents as Cents}
      labels={l}
      step={fill(l.order_paynow_step, {
        n: String(payments.indexOf(next) + 1),
        count: String(payments.length),
        fund: l[fundNameKey(next.fund)],
      })}
      onPaid={props.onPaid}
      onBack={props.onBack}
    />
  );
}
