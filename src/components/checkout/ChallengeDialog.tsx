import { useEffect } from "react";
import type { CheckoutLabels } from "./labels";
import { retrieveDonation, type Donation, type DonationRef } from "./payment-api";

/**
 * The sandbox bank's check, framed over the page. Its page tells us when it is done; polling covers a
 * lost message. Escape or the cancel button gives the check up.
 */
export function ChallengeDialog(props: {
  readonly url: string;
  readonly reference: DonationRef | undefined;
  readonly labels: CheckoutLabels;
  readonly onSettled: (current: Donation) => void;
  readonly onCancel: () => void;
}) {
  const { reference, labels: l } = props;
  useEffect(() => {
    if (!reference) return;
    let stopped = false;
    const check = async () => {
      const current = await retrieveDonation(reference).catch(() => null);
      if (stopped || !current || current.status === "requires_action") return;
      stopped = true;
      props.onSettled(current);
    };
    const onMessage = (event: MessageEvent) => {
      if (
        event.origin === location.origin &&
        (event.data as { type?: string })?.type === "portal-3ds-complete"
      ) {
        void check();
      }
    };
    window.addEventListener("message", onMessage);
    const timer = window.setInterval(() => void check(), 3000);
    return () => {
      stopped = true;
      window.removeEventListener("message", onMessage);
      window.clearInterval(timer);
    };
  }, [props.url, reference]);

  return (
    <div
      className="checkout-challenge"
      role="dialog"
      aria-modal="true"
      aria-labelledby="checkout-3ds-title"
      onKeyDown={(event) => {
        if (event.key === "Escape") props.onCancel();
      }}
    >
      <div className="checkout-challenge-box">
        <h2 id="checkout-3ds-title">{l.checkout_3ds_title}</h2>
        <p>{l.checkout_3ds_hint}</p>
        <iframe
          id="challengeFrame"
          title={l.checkout_3ds_title}
          src={props.url}
          data-testid="challenge-frame"
          data-payment-frame=""
        />
        <button
          type="button"
          className="button button-secondary"
          autoFocus
          onClick={props.onCancel}
          data-testid="challenge-cancel"
        >
          {l.polish_3ds_cancel}
        </button>
      </div>
    </div>
  );
}
