import { cents, type Cents } from "../money.ts";

/**
 * What the payment provider keeps of a card payment: a part of the charge, in basis points (1/100 of
 * a per cent), and a fixed amount per payment. The figures are the provider's contract with the
 * council, so they are configuration (`PORTAL_CARD_FEE_BASIS_POINTS`, `PORTAL_CARD_FEE_FIXED_CENTS`),
 * never a literal here.
 */
export interface CardFee {
  readonly basisPoints: number;
  readonly fixedCents: number;
}

/** Whether a fee's figures can be used: whole basis points from 0 below 100 %, whole cents from 0. */
export const isCardFee = (fee: CardFee): boolean =>
  Number.isSafeInteger(fee.basisPoints) &&
  fee.basisPoints >= 0 &&
  fee.basisPoints < 10_000 &&
  Number.isSafeInteger(fee.fixedCents) &&
  fee.fixedCents >= 0 &&
  fee.fixedCents <= 100_000;

/** The provider's fee on a charge, rounded up to the cent (never less than the provider takes). */
export const providerFeeOn = (charge: Cents, fee: CardFee): Cents =>
  cents(Math.ceil((charge * fee.basisPoints) / 10_000) + fee.fixedCents);

/**
 * The fee a donor covers on a gift: the least whole number of cents that, added to the gift, leaves
 * the council at least the whole gift after the provider takes its fee on the larger charge. So the
 * gift (the zakat, the wakaf) reaches the fund whole and the donor pays no cent more than needed.
 * Nothing for a gift of nothing.
 */
export const coverFeeCents = (gift: Cents, fee: CardFee): Cents => {
  if (gift <= 0) return cents(0);
  // No smaller charge can leave the gift: c - c x rate - fixed < gift below this one. The provider's
  // part rounded up may need a cent or two more. (Whole numbers below 2^53: the division is exact
  // enough that rounding up never lands on the wrong side of a whole number.)
  let charge = Math.ceil(((gift + fee.fixedCents) * 10_000) / (10_000 - fee.basisPoints));
  while (charge - providerFeeOn(cents(charge), fee) < gift) charge += 1;
  return cents(charge - gift);
};
