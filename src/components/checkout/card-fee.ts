import { useState } from "react";
import { coverFeeCents, type CardFee, type CheckoutOrder } from "@portal/domain";
import type { CardEntry } from "./CardFields";
import type { Frequency, Method } from "./choices";

/**
 * Issue 33, covering the card fee: the provider's fee (from the payment configuration), the fee the
 * order would carry (`coverFeeCents`, the rule the server checks with), and whether the donor covers
 * it. Offered on a one-time gift paid by card or wallet: PayNow and recurring plans take none.
 */
export function useCardFee(order: CheckoutOrder | null, frequency: Frequency, method: Method) {
  const [cardFee, setCardFee] = useState<CardFee | null>(null);
  const [coverFee, setCoverFee] = useState(false);
  const offeredFee =
    cardFee && order && frequency === "one time" && method !== "paynow"
      ? coverFeeCents(order.total, cardFee)
      : 0;
  return { setCardFee, offeredFee, fee: coverFee ? offeredFee : 0, coverFee, setCoverFee };
}

/** What the sandbox is given for a card: the typed card, or its test card for a wallet (none here). */
export const sandboxCardOf = (method: Method, card: CardEntry) =>
  method === "card"
    ? {
        number: card.number,
        expMonth: Number(card.month),
        expYear: Number(card.year),
        cvc: card.cvc,
      }
    : {
        number: "4242424242424242",
        expMonth: 12,
        expYear: new Date().getFullYear() + 1,
        cvc: "123",
      };
