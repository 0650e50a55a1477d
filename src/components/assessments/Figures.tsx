import type { RefObject } from "react";
import {
  ASSET_CLASSES,
  compareAssessments,
  formatDate,
  formatMoney,
  formatPercent,
  lastYearsAssessment,
  type Assessment,
  type AssessmentInputs,
  type AssetClass,
  type Cents,
  type SavedAssessment,
} from "@portal/domain";
import type { Language } from "../../i18n/paths";

export type Label = (key: string, values?: Readonly<Record<string, string>>) => string;
export type Summary = Pick<SavedAssessment, "id" | "assessedOn" | "hijriYear" | "total" | "lines">;

/** A Singapore calendar day as the donor reads dates elsewhere (D MMM YYYY). */
export const dayText = (day: string, lang: Language) =>
  formatDate(Date.parse(`${day}T00:00:00+08:00`), lang);

/** What the donor entered in one class, as the table shows it. */
const enteredText = (inputs: AssessmentInputs, key: AssetClass): string => {
  const sum = (values: ReadonlyArray<number>) => values.reduce((a, b) => a + b, 0) as Cents;
  switch (key) {
    case "savings":
      return formatMoney(sum(inputs.savings.map((s) => s.amount - s.interest)));
    case "goldKept":
      return `${inputs.goldKeptGrams} g`;
    case "goldWorn":
      return `${inputs.goldWornGrams} g`;
    case "insurance":
      return formatMoney(sum(inputs.insurance.map((p) => p.amount)));
    case "shares":
      return formatMoney(sum(inputs.shares));
    case "cpf":
      return formatMoney(inputs.cpfOrdinary);
    case "business": {
      const b = inputs.business;
      return formatMoney(
        (b.currentAssets +
          b.assetsToAdd -
          b.assetsToRemove -
          b.currentLiabilities +
          b.liabilitiesToAdd) as Cents,
      );
    }
  }
};

/** One assessment's figures: what was entered per class, the zakat on it, the total and its rates. */
export function Figures(props: {
  readonly assessment: Assessment;
  readonly t: Label;
  readonly caption: string;
  readonly testId: string;
}) {
  const { assessment: a, t } = props;
  return (
    <>
      <div className="account-table-wrap">
        <table className="account-table assess-table" data-testid={props.testId}>
          <caption className="visually-hidden">{props.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t("assess_col_class")}</th>
              <th scope="col">{t("assess_col_entered")}</th>
              <th scope="col">{t("assess_col_zakat")}</th>
            </tr>
          </thead>
          <tbody>
            {ASSET_CLASSES.map((key) => (
              <tr key={key} data-class={key}>
                <th scope="row">{t(`assess_class_${key}`)}</th>
                <td className="account-amount">{enteredText(a.inputs, key)}</td>
                <td className="account-amount">{formatMoney(a.lines[key])}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {t("assess_total")}
              </th>
              <td className="account-amount" data-testid={`${props.testId}-total`}>
                {formatMoney(a.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="account-note">
        {t("assess_rates_used", {
          nisab: formatMoney(a.rates.nisabValue),
          rate: formatPercent(a.rates.zakatRate * 100),
        })}
      </p>
    </>
  );
}

/** A change with its sign: +$12.50, -$3.00, $0.00. */
const signed = (change: Cents): string =>
  change > 0
    ? `+${formatMoney(change)}`
    : change < 0
      ? `-${formatMoney(-change as Cents)}`
      : formatMoney(change);

/** This assessment against last year's (the previous Hijri year's latest), class by class. */
export function Comparison(props: {
  readonly saved: ReadonlyArray<Summary>;
  readonly id: string;
  readonly t: Label;
  readonly lang: Language;
  readonly headingRef: RefObject<HTMLHeadingElement | null>;
  readonly onClose: () => void;
}) {
  const { t, lang } = props;
  const now = props.saved.find((s) => s.id === props.id);
  const then = now && lastYearsAssessment(props.saved, now);
  if (!now || !then) return null;
  const c = compareAssessments(now, then);
  const heading = t("assess_compare_heading", {
    year: t("assess_hijri_year", { year: String(now.hijriYear) }),
    previous: t("assess_hijri_year", { year: String(then.hijriYear) }),
  });
  return (
    <div className="assess-view" data-testid="assess-compare">
      <h3 ref={props.headingRef} tabIndex={-1}>
        {heading}
      </h3>
      {/* Four columns scroll sideways on a phone: the region takes the focus to scroll by keys. */}
      <div className="account-table-wrap" role="region" tabIndex={0} aria-label={heading}>
        <table className="account-table assess-table">
          <caption className="visually-hidden">{heading}</caption>
          <thead>
            <tr>
              <th scope="col">{t("assess_col_class")}</th>
              <th scope="col">{dayText(now.assessedOn, lang)}</th>
              <th scope="col">{dayText(then.assessedOn, lang)}</th>
              <th scope="col">{t("assess_col_change")}</th>
            </tr>
          </thead>
          <tbody>
            {ASSET_CLASSES.map((key) => (
              <tr key={key} data-class={key}>
                <th scope="row">{t(`assess_class_${key}`)}</th>
                <td className="account-amount">{formatMoney(c.lines[key].current)}</td>
                <td className="account-amount">{formatMoney(c.lines[key].previous)}</td>
                <td className="account-amount">{signed(c.lines[key].change)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("assess_total")}</th>
              <td className="account-amount">{formatMoney(c.total.current)}</td>
              <td className="account-amount">{formatMoney(c.total.previous)}</td>
              <td className="account-amount" data-testid="assess-compare-change">
                {signed(c.total.change)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <button type="button" className="account-link-button" onClick={props.onClose}>
        {t("assess_close")}
      </button>
    </div>
  );
}
