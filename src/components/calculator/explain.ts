import {
  cents,
  formatMoney,
  formatPercent,
  roundCents,
  type Explanation,
  type Figure,
  type FitrahKind,
} from "@portal/domain";
import { fill, type CalculatorLabelKey, type CalculatorLabels } from "./labels";

const grams = (value: number): string =>
  `${Number(value.toFixed(3)).toLocaleString("en-US", { maximumFractionDigits: 3 })} g`;

/** One figure as a donor reads it: money, grams, a percentage or a count. */
export const formatFigure = (f: Figure): string => {
  switch (f.unit) {
    case "cents":
      // Derived figures such as the gold rate per gram may hold fractions of a cent.
      return formatMoney(Number.isInteger(f.value) ? cents(f.value) : roundCents(f.value));
    case "grams":
      return grams(f.value);
    case "percent":
      return formatPercent(f.value);
    case "rate":
      return formatPercent(f.value * 100);
    case "count":
      return f.value.toLocaleString("en-US");
  }
};

/** Formatted figures by name; dots in names (`normal.rate`) stay as written. */
export const figureValues = (figures: ReadonlyArray<Figure>): Record<string, string> =>
  Object.fromEntries(figures.map((f) => [f.key, formatFigure(f)]));

const fitrahKinds: ReadonlyArray<FitrahKind> = ["normal", "premium", "variable"];

const fitrahSentence = (
  explanation: Explanation,
  zakat: number,
  labels: CalculatorLabels,
): string => {
  if (!explanation.due) return labels.calc_explain_fitrah_none;
  const values = figureValues(explanation.figures);
  const lines = fitrahKinds
    .filter((kind) => explanation.figures.some((f) => f.key === `${kind}.persons` && f.value > 0))
    .map((kind) =>
      fill(labels.calc_explain_fitrah_line, {
        persons: values[`${kind}.persons`] ?? "",
        rate: values[`${kind}.rate`] ?? "",
        amount: values[`${kind}.amount`] ?? "",
        kind: labels[`calc_kind_${kind}`],
      }),
    );
  return fill(labels.calc_explain_fitrah_due, {
    lines: lines.join("; "),
    zakat: formatMoney(cents(zakat)),
  });
};

/**
 * The domain's explanation (rule id, whether due, figures) as a sentence in the page's language, with
 * every figure formatted. `extra` adds figures the rule's line carries beside its explanation.
 */
export const explain = (
  explanation: Explanation,
  zakat: number,
  labels: CalculatorLabels,
  extra: Readonly<Record<string, string>> = {},
): string => {
  if (explanation.rule === "zakat.fitrah") return fitrahSentence(explanation, zakat, labels);
  // Rule `zakat.<name>` is explained by `calc_explain_<name>_due` or `_none`.
  const key = `calc_explain_${explanation.rule.slice(6)}_${explanation.due ? "due" : "none"}`;
  const template = labels[key as CalculatorLabelKey] as string | undefined;
  if (template === undefined) return "";
  return fill(template, {
    ...figureValues(explanation.figures),
    ...extra,
    zakat: formatMoney(cents(zakat)),
  });
};
