import type { Cents } from "./money";
import { dollarsToCents } from "./money";

/** Which amount rules apply. */
export type AmountFlow = "zakat" | "wakaf" | "wms" | "wakafEnrolment" | "widget";

/** Inclusive bounds in cents. */
export interface AmountLimit {
  readonly min: Cents;
  readonly max: Cents;
}

/** Absolute ceiling on any amount (§9: 1e15 dollars), in cents. Not a safe integer: compare only. */
export const AMOUNT_CEILING_CENTS = 1e17;
/** Longest amount text a donor may type (§9). */
export const AMOUNT_TEXT_MAX_LENGTH = 14;

/**
 * Amount limits per flow (§5, §9): zakat 0.01 to 999,999; wakaf 5 to 150,000; WMS from 10; wakaf
 * enrolment up to 20,000 (from the wakaf minimum); widget default 5 to 999,999. A cash wakaf gift of
 * $20,000 or more needs the council's prior approval (design/facts.md), so the enrolment maximum is
 * what a gift to either wakaf fund is held to online (`limitsOf`); the 150,000 of
 * §9 is never reached by a gift.
 */
export const amountLimits: Readonly<Record<AmountFlow, AmountLimit>> = {
  zakat: { min: dollarsToCents(0.01), max: dollarsToCents(999_999) },
  wakaf: { min: dollarsToCents(5), max: dollarsToCents(150_000) },
  wms: { min: dollarsToCents(10), max: dollarsToCents(20_000) },
  wakafEnrolment: { min: dollarsToCents(5), max: dollarsToCents(20_000) },
  widget: { min: dollarsToCents(5), max: dollarsToCents(999_999) },
};

/** An amount outside its limits: the translation key and the bound it broke (for interpolation). */
export interface AmountIssue {
  readonly key: "validation.amount.min" | "validation.amount.max" | "validation.amount.ceiling";
  readonly limit: number;
}

/**
 * Checks an amount in cents against limits (a flow of §9's, or a fund's own: `fundOf(flow).limits`)
 * and the ceiling; `null` when acceptable.
 */
export const checkAmount = (
  limits: AmountFlow | AmountLimit,
  amount: Cents,
): AmountIssue | null => {
  const limit = typeof limits === "string" ? amountLimits[limits] : limits;
  if (amount > AMOUNT_CEILING_CENTS)
    return { key: "validation.amount.ceiling", limit: AMOUNT_CEILING_CENTS };
  if (amount < limit.min) return { key: "validation.amount.min", limit: limit.min };
  if (amount > limit.max) return { key: "validation.amount.max", limit: limit.max };
  return null;
};

/** Whether an amount text is short enough to accept (at most 14 characters). */
export const amountTextFits = (text: string): boolean => text.length <= AMOUNT_TEXT_MAX_LENGTH;
