import type { RateConfig } from "../config.ts";
import { cents, sumCents, ZERO, type Cents } from "../money.ts";
import { calculateZakat } from "../zakat/calculate.ts";
import {
  emptyInsurancePolicy,
  emptySavingsAccount,
  emptySharesPortfolio,
  initialZakatState,
  type InsuranceType,
  type ZakatState,
} from "../zakat/state.ts";

/**
 * A saved zakat harta assessment (issue 33): every asset class the donor entered in the calculator and
 * the nisab and rates it was priced at, so an old assessment still shows the figures of its day. The
 * same shape is a signed-in donor's saved record and a guest's downloaded file (`AssessmentFile`). It
 * holds no personal data: amounts, weights and percentages only (the calculator's free remarks stay
 * behind). Fitrah is not part of it (a per-person amount of the Ramadan it is paid in, not wealth).
 */

/** What a downloaded file says it is; a file of another kind or version is refused. */
export const ASSESSMENT_KIND = "muis-zakat-harta-assessment";
export const ASSESSMENT_VERSION = 1;
/** Rows a list of savings accounts, policies or portfolios may have. */
export const ASSESSMENT_ROWS_MAX = 20;
/** Saved assessments one donor may keep. */
export const ASSESSMENTS_PER_DONOR_MAX = 100;
/** Largest assessment (its JSON) the server stores or the page loads from a file, in bytes. */
export const ASSESSMENT_BYTES_MAX = 8_192;
/** Largest amount of any entry: $10,000,000,000 (far above any donor's, well inside safe integers). */
export const ASSESSMENT_AMOUNT_MAX = 1_000_000_000_000;
/** Largest weight of gold in grams. */
export const ASSESSMENT_GRAMS_MAX = 1_000_000_000;

/** The asset classes of zakat harta, in the calculator's order. */
export const ASSET_CLASSES = [
  "savings",
  "goldKept",
  "goldWorn",
  "insurance",
  "shares",
  "cpf",
  "business",
] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

/** What the donor entered, class by class. */
export interface AssessmentInputs {
  readonly savings: ReadonlyArray<{ readonly amount: Cents; readonly interest: Cents }>;
  /** Gold kept (not worn), in grams. */
  readonly goldKeptGrams: number;
  /** Gold worn (customary use), in grams. */
  readonly goldWornGrams: number;
  readonly insurance: ReadonlyArray<{ readonly type: InsuranceType; readonly amount: Cents }>;
  readonly shares: ReadonlyArray<Cents>;
  /** The CPF Ordinary Account (MediSave and the Special Account are not zakatable). */
  readonly cpfOrdinary: Cents;
  readonly business: {
    readonly currentAssets: Cents;
    readonly assetsToAdd: Cents;
    readonly assetsToRemove: Cents;
    readonly currentLiabilities: Cents;
    readonly liabilitiesToAdd: Cents;
    /** The Muslim owner's share, 0 to 100. */
    readonly ownershipSharePercent: number;
  };
}

/** The rates the assessment was priced at: the zakat harta part of a `RateConfig`. */
export interface AssessmentRates {
  readonly nisabValue: Cents;
  readonly goldRate: number;
  readonly goldDivisor: number;
  readonly zakatRate: number;
  readonly goldKeptThresholdGrams: number;
  readonly goldWornThresholdGrams: number;
}

/** The zakat due on each asset class and in all. */
export interface AssessmentFigures {
  readonly lines: Readonly<Record<AssetClass, Cents>>;
  readonly total: Cents;
}

/** An assessment: inputs, the rates of its day and the figures they give. */
export interface Assessment extends AssessmentFigures {
  readonly inputs: AssessmentInputs;
  readonly rates: AssessmentRates;
}

/** A saved assessment as the server answers it. */
export interface SavedAssessment extends Assessment {
  readonly id: string;
  /** The Singapore calendar day it was saved (`YYYY-MM-DD`). */
  readonly assessedOn: string;
  /** The Hijri year of that day by the council's calendar. */
  readonly hijriYear: number;
}

/** A downloaded assessment: what it is, its version, and the assessment. */
export interface AssessmentFile extends Assessment {
  readonly kind: typeof ASSESSMENT_KIND;
  readonly version: typeof ASSESSMENT_VERSION;
  /** The day the file was made (`YYYY-MM-DD`), shown when it is loaded again. */
  readonly assessedOn: string;
}

/** Why an assessment (a body, a file) is refused. */
export type AssessmentProblem =
  | "malformed" // not an assessment at all: not JSON, a field missing or of the wrong kind
  | "kind" // JSON of something else
  | "version" // an assessment of a version this portal does not read
  | "tampered" // its figures are not what its inputs and rates give
  | "tooLarge"; // more rows or bytes than an assessment has

export type AssessmentCheck<A> =
  | { readonly ok: true; readonly value: A }
  | { readonly ok: false; readonly problem: AssessmentProblem; readonly field?: string };

/** The harta rates of a rate configuration. */
export const assessmentRatesOf = (config: RateConfig): AssessmentRates => ({
  nisabValue: config.nisabValue,
  goldRate: config.goldRate,
  goldDivisor: config.goldDivisor,
  zakatRate: config.zakatRate,
  goldKeptThresholdGrams: config.goldKeptThresholdGrams,
  goldWornThresholdGrams: config.goldWornThresholdGrams,
});

/** A rate configuration pricing harta at `rates` (fitrah, fidyah and kaffarah play no part). */
const configOf = (rates: AssessmentRates): RateConfig => ({
  ...rates,
  fitrahMinAmount: ZERO,
  fitrahMaxAmount: ZERO,
  fitrahNormalRate: ZERO,
  fitrahPremiumRate: ZERO,
  fidyahPerDay: ZERO,
  maxFidyahLimit: ZERO,
  kaffarahPerDay: ZERO,
  jimakNoOfPeople: 0,
  nazarNoOfPeople: 0,
});

