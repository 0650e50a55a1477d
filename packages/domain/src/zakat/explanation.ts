/**
 * A calculation that explains itself with keys and numbers only, so a page can render it in English or
 * Malay: `rule` and each figure's `key` are translation keys, `unit` says how to format the value.
 */
export type FigureUnit = "cents" | "grams" | "percent" | "rate" | "count";

/** One number that took part in a rule. */
export interface Figure {
  readonly key: string;
  readonly value: number;
  readonly unit: FigureUnit;
}

/** Why a rule gave what it gave. */
export type Reason =
  "atOrAboveNisab" | "belowNisab" | "atOrAboveThreshold" | "belowThreshold" | "ratePerPerson";

/** Structured explanation of one zakat result. */
export interface Explanation {
  /** Rule id, e.g. `zakat.savings`; also a translation key. */
  readonly rule: string;
  readonly due: boolean;
  readonly reason: Reason;
  readonly figures: ReadonlyArray<Figure>;
}

/** Builds a figure. */
export const figure = (key: string, value: number, unit: FigureUnit): Figure => ({
  key,
  value,
  unit,
});
