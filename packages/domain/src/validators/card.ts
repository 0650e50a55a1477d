import type { Validation } from "./messages.ts";

/** Luhn check over a string of digits (false for empty or non-digit input). */
export const luhnValid = (digits: string): boolean => {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

/** The digit that makes `payload + digit` pass Luhn. */
export const luhnCheckDigit = (payload: string): string => {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${payload}${d}`)) return String(d);
  /* v8 ignore next */
  throw new Error("unreachable: one of ten digits always completes a Luhn number");
};

/** Strips spaces and hyphens. */
export const cardDigits = (text: string): string => text.replace(/[\s-]/g, "");

/**
 * Card number rule (§5): only digits, spaces and hyphens (`validation.card.characters`); then 12 to 19
 * digits passing Luhn (`validation.card.invalid`).
 */
export const validateCardNumber = (text: string): Validation => {
  if (!/^[\d\s-]*$/.test(text)) return "validation.card.characters";
  const digits = cardDigits(text);
  return digits.length >= 12 && digits.length <= 19 && luhnValid(digits)
    ? null
    : "validation.card.invalid";
};

/** Groups digits in fours: `4242424242424242` -> `4242 4242 4242 4242`. */
export const groupInFours = (digits: string): string => digits.replace(/(\d{4})(?=\d)/g, "$1 ");

/**
 * Paste rule (§5): refused (`null`) unless the text contains a digit; then digits only, grouped as the
 * card prints them (`groupCardNumber`).
 */
export const pasteCardNumber = (pasted: string): string | null =>
  /\d/.test(pasted) ? groupCardNumber(pasted.replace(/\D/g, "")) : null;

/** Card image keys of §3. */
export type CardImage =
  "AmericanExpress" | "DinersClub" | "JCB" | "MasterCard" | "UnionPay" | "Visa" | "DefaultCard";

const brands: ReadonlyArray<readonly [CardImage, RegExp]> = [
  ["AmericanExpress", /^3[47]/],
  ["JCB", /^35(?:2[89]|[3-8])/],
  ["DinersClub", /^3(?:0[0-59]|[689])/],
  ["UnionPay", /^62/],
  ["MasterCard", /^(?:5[1-5]|2(?:2(?:2[1-9]|[3-9]\d)|[3-6]\d\d|7(?:[01]\d|20)))/],
  ["Visa", /^4/],
];

/** Card brand from the leading digits (IIN ranges), as a card image key; `DefaultCard` when unknown. */
export const cardBrand = (text: string): CardImage => {
  const digits = text.replace(/\D/g, "");
  return brands.find(([, p]) => p.test(digits))?.[0] ?? "DefaultCard";
};

/**
 * Digits grouped as the card prints them, while they are typed: American Express 4-6-5
 * (`3782 822463 10005`), every other card in fours (`4242 4242 4242 4242`). Digits past an American
 * Express card's fifteen stay in its last group (the number is then refused as invalid).
 */
export const groupCardNumber = (digits: string): string => {
  if (cardBrand(digits) !== "AmericanExpress") return groupInFours(digits);
  return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)]
    .filter((group) => group !== "")
    .join(" ");
};
