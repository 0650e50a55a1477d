import { cardImage, type CardImage } from "@portal/domain";

/** The names a donor reads for §3's card and payment method images (brand names, not translated). */
const NAMES: Readonly<Record<string, string>> = {
  Visa: "VISA",
  MasterCard: "Mastercard",
  AmericanExpress: "AMEX",
  DinersClub: "Diners",
  JCB: "JCB",
  UnionPay: "UnionPay",
  googlepay: "Google Pay",
  applepay: "Apple Pay",
  alipay: "Alipay",
  grabpay: "GrabPay",
  paynow: "PayNow",
  cash: "Cash",
  cheque: "Cheque",
  nets: "NETS",
  banktransfer: "Bank transfer",
};

/** A card brand's name in full, one spelling everywhere (`MasterCard`, `mastercard` -> "Mastercard"). */
const BRANDS: Readonly<Record<CardImage, string>> = {
  AmericanExpress: "American Express",
  DinersClub: "Diners Club",
  JCB: "JCB",
  MasterCard: "Mastercard",
  UnionPay: "UnionPay",
  Visa: "Visa",
  DefaultCard: "",
};

/** The name a donor reads for a card brand as a gateway or the domain spells it; unknown ones as given. */
export const cardBrandName = (brand: string): string => BRANDS[cardImage(brand)] || brand;

/**
 * An image's name in full, as its text alternative: a card brand as `cardBrandName` spells it ("Visa",
 * "Mastercard", "American Express"), a payment method by its name ("PayNow", "Google Pay").
 */
export const paymentImageFullName = (image: string): string | undefined =>
  image in BRANDS ? BRANDS[image as CardImage] || undefined : NAMES[image];
