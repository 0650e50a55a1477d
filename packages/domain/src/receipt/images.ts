import type { CardImage } from "../validators/card.ts";

/** Payment method image names of spec §3. */
export type PaymentMethodImage =
  | "googlepay"
  | "applepay"
  | "alipay"
  | "grabpay"
  | "paynow"
  | "cash"
  | "cheque"
  | "nets"
  | "banktransfer"
  | "default";

const squash = (value: string | null | undefined) =>
  (value ?? "").toLowerCase().replace(/[^a-z]/g, "");

const CARDS: Readonly<Record<string, CardImage>> = {
  visa: "Visa",
  mastercard: "MasterCard",
  amex: "AmericanExpress",
  americanexpress: "AmericanExpress",
  diners: "DinersClub",
  dinersclub: "DinersClub",
  jcb: "JCB",
  unionpay: "UnionPay",
};

/** The card image for a brand as gateways spell it (`visa`, `Visa`, `amex`, `MasterCard`...). */
export const cardImage = (brand: string | null | undefined): CardImage =>
  CARDS[squash(brand)] ?? "DefaultCard";

const METHODS: ReadonlyArray<PaymentMethodImage> = [
  "googlepay",
  "applepay",
  "alipay",
  "grabpay",
  "paynow",
  "cash",
  "cheque",
  "nets",
  "banktransfer",
];

/**
 * The payment method image: a wallet by payment type (§4: 2 Google Pay, 3 Apple Pay), else the method's
 * own name (`PayNow`, `Bank Transfer`...), else `default` (a card shows its card image instead).
 */
export const paymentMethodImage = (
  method: string | null | undefined,
  paymentType?: number | null,
): PaymentMethodImage => {
  if (paymentType === 2) return "googlepay";
  if (paymentType === 3) return "applepay";
  const name = squash(method);
  return METHODS.find((m) => m === name) ?? "default";
};
