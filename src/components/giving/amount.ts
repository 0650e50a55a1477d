import { AMOUNT_TEXT_MAX_LENGTH, ZERO, readMoney, type Cents } from "@portal/domain";

/** Why an amount text was refused: not an amount at all, or too many decimals. */
export type AmountRefusal = "amount" | "decimals";

/**
 * Reads an amount of money as typed: empty is $0; `$`, commas and spaces are allowed; letters, negatives
 * and more than two decimals are refused rather than silently dropped.
 */
export const readMoneyText = (
  text: string,
):
  | { readonly ok: true; readonly value: Cents }
  | { readonly ok: false; readonly error: AmountRefusal } => {
  if (text.trim() === "") return { ok: true, value: ZERO };
  if (text.length > AMOUNT_TEXT_MAX_LENGTH || /[^\d.,$\s]/.test(text))
    return { ok: false, error: "amount" };
  const result = readMoney(text);
  if (!result.ok) {
    return {
      ok: false,
      error: result.error.code === "money.tooManyDecimals" ? "decimals" : "amount",
    };
  }
  return { ok: true, value: result.value };
};

/** The text a field shows for a stored amount: empty for $0, else `1234.50`. */
export const moneyText = (amount: Cents): string => (amount === 0 ? "" : (amount / 100).toFixed(2));
