// The ways to pay, how often, and where checkout stands.
import type { CardImage, PaymentMethodImage } from "@portal/domain";
import type { Donation, DonationRef, OrderPayment } from "./payment-api";

export const methods = ["card", "paynow", "google_pay", "apple_pay"] as const;
export type Method = (typeof methods)[number];

/** Each way's §3 image (a card of no brand yet is the plain card). */
export const methodImages: Readonly<Record<Method, CardImage | PaymentMethodImage>> = {
  card: "DefaultCard",
  paynow: "paynow",
  google_pay: "googlepay",
  apple_pay: "applepay",
};
export { FREQUENCIES as frequencies, type Frequency } from "@portal/domain";

export type Phase =
  | { readonly kind: "loading" }
  | { readonly kind: "form" }
  /** The bank's check (3-D Secure) in the sandbox's frame; `reference`: an order's part's. */
  | { readonly kind: "challenge"; readonly url: string; readonly reference?: DonationRef }
  | { readonly kind: "paynow" }
  | { readonly kind: "done"; readonly donation: Donation }
  /** A household's zakat and fidyah paid in one press (household-order.ts): a receipt per fund. */
  | { readonly kind: "order-done"; readonly payments: ReadonlyArray<OrderPayment> }
  /** The order by PayNow: a code per fund, each unpaid part's in turn. */
  | { readonly kind: "order-paynow" };
