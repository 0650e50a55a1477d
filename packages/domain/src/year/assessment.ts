import type { RateConfig } from "../config.ts";
import { cents, sumCents, ZERO, type Cents } from "../money.ts";
import { calculateZakat } from "../zakat/calculate.ts";
import {
  emptyInsurancePolicy,
  emptySavingsAccount,
  emptySharesPortfolio,
  initialZakatState,
  INSURANCE_CONVENTIONAL,
  INSURANCE_TAKAFUL,
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

// ---- Reading an assessment from outside (a request body, a file) ----

class Refusal {
  readonly problem: AssessmentProblem;
  readonly field: string;
  constructor(problem: AssessmentProblem, field: string) {
    this.problem = problem;
    this.field = field;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const field = (record: Record<string, unknown>, key: string, at: string): unknown => {
  if (!(key in record)) throw new Refusal("malformed", `${at}${key}`);
  return record[key];
};

const amountAt = (value: unknown, at: string): Cents => {
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw new Refusal("malformed", at);
  if ((value as number) > ASSESSMENT_AMOUNT_MAX) throw new Refusal("tooLarge", at);
  return cents(value as number);
};

const gramsAt = (value: unknown, at: string): number => {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new Refusal("malformed", at);
  }
  // At most three decimals, as the calculator takes them.
  if (Math.abs(Math.round(value * 1000) - value * 1000) > 1e-6) throw new Refusal("malformed", at);
  if (value > ASSESSMENT_GRAMS_MAX) throw new Refusal("tooLarge", at);
  return value;
};

const percentAt = (value: unknown, at: string): number => {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > 100) {
    throw new Refusal("malformed", at);
  }
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) throw new Refusal("malformed", at);
  return value;
};

const rowsAt = <A>(value: unknown, at: string, row: (item: unknown, at: string) => A): A[] => {
  if (!Array.isArray(value)) throw new Refusal("malformed", at);
  if (value.length > ASSESSMENT_ROWS_MAX) throw new Refusal("tooLarge", at);
  return value.map((item, index) => row(item, `${at}.${index}`));
};

const recordAt = (value: unknown, at: string): Record<string, unknown> => {
  if (!isRecord(value)) throw new Refusal("malformed", at);
  return value;
};

const readInputs = (value: unknown, at = "inputs"): AssessmentInputs => {
  const r = recordAt(value, at);
  const p = `${at}.`;
  const business = recordAt(field(r, "business", p), `${p}business`);
  const b = `${p}business.`;
  return {
    savings: rowsAt(field(r, "savings", p), `${p}savings`, (item, where) => {
      const row = recordAt(item, where);
      return {
        amount: amountAt(field(row, "amount", `${where}.`), `${where}.amount`),
        interest: amountAt(field(row, "interest", `${where}.`), `${where}.interest`),
      };
    }),
    goldKeptGrams: gramsAt(field(r, "goldKeptGrams", p), `${p}goldKeptGrams`),
    goldWornGrams: gramsAt(field(r, "goldWornGrams", p), `${p}goldWornGrams`),
    insurance: rowsAt(field(r, "insurance", p), `${p}insurance`, (item, where) => {
      const row = recordAt(item, where);
      const given = field(row, "type", `${where}.`);
      const type = [INSURANCE_CONVENTIONAL, INSURANCE_TAKAFUL].find((t) => t === given);
      if (type === undefined) throw new Refusal("malformed", `${where}.type`);
      return { type, amount: amountAt(field(row, "amount", `${where}.`), `${where}.amount`) };
    }),
    shares: rowsAt(field(r, "shares", p), `${p}shares`, amountAt),
    cpfOrdinary: amountAt(field(r, "cpfOrdinary", p), `${p}cpfOrdinary`),
    business: {
      currentAssets: amountAt(field(business, "currentAssets", b), `${b}currentAssets`),
      assetsToAdd: amountAt(field(business, "assetsToAdd", b), `${b}assetsToAdd`),
      assetsToRemove: amountAt(field(business, "assetsToRemove", b), `${b}assetsToRemove`),
      currentLiabilities: amountAt(
        field(business, "currentLiabilities", b),
        `${b}currentLiabilities`,
      ),
      liabilitiesToAdd: amountAt(field(business, "liabilitiesToAdd", b), `${b}liabilitiesToAdd`),
      ownershipSharePercent: percentAt(
        field(business, "ownershipSharePercent", b),
        `${b}ownershipSharePercent`,
      ),
    },
  };
};

