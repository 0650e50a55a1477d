import { AMOUNT_TEXT_MAX_LENGTH, ZERO, readMoney, type Cents } from "@portal/domain";
import type { CalculatorLabelKey } from "./labels";

/** What a donor typed, read as a value or refused with the key of a translated message. */
export type Parsed<A> =
  | { readonly ok: true; readonly value: A }
  | { readonly ok: false; readonly error: CalculatorLabelKey };

const ok = <A>(value: A): Parsed<A> => ({ ok: true, value });
const refuse = <A>(error: CalculatorLabelKey): Parsed<A> => ({ ok: false, error });

/**
 * An amount of money: empty is $0; `$`, commas and spaces are allowed (readMoney strips them), any other
 * letter is refused rather than silently dropped, and so are negatives and more than two decimals.
 */
export const parseAmountText = (text: string): Parsed<Cents> => {
  if (text.trim() === "") return ok(ZERO);
  if (text.length > AMOUNT_TEXT_MAX_LENGTH || /[^\d.,$\s-]/.test(text)) {
    return refuse("calc_error_amount");
  }
  const result = readMoney(text);
  if (!result.ok) {
    const code = result.error.code;
    if (code === "money.tooManyDecimals") return refuse("calc_error_decimals");
    if (code === "money.tooLarge") return refuse("calc_error_too_large");
    return refuse("calc_error_amount");
  }
  return result.value < 0 ? refuse("calc_error_negative") : ok(result.value);
};

/** A weight of gold in grams: empty is 0; up to three decimals. */
export const parseGramsText = (text: string): Parsed<number> => {
  const trimmed = text.trim();
  if (trimmed === "") return ok(0);
  return /^\d{1,9}(\.\d{0,3})?$|^\.\d{1,3}$/.test(trimmed)
    ? ok(Number(trimmed))
    : refuse("calc_error_grams");
};

/** A number of persons: empty is 0; whole numbers up to 9999. */
export const parsePersonsText = (text: string): Parsed<number> => {
  const trimmed = text.trim();
  if (trimmed === "") return ok(0);
  return /^\d{1,4}$/.test(trimmed) ? ok(Number(trimmed)) : refuse("calc_error_persons");
};

/** A percentage from 0 to 100 with up to two decimals; empty is refused (there is no neutral value). */
export const parsePercentText = (text: string): Parsed<number> => {
  const trimmed = text.trim();
  if (!/^\d{1,3}(\.\d{0,2})?$/.test(trimmed)) return refuse("calc_error_percent");
  const value = Number(trimmed);
  return value <= 100 ? ok(value) : refuse("calc_error_percent");
};

/** The text a field shows for a stored amount: empty for $0, else `1234.50`. */
export const amountText = (amount: Cents): string =>
  amount === 0 ? "" : (amount / 100).toFixed(2);

/** The text a field shows for a stored count or weight: empty for 0. */
export const numberText = (value: number): string => (value === 0 ? "" : String(value));
