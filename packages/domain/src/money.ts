import { Result } from "effect";
import type { Brand } from "effect";
import { domainError, type DomainError } from "./errors.ts";

/**
 * Money is held as integer cents everywhere. `Cents` is a branded integer so a dollar number cannot be
 * passed where cents are expected.
 */
export type Cents = number & Brand.Brand<"Cents">;

/** Wraps a safe integer as `Cents`; throws on fractions, NaN or unsafe magnitudes (a programming error). */
export const cents = (n: number): Cents => {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a whole number of cents: ${n}`);
  return (n === 0 ? 0 : n) as Cents;
};

/** Zero cents. */
export const ZERO = cents(0);

/** Sum of cents. */
export const sumCents = (values: Iterable<Cents>): Cents => {
  let total = 0;
  for (const v of values) total += v;
  return cents(total);
};

/** a + b in cents. */
export const addCents = (a: Cents, b: Cents): Cents => cents(a + b);
/** a - b in cents. */
export const subtractCents = (a: Cents, b: Cents): Cents => cents(a - b);
/** Integer multiple of an amount (rate x persons, rate x days). */
export const timesCount = (amount: Cents, count: number): Cents => cents(amount * count);

/**
 * Rounds a real number of cents to whole cents, half away from zero. The `toFixed(6)` step removes binary
 * noise first, so 100.49999999999999 (from 1.005 x 100) rounds to 101 as a person would expect.
 */
export const roundCents = (x: number): Cents => {
  const abs = Math.abs(x);
  const rounded = Math.round(Number(abs.toFixed(6)));
  return cents(x < 0 ? -rounded : rounded);
};

/** amount x rate (e.g. 0.025), rounded once to whole cents, half away from zero. */
export const applyRate = (amount: Cents, rate: number): Cents => roundCents(amount * rate);

/** Converts a dollar number (e.g. 10975 or 4.5) to cents, half away from zero. */
export const dollarsToCents = (dollars: number): Cents => roundCents(dollars * 100);

/** Converts cents to a dollar number (for display code that needs one; never for maths). */
export const centsToDollars = (amount: Cents): number => amount / 100;

/** Why an amount text was refused. */
export type MoneyParseError = DomainError<
  "MoneyParseError",
  "money.empty" | "money.invalid" | "money.tooManyDecimals" | "money.tooLarge"
>;

const moneyError = (code: MoneyParseError["code"], message: string): MoneyParseError =>
  domainError("MoneyParseError", code, message);

/**
 * Reads what a donor typed as cents. Everything except digits, dot and minus is stripped first (so
 * `$1,234.50` reads as 1234.50); then at most one leading minus, at least one digit, at most one dot and at
 * most two decimals are allowed. No rounding ever happens: three decimals are refused. A plain union
 * rather than a `Result`, so the pages that read amounts carry no Effect code (`parseMoney` is the
 * `Result` form of the same rule).
 */
export const readMoney = (
  text: string,
):
  | { readonly ok: true; readonly value: Cents }
  | { readonly ok: false; readonly error: MoneyParseError } => {
  const refuse = (code: MoneyParseError["code"], message: string) =>
    ({ ok: false, error: moneyError(code, message) }) as const;
  const stripped = text.replace(/[^\d.-]/g, "");
  if (stripped === "") return refuse("money.empty", "No amount entered");
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(stripped);
  const sign = match?.[1] ?? "";
  const whole = match?.[2] ?? "";
  const fraction = match?.[3] ?? "";
  if (!match || (whole === "" && fraction === "")) {
    return refuse("money.invalid", `Not an amount: ${text}`);
  }
  if (fraction.length > 2) return refuse("money.tooManyDecimals", "At most two decimals");
  const digits = BigInt((whole || "0") + fraction.padEnd(2, "0"));
  if (digits > BigInt(Number.MAX_SAFE_INTEGER)) return refuse("money.tooLarge", "Amount too large");
  const value = Number(digits);
  return { ok: true, value: cents(sign === "-" ? -value : value) };
};

/** What a donor typed as cents, or why not (`readMoney`'s rule, as a `Result`). */
export const parseMoney = (text: string): Result.Result<Cents, MoneyParseError> => {
  const read = readMoney(text);
  return read.ok ? Result.succeed(read.value) : Result.fail(read.error);
};

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** `123450` -> `1234.50` (no symbol, no grouping, always two decimals; a minus sign when negative). */
export const centsToDecimalString = (amount: Cents): string => {
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, "0");
  return `${amount < 0 ? "-" : ""}${whole}.${fraction}`;
};

/** `123450` -> `1,234.50` (comma thousands, two decimals, no symbol). */
export const formatAmount = (amount: Cents): string => {
  const abs = Math.abs(amount);
  const whole = groupThousands(String(Math.floor(abs / 100)));
  const fraction = String(abs % 100).padStart(2, "0");
  return `${amount < 0 ? "-" : ""}${whole}.${fraction}`;
};

/** `123450` -> `$1,234.50`; negative amounts as `-$1,234.50` (en-US currency style, symbol `$`). */
export const formatMoney = (amount: Cents): string =>
  amount < 0 ? `-$${formatAmount(cents(-amount))}` : `$${formatAmount(amount)}`;

/** Rounds a percentage to 2 decimals, half away from zero (12.345 -> 12.35). */
export const roundPercent = (percent: number): number => {
  const abs = Math.round(Number((Math.abs(percent) * 100).toFixed(6))) / 100;
  return percent < 0 ? -abs : abs;
};

/** `12.5` -> `12.5%` after rounding to 2 decimals. */
export const formatPercent = (percent: number): string => `${roundPercent(percent)}%`;