const positive = (value: unknown, at: string, max: number): number => {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > max) {
    throw new Refusal("malformed", at);
  }
  return value;
};

const readRates = (value: unknown): AssessmentRates => {
  const r = recordAt(value, "rates");
  const at = "rates.";
  const nisab = field(r, "nisabValue", at);
  if (!Number.isSafeInteger(nisab) || (nisab as number) < 1 || (nisab as number) > 1e9) {
    throw new Refusal("malformed", "rates.nisabValue");
  }
  const zakatRate = field(r, "zakatRate", at);
  if (typeof zakatRate !== "number" || !(zakatRate >= 0 && zakatRate <= 1)) {
    throw new Refusal("malformed", "rates.zakatRate");
  }
  return {
    nisabValue: cents(nisab as number),
    goldRate: positive(field(r, "goldRate", at), "rates.goldRate", 1e9),
    goldDivisor: positive(field(r, "goldDivisor", at), "rates.goldDivisor", 1e6),
    zakatRate,
    goldKeptThresholdGrams: positive(
      field(r, "goldKeptThresholdGrams", at),
      "rates.goldKeptThresholdGrams",
      1e6,
    ),
    goldWornThresholdGrams: positive(
      field(r, "goldWornThresholdGrams", at),
      "rates.goldWornThresholdGrams",
      1e6,
    ),
  };
};

const attempt = <A>(read: () => A): AssessmentCheck<A> => {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem, field: error.field };
    throw error;
  }
};

/** Inputs sent to be saved: checked field by field (a body already decoded at the edge). */
export const checkAssessmentInputs = (value: unknown): AssessmentCheck<AssessmentInputs> =>
  attempt(() => readInputs(value));

const sameFigures = (a: AssessmentFigures, b: AssessmentFigures): boolean =>
  a.total === b.total && ASSET_CLASSES.every((k) => a.lines[k] === b.lines[k]);

const isIsoDate = (value: unknown): value is string =>
  typeof value === "string" &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/**
 * A downloaded assessment read back: its kind and version first (a file of something else, or of a
 * version this portal does not read, says so), then every field, then its figures against what its
 * inputs and rates give: a file whose total or lines were edited is refused as tampered rather than
 * trusted. `text` is the file's content.
 */
export const readAssessmentFile = (text: string): AssessmentCheck<AssessmentFile> => {
  if (text.length > ASSESSMENT_BYTES_MAX) return { ok: false, problem: "tooLarge" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: "malformed" };
  }
  return attempt(() => {
    const r = recordAt(parsed, "file");
    if (r["kind"] !== ASSESSMENT_KIND) throw new Refusal("kind", "kind");
    if (r["version"] !== ASSESSMENT_VERSION) throw new Refusal("version", "version");
    const assessedOn = field(r, "assessedOn", "");
    if (!isIsoDate(assessedOn)) throw new Refusal("malformed", "assessedOn");
    const inputs = readInputs(field(r, "inputs", ""));
    const rates = readRates(field(r, "rates", ""));
    const lines = recordAt(field(r, "lines", ""), "lines");
    const claimed: AssessmentFigures = {
      lines: Object.fromEntries(
        ASSET_CLASSES.map((k) => [k, amountAt(field(lines, k, "lines."), `lines.${k}`)]),
      ) as Record<AssetClass, Cents>,
      total: amountAt(field(r, "total", ""), "total"),
    };
    const figures = assessmentFigures(inputs, rates);
    if (!sameFigures(claimed, figures)) throw new Refusal("tampered", "total");
    return {
      kind: ASSESSMENT_KIND,
      version: ASSESSMENT_VERSION,
      assessedOn,
      inputs,
      rates,
      ...figures,
    };
  });
};

/** The file a guest downloads: the assessment, what it is and its version, and the day. */
export const assessmentFile = (assessment: Assessment, assessedOn: string): AssessmentFile => ({
  kind: ASSESSMENT_KIND,
  version: ASSESSMENT_VERSION,
  assessedOn,
  inputs: assessment.inputs,
  rates: assessment.rates,
  lines: assessment.lines,
  total: assessment.total,
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
