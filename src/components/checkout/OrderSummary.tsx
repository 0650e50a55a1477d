import { formatMoney, type Cents, type CheckoutOrder } from "@portal/domain";
import { lineLabelKey } from "../../i18n/funds";
import type { CheckoutLabels } from "./labels";

/** The order as priced with the live rates, or the way back when there is nothing to pay. */
export function OrderSummary(props: {
  readonly order: CheckoutOrder | null;
  /** The household's days of fidyah, paid with the zakat (a fund and a receipt of its own). */
  readonly fidyah?: CheckoutOrder | null;
  readonly loading: boolean;
  readonly labels: CheckoutLabels;
  /** The giving page of the flow. */
  readonly back: string;
  readonly rateNotice: string | null;
}) {
  const { order, labels: l, back } = props;
  const fidyah = props.fidyah ?? null;
  const payable = order !== null && (order.total > 0 || (fidyah?.total ?? 0) > 0);
  const lines = (part: CheckoutOrder) =>
    part.lines.map((line) => (
      <div key={`${part.flow}-${line.kind}`}>
        <dt>{l[lineLabelKey(line.kind)]}</dt>
        <dd>{formatMoney(line.amount)}</dd>
      </div>
    ));
  return (
    <section className="calc-card checkout-summary" aria-labelledby="checkout-summary">
      <h2 id="checkout-summary">{l.checkout_summary}</h2>
      {props.loading ? null : payable && fidyah ? (
        <>
          <dl>
            {lines(order)}
            <div className="checkout-subtotal">
              <dt>{l.order_checkout_zakat_total}</dt>
              <dd data-testid="order-zakat-total">{formatMoney(order.total)}</dd>
            </div>
            {lines(fidyah)}
            <div className="checkout-subtotal">
              <dt>{l.order_checkout_fidyah_total}</dt>
              <dd data-testid="order-fidyah-total">{formatMoney(fidyah.total)}</dd>
            </div>
            <div className="checkout-total">
              <dt>{l.checkout_total}</dt>
              <dd data-testid="checkout-total">
                {formatMoney((order.total + fidyah.total) as Cents)}
              </dd>
            </div>
          </dl>
          <p className="checkout-note" data-testid="order-statement">
            {l.order_checkout_statement}
          </p>
        </>
      ) : payable ? (
        <dl>
          {lines(order)}
          <div className="checkout-total">
            <dt>{l.checkout_total}</dt>
            <dd data-testid="checkout-total">{formatMoney(order.total)}</dd>
          </div>
        </dl>
      ) : (
        <p>
          {l.checkout_empty} <a href={back}>{l.checkout_back}</a>
        </p>
      )}
      {props.rateNotice && payable ? (
        <p className="checkout-notice" data-testid="fitrah-rate-notice">
          {props.rateNotice} <a href={back}>{l.polish_checkout_fitrah_change}</a>
        </p>
      ) : null}
    </section>
  );
}
