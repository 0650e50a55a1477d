import { useEffect, useRef, useState } from "react";
import {
  formatMoney,
  PAYNOW_ENQUIRY_GRACE_MS,
  PAYNOW_POLL_MS,
  PAYNOW_QR_LIFETIME_MS,
  type Cents,
  readPayNowPayload,
} from "@portal/domain";
import { fill } from "../../i18n/fill";
import type { CheckoutLabels } from "./labels";
import { saveQrImage } from "./qr-image";
import {
  payNowDonation,
  payNowQrImage,
  retrieveDonation,
  type Donation,
  type DonationRef,
} from "./payment-api";

/** Time left as m:ss, never more than the QR's lifetime (the two clocks may differ a little). */
const clock = (ms: number): string => {
  const seconds = Math.max(0, Math.ceil(Math.min(ms, PAYNOW_QR_LIFETIME_MS) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

/**
 * The PayNow step: the QR (drawn by the server from the donation's own record), the amount and the
 * reference, a countdown to expiry, and polling of the portal's own records every 3 s until the
 * payment arrives or the enquiry grace after expiry ends; then a new code can be asked for.
 */
/** The reference the QR carries (a renewed QR's has its round, `ZK…-1`): what the payer's bank shows. */
const qrReference = (payload: string | undefined) => {
  if (payload === undefined) return undefined;
  const parsed = readPayNowPayload(payload);
  return parsed.ok ? parsed.value.reference : undefined;
};

export function PayNowPanel(props: {
  readonly reference: DonationRef;
  readonly transactionNo: string;
  readonly amount: Cents;
  readonly labels: CheckoutLabels;
  /** Which code of a household's order this is (a code per fund), said under the heading. */
  readonly step?: string;
  readonly onPaid: (donation: Donation) => void;
  /** Back to checkout's form, to pay another way (the same donation: it can be paid only once). */
  readonly onBack: () => void;
}) {
  const { labels: l, reference } = props;
  const [qr, setQr] = useState<{ svg: string; payload: string; expiresAt: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [generation, setGeneration] = useState(0);
  const [failed, setFailed] = useState(false);
  // A new code asked for within the enquiry grace: made once the grace ends (until then the server
  // gives the same code, and a payment of the expired one may still be reported).
  const [renewWanted, setRenewWanted] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const renewRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let stopped = false;
    setFailed(false);
    void (async () => {
      try {
        const donation = await payNowDonation(reference);
        if (donation.status === "succeeded") return props.onPaid(donation);
        const image = await payNowQrImage(reference);
        if (!stopped && donation.payNow) {
          setNow(Date.now());
          setQr({
            svg: image.svg,
            payload: donation.payNow.payload,
            expiresAt: Date.parse(image.expiresAt),
          });
          headingRef.current?.focus();
        }
      } catch {
        if (!stopped) setFailed(true);
      }
    })();
    return () => {
      stopped = true;
    };
  }, [generation]);

  useEffect(() => {
    if (!qr) return;
    let stopped = false;
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    const poll = window.setInterval(() => {
      if (Date.now() > qr.expiresAt + PAYNOW_ENQUIRY_GRACE_MS) {
        window.clearInterval(poll);
        return;
      }
      void retrieveDonation(reference)
        .then((donation) => {
          if (!stopped && donation.status === "succeeded") props.onPaid(donation);
        })
        .catch(() => {
          // A missed poll is retried at the next tick.
        });
    }, PAYNOW_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(tick);
      window.clearInterval(poll);
    };
  }, [qr]);

  const expired = qr !== null && now > qr.expiresAt;
  const graceOver = qr !== null && now > qr.expiresAt + PAYNOW_ENQUIRY_GRACE_MS;
  useEffect(() => {
    // The code and its save button go at expiry: the donor's place (in this panel, or on nothing
    // since) moves to what they can do now, a new code.
    const at = document.activeElement;
    const here = at === null || at === document.body || sectionRef.current?.contains(at);
    if (expired && here) renewRef.current?.focus();
  }, [expired]);
  useEffect(() => {
    if (!renewWanted || !graceOver) return;
    setRenewWanted(false);
    setGeneration((g) => g + 1);
  }, [renewWanted, graceOver]);
  return (
    <section
      ref={sectionRef}
      className="calc-card checkout-paynow"
      aria-labelledby="paynow-title"
      data-testid="paynow"
    >
      <h2 id="paynow-title" ref={headingRef} tabIndex={-1}>
        {l.checkout_paynow_title}
      </h2>
      {props.step ? <p data-testid="paynow-step">{props.step}</p> : null}
      <p>{fill(l.checkout_paynow_hint, { amount: formatMoney(props.amount) })}</p>
      {failed ? (
        <p role="alert" className="checkout-problem">
          {l.checkout_error_network}
        </p>
      ) : null}
      {qr && !expired ? (
        // Before the code: on a phone the code cannot be scanned by the phone showing it, and saving it
        // (for the banking app's scanner) should not wait below a code the donor cannot use.
        <p className="paynow-save">
          <span className="field-hint" id="paynow-save-hint">
            {l.polish_paynow_save_hint}
          </span>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => saveQrImage(qr.svg, qrReference(qr.payload) ?? props.transactionNo)}
            aria-describedby="paynow-save-hint"
            data-testid="paynow-save"
          >
            {l.polish_paynow_save}
          </button>
        </p>
      ) : null}
      {qr && !expired ? (
        <div
          className="paynow-qr"
          data-testid="paynow-qr"
          dangerouslySetInnerHTML={{ __html: qr.svg }}
        />
      ) : null}
      <dl className="checkout-facts">
        <div>
          <dt>{l.checkout_total}</dt>
          <dd>{formatMoney(props.amount)}</dd>
        </div>
        <div>
          <dt>{l.checkout_paynow_reference}</dt>
          <dd data-testid="paynow-reference">{qrReference(qr?.payload) ?? props.transactionNo}</dd>
        </div>
      </dl>
      <p aria-live="polite" data-testid="paynow-status">
        {qr === null
          ? null
          : expired
            ? l.checkout_paynow_expired
            : `${fill(l.checkout_paynow_expires, { time: clock(qr.expiresAt - now) })}. ${l.checkout_paynow_waiting}`}
      </p>
      <p className="checkout-actions">
        {expired || failed ? (
          <button
            ref={renewRef}
            type="button"
            className="button"
            disabled={renewWanted}
            aria-busy={renewWanted}
            onClick={() => {
              if (graceOver || failed) setGeneration((g) => g + 1);
              else setRenewWanted(true);
            }}
            data-testid="paynow-new"
          >
            {renewWanted ? l.polish_paynow_renewing : l.checkout_paynow_new}
          </button>
        ) : null}
        <button
          type="button"
          className="button button-secondary"
          onClick={props.onBack}
          data-testid="paynow-back"
        >
          {l.polish_paynow_back}
        </button>
      </p>
      {qr && !expired ? (
        <p>
          <a
            href={`/sandbox/paynow-bank#${encodeURIComponent(qr.payload)}`}
            target="_blank"
            rel="noopener"
            data-testid="paynow-sandbox-bank"
          >
            {l.checkout_paynow_sandbox}
          </a>
        </p>
      ) : null}
    </section>
  );
}
