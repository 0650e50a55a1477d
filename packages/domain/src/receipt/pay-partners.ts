import type { CardImage } from "../validators/card.ts";
import type { PaymentMethodImage } from "./images.ts";

/** A way to pay that the portal offers (§7 getPayPartners), with its §3 payment method image. */
export interface PayPartner {
  readonly id: number;
  readonly name: string;
  readonly icon: PaymentMethodImage;
  readonly paymentType: number;
}

/** How a donor can pay: cards, the two wallets (§4 payment types 2 and 3) and PayNow. */
export const payPartners: ReadonlyArray<PayPartner> = [
  { id: 1, name: "Card", icon: "default", paymentType: 1 },
  { id: 2, name: "Google Pay", icon: "googlepay", paymentType: 2 },
  { id: 3, name: "Apple Pay", icon: "applepay", paymentType: 3 },
  { id: 4, name: "PayNow", icon: "paynow", paymentType: 1 },
];

/** The cards accepted (§9: Visa, Mastercard, Amex; ECMC is Mastercard's European name). */
export const acceptedCards: ReadonlyArray<CardImage> = ["Visa", "MasterCard", "AmericanExpress"];

/** The images a donor sees for the pay partners: the card entry shows each accepted card. */
export const payPartnerImages = (
  partners: ReadonlyArray<PayPartner> = payPartners,
): ReadonlyArray<PaymentMethodImage | CardImage> =>
  partners.flatMap((p): ReadonlyArray<PaymentMethodImage | CardImage> =>
    p.icon === "default" ? acceptedCards : [p.icon],
  );