/** The assessment's inputs of a calculator state: empty rows dropped, remarks and fitrah left behind. */
export const assessmentInputsOf = (state: ZakatState): AssessmentInputs => ({
  savings: state.savings.accounts
    .filter((a) => a.amount !== 0 || a.interest !== 0)
    .map(({ amount, interest }) => ({ amount, interest })),
  goldKeptGrams: state.gold.notForUsage.weightGrams,
  goldWornGrams: state.gold.forUsage.weightGrams,
  insurance: state.insurance.policies
    .filter((p) => p.amount !== 0)
    .map(({ type, amount }) => ({ type, amount })),
  shares: state.shares.portfolios.filter((p) => p.amount !== 0).map((p) => p.amount),
  cpfOrdinary: state.cpf.ordinaryAccount,
  business: {
    currentAssets: state.business.currentAssets,
    assetsToAdd: state.business.assetsToAdd,
    assetsToRemove: state.business.assetsToRemove,
    currentLiabilities: state.business.currentLiabilities,
    liabilitiesToAdd: state.business.liabilitiesToAdd,
    ownershipSharePercent: state.business.ownershipSharePercent,
  },
});

/** A calculator state filled from an assessment's inputs (one empty row where a list has none). */
export const zakatStateOf = (inputs: AssessmentInputs): ZakatState => {
  const i = initialZakatState;
  return {
    ...i,
    savings: {
      ...i.savings,
      accounts:
        inputs.savings.length === 0
          ? [emptySavingsAccount]
          : inputs.savings.map((a) => ({ ...a, remark: "" })),
    },
    gold: {
      notForUsage: { weightGrams: inputs.goldKeptGrams, totalZakat: ZERO },
      forUsage: { weightGrams: inputs.goldWornGrams, totalZakat: ZERO },
    },
    insurance: {
      policies:
        inputs.insurance.length === 0
          ? [emptyInsurancePolicy]
          : inputs.insurance.map((p) => ({ ...p, remark: "" })),
    },
    shares: {
      portfolios:
        inputs.shares.length === 0
          ? [emptySharesPortfolio]
          : inputs.shares.map((amount) => ({ amount, remark: "" })),
      totalSharesAmount: ZERO,
    },
    cpf: { ordinaryAccount: inputs.cpfOrdinary },
    business: { ...i.business, ...inputs.business },
  };
};

/** The zakat each class gives at `rates`, by the calculator's own rules. */
export const assessmentFigures = (
  inputs: AssessmentInputs,
  rates: AssessmentRates,
): AssessmentFigures => {
  const r = calculateZakat(zakatStateOf(inputs), configOf(rates));
  const lines = {
    savings: r.savings.zakat,
    goldKept: r.goldKept.zakat,
    goldWorn: r.goldWorn.zakat,
    insurance: r.insurance.zakat,
    shares: r.shares.zakat,
    cpf: r.cpf.zakat,
    business: r.business.zakat,
  };
  return { lines, total: r.hartaTotal };
};

/** An assessment of `inputs` priced at `rates`: the figures are computed, never taken. */
export const assess = (inputs: AssessmentInputs, rates: AssessmentRates): Assessment => ({
  inputs,
  rates,
  ...assessmentFigures(inputs, rates),
});

// ---- Comparing years ----

/**
 * The assessment to compare `current` with: the latest of the previous Hijri year (the one saved on the
 * latest day; of one day, the last in `saved`'s order, which the server gives newest first, so the
 * first met). Undefined when the donor saved none that year.
 */
export const lastYearsAssessment = <A extends Pick<SavedAssessment, "hijriYear" | "assessedOn">>(
  saved: ReadonlyArray<A>,
  current: Pick<SavedAssessment, "hijriYear">,
): A | undefined => {
  let latest: A | undefined;
  for (const a of saved) {
    if (a.hijriYear !== current.hijriYear - 1) continue;
    if (latest === undefined || a.assessedOn > latest.assessedOn) latest = a;
  }
  return latest;
};

/** One row of a comparison: this year's zakat, last year's and the change. */
export interface ComparisonRow {
  readonly current: Cents;
  readonly previous: Cents;
  readonly change: Cents;
}

/** Per asset class and in total, the change from `previous` to `current`. */
export const compareAssessments = (
  current: AssessmentFigures,
  previous: AssessmentFigures,
): {
  readonly lines: Readonly<Record<AssetClass, ComparisonRow>>;
  readonly total: ComparisonRow;
} => {
  const row = (c: Cents, p: Cents): ComparisonRow => ({
    current: c,
    previous: p,
    change: cents(c - p),
  });
  return {
    lines: Object.fromEntries(
      ASSET_CLASSES.map((k) => [k, row(current.lines[k], previous.lines[k])]),
    ) as Record<AssetClass, ComparisonRow>,
    total: row(current.total, previous.total),
  };
};

/** Whether any class has something entered (an empty assessment is not worth saving). */
export const hasEntries = (inputs: AssessmentInputs): boolean =>
  inputs.savings.length > 0 ||
  inputs.insurance.length > 0 ||
  inputs.shares.length > 0 ||
  inputs.goldKeptGrams > 0 ||
  inputs.goldWornGrams > 0 ||
  inputs.cpfOrdinary > 0 ||
  sumCents([
    inputs.business.currentAssets,
    inputs.business.assetsToAdd,
    inputs.business.currentLiabilities,
    inputs.business.liabilitiesToAdd,
    inputs.business.assetsToRemove,
  ]) > 0;
