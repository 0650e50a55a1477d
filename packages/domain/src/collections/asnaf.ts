/**
 * The eight asnaf, those zakat is given to (Surah at-Tawbah 9:60), and the distribution the council
 * publishes for a year: drafted by one officer, approved by another (docs/collections.md).
 */
export const ASNAF = [
  "fuqara",
  "masakin",
  "amil",
  "muallaf",
  "riqab",
  "gharimin",
  "fisabilillah",
  "ibnusSabil",
] as const;
export type Asnaf = (typeof ASNAF)[number];

/** Gregorian years a distribution may be published for. */
export const ASNAF_YEARS = [2000, 2100] as const;

/** At most this much to one asnaf in a year ($100 billion): beyond it is a typing mistake. */
export const ASNAF_CENTS_AT_MOST = 10_000_000_000_000;

export type AsnafProblem =
  | "asnaf.invalid"
  | "asnaf.empty"
  | "asnaf.own_draft"
  | "asnaf.not_pending"
  | "asnaf.too_many_drafts";

// Fields declared and assigned, not parameter properties: Node's type stripping cannot erase those.
export class AsnafRefused extends Error {
  readonly _tag = "AsnafRefused";
  readonly code: AsnafProblem;
  constructor(code: AsnafProblem, message: string) {
    super(message);
    this.code = code;
  }
}

/** A year's distribution: integer cents to each of the eight asnaf. */
export interface AsnafDistribution {
  readonly year: number;
  readonly cents: Readonly<Record<Asnaf, number>>;
}

/**
 * A distribution as an officer proposes it, checked: a year in range, each of the eight a whole
 * number of cents from 0 to the cap (none missing, none extra), and not all zero. Throws `AsnafRefused`.
 */
export const checkAsnafDistribution = (input: {
  readonly year: unknown;
  readonly cents: unknown;
}): AsnafDistribution => {
  const { year, cents } = input;
  if (typeof year !== "number" || !Number.isInteger(year)) {
    throw new AsnafRefused("asnaf.invalid", "The year is a whole number");
  }
  if (year < ASNAF_YEARS[0] || year > ASNAF_YEARS[1]) {
    throw new AsnafRefused(
      "asnaf.invalid",
      `The year is from ${ASNAF_YEARS[0]} to ${ASNAF_YEARS[1]}`,
    );
  }
  if (typeof cents !== "object" || cents === null || Array.isArray(cents)) {
    throw new AsnafRefused("asnaf.invalid", "Give an amount for each of the eight asnaf");
  }
  const given = cents as Record<string, unknown>;
  const extra = Object.keys(given).find((key) => !(ASNAF as ReadonlyArray<string>).includes(key));
  if (extra !== undefined) throw new AsnafRefused("asnaf.invalid", `No asnaf is named ${extra}`);
  const checked = {} as Record<Asnaf, number>;
  for (const asnaf of ASNAF) {
    const value = given[asnaf];
    if (
      typeof value !== "number" ||
      !Number.isSafeInteger(value) ||
      value < 0 ||
      value > ASNAF_CENTS_AT_MOST
    ) {
      throw new AsnafRefused("asnaf.invalid", `${asnaf}: whole cents from 0 to $100 billion`);
    }
    checked[asnaf] = value;
  }
  if (ASNAF.every((asnaf) => checked[asnaf] === 0)) {
    throw new AsnafRefused("asnaf.empty", "A distribution gives something to at least one asnaf");
  }
  return { year, cents: checked };
};

/** The distribution's total in cents. */
export const asnafTotal = (cents: Readonly<Record<Asnaf, number>>): number =>
  ASNAF.reduce((sum, asnaf) => sum + cents[asnaf], 0);
