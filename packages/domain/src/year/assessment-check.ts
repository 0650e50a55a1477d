import { cents, type Cents } from "../money.ts";
import { INSURANCE_CONVENTIONAL, INSURANCE_TAKAFUL } from "../zakat/state.ts";
import {
  ASSESSMENT_AMOUNT_MAX,
  ASSESSMENT_BYTES_MAX,
  ASSESSMENT_GRAMS_MAX,
  ASSESSMENT_KIND,
  ASSESSMENT_ROWS_MAX,
  ASSESSMENT_VERSION,
  ASSET_CLASSES,
  assessmentFigures,
  type Assessment,
  type AssessmentCheck,
  type AssessmentFigures,
  type AssessmentFile,
  type AssessmentInputs,
  type AssessmentProblem,
  type AssessmentRates,
  type AssetClass,
} from "./assessment.ts";

/**
 * An assessment read from outside, a request body or a downloaded file, never trusted: every field
 * checked, and a file's figures recomputed from its inputs and rates (issue 33, docs/assessments.md).
 */

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
