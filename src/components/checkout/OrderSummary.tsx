import { formatMoney, type CheckoutOrder } from "@portal/domain";
import { lineLabelKey } from "../../i18n/funds";
import type { CheckoutLabels } from "./labels";

/** The order as priced with the live rates, or the way back when there is nothing to pay. */
export function OrderSummary(props: {
  readonly order: CheckoutOrder | null;
  readonly loading: boolean;
  readonly labels: CheckoutLabels;
  /** The giving page of the flow. */
  readonly back: string;
  readonly rateNotice: string | null;
}) {
  const { order, labels: l, back } = props;
  const payable = order !== null && order.total > 0;
  return (
    <section className="calc-card checkout-summary" aria-labelledby="checkout-summary">
      <h2 id="checkout-summary">{l.checkout_summary}</h2>
      {props.loading ? null : payable ? (
        <dl>
          {order.lines.map((line) => (
            <div key={line.kind}>
              <dt>{l[lineLabelKey(line.kind)]}</dt>
              <dd>{formatMoney(line.amount)}</dd>
            </div>
          ))}
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
