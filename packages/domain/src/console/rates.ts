import { decodeRateConfig, RATE_BOUNDS, type RateConfig } from "../config.ts";

/** The rates an officer may change in the console (the rest stay as configured). */
export const DRAFTABLE_RATES = [
  "nisabValue",
  "goldRate",
  "fitrahNormalRate",
  "fitrahPremiumRate",
  "fitrahMinAmount",
  "fitrahMaxAmount",
  "fidyahPerDay",
  "kaffarahPerDay",
  "jimakNoOfPeople",
  "nazarNoOfPeople",
] as const satisfies ReadonlyArray<keyof RateConfig>;
export type DraftableRate = (typeof DRAFTABLE_RATES)[number];
export type RateChanges = Readonly<Partial<Record<DraftableRate, number>>>;

/** Counts of persons; every other draftable rate is money in cents. */
export const PERSON_RATES: ReadonlySet<DraftableRate> = new Set([
  "jimakNoOfPeople",
  "nazarNoOfPeople",
]);

export type RateDraftStatus = "pending" | "approved" | "published" | "withdrawn";

/** Why a draft or an approval is refused: stable codes, the edge picks the HTTP status. */
export type RateDraftProblem =
  | "rates.invalid"
  | "rates.out_of_range"
  | "rates.unchanged"
  | "rates.fitrah_range"
  | "rates.effective_past"
  | "rates.own_draft"
  | "rates.not_pending";

// Fields declared and assigned, not parameter properties: Node's type stripping cannot erase those.
export class RateDraftRefused extends Error {
  readonly _tag = "RateDraftRefused";
  readonly code: RateDraftProblem;
  constructor(code: RateDraftProblem, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * The rates a draft would put in force: the rates in force with the draft's changes. Throws
 * RateDraftRefused when a value is out of range or the fitrah rates fall outside the own-rate range.
 */
export const applyRateChanges = (current: RateConfig, changes: RateChanges): RateConfig => {
  for (const [field, value] of Object.entries(changes)) {
    const bounds = (RATE_BOUNDS as Partial<Record<string, readonly [number, number]>>)[field];
    if (bounds && Number.isSafeInteger(value) && (value < bounds[0] || value > bounds[1])) {
      throw new RateDraftRefused(
        "rates.out_of_range",
        `${field} must be from ${bounds[0]} to ${bounds[1]}`,
      );
    }
  }
  let next: RateConfig;
  try {
    next = decodeRateConfig({ ...current, ...changes });
  } catch (error) {
    throw new RateDraftRefused("rates.invalid", (error as Error).message);
  }
  const { fitrahMinAmount: min, fitrahMaxAmount: max } = next;
  if (
    min > max ||
    next.fitrahNormalRate < min ||
    next.fitrahPremiumRate > max ||
    next.fitrahNormalRate > next.fitrahPremiumRate
  ) {
    throw new RateDraftRefused(
      "rates.fitrah_range",
      "Fitrah: own-rate minimum <= normal <= premium <= own-rate maximum",
    );
  }
  return next;
};

/** Only the draftable fields of unknown input that are numbers (anything else is refused later). */
export const decodeRateChanges = (input: unknown): RateChanges => {
  if (typeof input !== "object" || input === null) {
    throw new RateDraftRefused("rates.invalid", "The rates are not an object");
  }
  const changes: Partial<Record<DraftableRate, number>> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!(DRAFTABLE_RATES as ReadonlyArray<string>).includes(key)) {
      throw new RateDraftRefused("rates.invalid", `${key} is not a rate the console changes`);
    }
    if (typeof value !== "number") throw new RateDraftRefused("rates.invalid", `${key}: a number`);
    changes[key as DraftableRate] = value;
  }
  return changes;
};

export interface RateDifference {
  readonly field: DraftableRate;
  readonly inForce: number;
  readonly drafted: number;
}

/** The draftable rates whose drafted value differs from the one in force, in the table's order. */
export const diffRates = (inForce: RateConfig, drafted: RateConfig): RateDifference[] =>
  DRAFTABLE_RATES.filter((field) => inForce[field] !== drafted[field]).map((field) => ({
    field,
    inForce: inForce[field],
    drafted: drafted[field],
  }));

/** A new draft: it must change something and take effect now or later (not before `nowMs`). */
export const checkNewDraft = (
  inForce: RateConfig,
  changes: RateChanges,
  effectiveAtMs: number,
  nowMs: number,
): RateConfig => {
  const next = applyRateChanges(inForce, changes);
  if (diffRates(inForce, next).length === 0) {
    throw new RateDraftRefused("rates.unchanged", "The draft changes no rate");
  }
  // A minute's grace: "now" typed in a form is a little in the past by the time it arrives.
  if (!Number.isFinite(effectiveAtMs) || effectiveAtMs < nowMs - 60_000) {
    throw new RateDraftRefused("rates.effective_past", "The effective time is in the past");
  }
  return next;
};

/** Four eyes: a pending draft is approved by someone other than the officer who drafted it. */
export const checkApproval = (
  draft: { readonly status: RateDraftStatus; readonly draftedBy: string },
  approverId: string,
): void => {
  if (draft.status !== "pending") {
    throw new RateDraftRefused("rates.not_pending", "Only a pending draft can be approved");
  }
  if (draft.draftedBy === approverId) {
    throw new RateDraftRefused("rates.own_draft", "A different approver must approve this draft");
  }
};

/** An approved draft is published once its effective time has come. */
export const isDue = (
  draft: { readonly status: RateDraftStatus; readonly effectiveAtMs: number },
  nowMs: number,
): boolean => draft.status === "approved" && draft.effectiveAtMs <= nowMs;
