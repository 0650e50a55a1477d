// The checkout's own check of the card brands accepted (§9), in a module only checkout loads: the
// domain's validators share a chunk with the enrolment pages, which would pay for it otherwise. The
// server refuses another brand again before charging (confirmDonation, `checkout.card.accepted`).

/** The first four digits of the accepted cards (§9): Visa, American Express, Mastercard. */
const acceptedRanges: ReadonlyArray<readonly [number, number]> = [
  [4000, 4999],
  [3400, 3499],
  [3700, 3799],
  [5100, 5599],
  [2221, 2720],
];

/**
 * Whether a card number being typed can still be one the portal accepts (Visa, Mastercard, American
 * Express): false as soon as its leading digits rule all three out (JCB 35, Discover 6011, UnionPay 62,
 * Diners 36), so the form says so as it is typed; true while no digit is typed.
 */
export const acceptedCardPrefix = (text: string): boolean => {
  const p = text.replace(/\D/g, "").slice(0, 4);
  const low = Number(p.padEnd(4, "0"));
  const high = Number(p.padEnd(4, "9"));
  return p === "" || acceptedRanges.some(([from, to]) => low <= to && high >= from);
};
