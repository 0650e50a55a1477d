import type { Cents } from "./money.ts";
import { fundOf } from "./funds/lookup.ts";

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
 * what a gift to either wakaf fund is held to online; the 150,000 of §9 is never reached by a gift.
 * The funds' own limits are the fund registry's (`fundOf(flow).limits`); the others are written here.
 */
export const amountLimits: Readonly<Record<AmountFlow, AmountLimit>> = {
  zakat: fundOf("ZAKAT").limits,
  wakaf: { min: 5_00 as Cents, max: 150_000_00 as Cents },
  wms: fundOf("WMS").limits,
  wakafEnrolment: fundOf("ILMU").limits,
  widget: { min: 5_00 as Cents, max: 999_999_00 as Cents },
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
