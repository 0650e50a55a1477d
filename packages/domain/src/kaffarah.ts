import { Result } from "effect";
import type { RateConfig } from "./config.ts";
import { domainError, type DomainError } from "./errors.ts";
import type { Cents } from "./money.ts";
import { ZERO, centsToDecimalString, dollarsToCents, sumCents, timesCount } from "./money.ts";

/** The three mutually exclusive kaffarah options. */
export type KaffarahKind = "jimak" | "nazar" | "custom";

/**
 * One option. For jimak and nazar `value` is the quantity entered (times the kaffarah is owed),
 * `noOfDays` the same quantity, `perDay` the cost of one kaffarah (kaffarah per day x persons fed) and
 * `amount` = quantity x perDay. For custom, `value` and `amount` are the amount entered, in cents.
 */
export interface KaffarahOption {
  readonly name: "Jimak" | "Nazar" | "Custom";
  readonly noOfDays: number;
  readonly amount: Cents;
  readonly value: number;
  readonly perDay: Cents;
}

/** Kaffarah state of spec §3; `totalAmount` is a two-decimal string. */
export interface KaffarahState {
  readonly jimak: KaffarahOption;
  readonly nazar: KaffarahOption;
  readonly custom: KaffarahOption;
  readonly totalAmount: string;
}

/** Largest quantity a donor may enter (§5). */
export const KAFFARAH_MAX_QUANTITY = 9999;
/** Smallest custom amount (§5): $5. */
export const KAFFARAH_MIN_AMOUNT: Cents = dollarsToCents(5);

const blank = (name: KaffarahOption["name"]): KaffarahOption => ({
  name,
  noOfDays: 0,
  amount: ZERO,
  value: 0,
  perDay: ZERO,
});

/** Initial kaffarah state: all options zero, total `0.00`. */
export const initialKaffarahState: KaffarahState = {
  jimak: blank("Jimak"),
  nazar: blank("Nazar"),
  custom: blank("Custom"),
  totalAmount: "0.00",
};

/** Why a kaffarah entry was refused. */
export type KaffarahError = DomainError<
  "KaffarahError",
  "validation.kaffarah.quantity" | "validation.kaffarah.minAmount"
>;

/** Edits of the kaffarah page. */
export type KaffarahAction =
  | { readonly type: "choose"; readonly kind: "jimak" | "nazar"; readonly quantity: number }
  | { readonly type: "custom"; readonly amount: Cents }
  | { readonly type: "reset" };

const withTotal = (state: Omit<KaffarahState, "totalAmount">): KaffarahState => ({
  ...state,
  totalAmount: centsToDecimalString(
    sumCents([state.jimak.amount, state.nazar.amount, state.custom.amount]),
  ),
});

/** Cost of one jimak or nazar kaffarah: kaffarah per day x persons fed (from configuration). */
export const kaffarahUnitCost = (kind: "jimak" | "nazar", config: RateConfig): Cents =>
  timesCount(
    config.kaffarahPerDay,
    kind === "jimak" ? config.jimakNoOfPeople : config.nazarNoOfPeople,
  );

const refuse = (error: KaffarahError) => ({ ok: false, error }) as const;

/**
 * Applies one kaffarah edit (spec §4). The options are mutually exclusive (§3): choosing or updating jimak
 * or nazar resets custom (and the other of the two); updating custom resets jimak and nazar; total is the sum of the three amounts as a two-decimal string. Quantities must
 * be whole numbers from 0 to 9999 and a custom amount at least $5, otherwise the state is unchanged and
 * the error carries the translation key. A plain union rather than a `Result`, so the pages carry no
 * Effect code (`reduceKaffarah` is the `Result` form).
 */
export const applyKaffarah = (
  state: KaffarahState,
  action: KaffarahAction,
  config: RateConfig,
):
  | { readonly ok: true; readonly state: KaffarahState }
  | { readonly ok: false; readonly error: KaffarahError } => {
  switch (action.type) {
    case "choose": {
      const q = action.quantity;
      if (!Number.isInteger(q) || q < 0 || q > KAFFARAH_MAX_QUANTITY) {
        return refuse(
          domainError("KaffarahError", "validation.kaffarah.quantity", "Quantity 0 to 9999"),
        );
      }
      const perDay = kaffarahUnitCost(action.kind, config);
      const option = { ...blank(state[action.kind].name), noOfDays: q, value: q, perDay };
      const chosen = { ...option, amount: timesCount(perDay, q) };
      const cleared = { jimak: blank("Jimak"), nazar: blank("Nazar"), custom: blank("Custom") };
      return { ok: true, state: withTotal({ ...cleared, [action.kind]: chosen }) };
    }
    case "custom": {
      if (!Number.isSafeInteger(action.amount) || action.amount < KAFFARAH_MIN_AMOUNT) {
        return refuse(
          domainError("KaffarahError", "validation.kaffarah.minAmount", "Amount at least $5"),
        );
      }
      const custom = { ...blank("Custom"), amount: action.amount, value: action.amount };
      return {
        ok: true,
        state: withTotal({ jimak: blank("Jimak"), nazar: blank("Nazar"), custom }),
      };
    }
    case "reset":
      return { ok: true, state: initialKaffarahState };
  }
};

/** `applyKaffarah` as a `Result`. */
export const reduceKaffarah = (
  state: KaffarahState,
  action: KaffarahAction,
  config: RateConfig,
): Result.Result<KaffarahState, KaffarahError> => {
  const applied = applyKaffarah(state, action, config);
  return applied.ok ? Result.succeed(applied.state) : Result.fail(applied.error);
};

/** The options currently holding an amount; by construction at most one. */
export const activeKaffarahOptions = (state: KaffarahState): ReadonlyArray<KaffarahKind> =>
  (["jimak", "nazar", "custom"] as const).filter((k) => state[k].amount > 0);
