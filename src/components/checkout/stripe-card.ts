/**
 * Card entry in Stripe mode: Stripe's own card field (Stripe.js, loaded from js.stripe.com only when the
 * portal runs with PORTAL_PAYMENT_GATEWAY=stripe), so card numbers go to Stripe and never to the portal.
 * Stripe.js is loaded and typed by @stripe/stripe-js (./stripe-loader, imported in Stripe mode only); its
 * `pure` entry adds the script only when `loadStripe` is first called.
 * Not exercised by the tests here (no network to Stripe); the sandbox path covers the portal's side.
 */
import { useEffect, useRef } from "react";

export interface StripeCard {
  /** The payment-method id the portal confirms with. */
  readonly tokenize: () => Promise<string>;
  readonly destroy: () => void;
}

/** Mounts Stripe's card field in `host`. */
export const mountStripeCard = async (
  publishableKey: string,
  host: HTMLElement,
): Promise<StripeCard> => {
  const { loadStripe } = await import("./stripe-loader");
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error("Stripe.js did not load");
  const card = stripe.elements().create("card", { hidePostalCode: true });
  card.mount(host);
  return {
    tokenize: async () => {
      const result = await stripe.createPaymentMethod({ type: "card", card });
      if (!result.paymentMethod) throw new Error(result.error.message ?? "card refused");
      return result.paymentMethod.id;
    },
    destroy: () => card.destroy(),
  };
};

/**
 * Stripe's card field while `active` (Stripe mode, paying by a new card): mounted in `stripeHost` when
 * that appears (`shown` changes when the form does), destroyed when it goes.
 */
export const useStripeCard = (
  gateway: { readonly kind: "sandbox" | "stripe"; readonly key: string },
  active: boolean,
  shown: unknown,
  onFail: () => void,
) => {
  const stripeHost = useRef<HTMLDivElement>(null);
  const stripeCard = useRef<StripeCard | null>(null);
  useEffect(() => {
    const host = stripeHost.current;
    if (!active || !host) return;
    let mounted: StripeCard | null = null;
    mountStripeCard(gateway.key, host)
      .then((card) => {
        mounted = card;
        stripeCard.current = card;
      })
      .catch(onFail);
    return () => {
      mounted?.destroy();
      stripeCard.current = null;
    };
  }, [gateway, active, shown]);
  return { stripeHost, stripeCard };
};
