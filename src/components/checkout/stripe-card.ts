/**
 * Card entry in Stripe mode: Stripe's own card field (Stripe.js, loaded from js.stripe.com only when the
 * portal runs with PORTAL_PAYMENT_GATEWAY=stripe), so card numbers go to Stripe and never to the portal.
 * Not exercised by the tests here (no network to Stripe); the sandbox path covers the portal's side.
 */
interface StripeJs {
  elements: () => { create: (type: "card", options?: object) => StripeCardElement };
  createPaymentMethod: (input: {
    type: "card";
    card: StripeCardElement;
  }) => Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
}

export interface StripeCardElement {
  mount: (element: HTMLElement) => void;
  destroy: () => void;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

let loading: Promise<void> | undefined;

const loadScript = (): Promise<void> =>
  (loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "https://js.stripe.com/v3/";
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("Stripe.js did not load"));
    document.head.append(script);
  }));

/** Mounts Stripe's card field in `host`; `tokenize` gives the payment-method id the portal confirms with. */
export const mountStripeCard = async (publishableKey: string, host: HTMLElement) => {
  await loadScript();
  if (!window.Stripe) throw new Error("Stripe.js did not load");
  const stripe = window.Stripe(publishableKey);
  const card = stripe.elements().create("card", { hidePostalCode: true });
  card.mount(host);
  return {
    tokenize: async (): Promise<string> => {
      const result = await stripe.createPaymentMethod({ type: "card", card });
      if (!result.paymentMethod) throw new Error(result.error?.message ?? "card refused");
      return result.paymentMethod.id;
    },
    destroy: () => card.destroy(),
  };
};
