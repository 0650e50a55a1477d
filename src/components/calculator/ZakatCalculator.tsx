import { useStore } from "@nanostores/react";
import { useState } from "react";
import {
  calculateZakat,
  fitrahRateOutOfRange,
  formatMoney,
  formatPercent,
  goldRatePerGram,
  initialZakatState,
  reduceZakat,
  roundCents,
  SOURCES_OF_INCOME,
  withResults,
  type Cents,
  type RateConfig,
  type ZakatAction,
} from "@portal/domain";
import { localizedPath, type Language } from "../../i18n/paths";
import {
  $calculator,
  resetCalculator,
  restoreCalculator,
  saveCalculator,
} from "../../stores/calculator";
import { fill, type CalculatorLabels } from "./labels";
import { useLiveRates } from "./rates";
import { SelectField } from "../ui/SelectField";
import { BusinessSection, CpfSection, FitrahSection, GoldSection } from "./OtherSections";
import { InsuranceSection, SavingsSection, SharesSection } from "./RowSections";
import { GiveLink } from "../giving/SignInToGive";
import { UnreadFields, useUnreadFields } from "./fields";

export interface ZakatCalculatorProps {
  readonly lang: Language;
  /** Seeded rates the page is rendered with; the live ones replace them once fetched. */
  readonly initialRates: RateConfig;
  /** Translated strings (see labels.ts). */
  readonly labels: CalculatorLabels;
}

/**
 * The zakat calculator: every asset type of the domain's state, each with its result and explanation,
 * the totals, and a link that hands the entries to checkout. Every change goes through `reduceZakat`.
 */
export default function ZakatCalculator({ lang, initialRates, labels: l }: ZakatCalculatorProps) {
  // Bumped by Reset so every field drops what was typed, valid or not.
  const [generation, setGeneration] = useState(0);
  const { rates, ratesVersion } = useLiveRates(
    initialRates,
    () => restoreCalculator(initialRates),
    (live) => {
      const current = $calculator.get();
      if (current !== undefined) {
        saveCalculator({
          state: withResults(current.state, live.rates),
          ratesVersion: live.version,
        });
      }
    },
  );
  const snapshot = useStore($calculator);
  const state = snapshot?.state ?? initialZakatState;
  const results = calculateZakat(state, rates);

  const dispatch = (action: ZakatAction) => {
    const current = $calculator.get()?.state ?? initialZakatState;
    saveCalculator({ state: reduceZakat(current, action, rates), ratesVersion });
  };

  const sectionProps = { state, results, labels: l, dispatch };
  // A field whose text does not read holds back every figure worked from it (see fields.tsx).
  const unread = useUnreadFields(l.calc_unread_result);
  const figure = (cents: Cents) => (unread.count ? "–" : formatMoney(cents));
  const checkout = `${localizedPath("/checkout", lang)}?flow=zakat`;

  return (
    <div className="calculator">
      <section className="calc-rates" aria-labelledby="calc-rates-heading">
        <h2 id="calc-rates-heading">{l.calc_rates_heading}</h2>
        <dl>
          <div>
            <dt>{l.calc_nisab}</dt>
            <dd data-testid="nisab">{formatMoney(rates.nisabValue)}</dd>
          </div>
          <div>
            <dt>{l.calc_gold_rate}</dt>
            <dd data-testid="gold-rate">{formatMoney(roundCents(goldRatePerGram(rates)))}</dd>
          </div>
        </dl>
        <p className="calc-hint">
          {fill(l.calc_rates_note, {
            grams: `${rates.goldDivisor} g`,
            rate: formatPercent(rates.zakatRate * 100),
          })}
        </p>
      </section>

      <UnreadFields value={unread}>
        <div className="calc-sections" key={generation}>
          <SavingsSection {...sectionProps} />
          <GoldSection {...sectionProps} />
          <InsuranceSection {...sectionProps} />
          <SharesSection {...sectionProps} />
          <CpfSection {...sectionProps} />
          <BusinessSection {...sectionProps} />
          <FitrahSection {...sectionProps} rates={rates} />
        </div>
      </UnreadFields>

      <section className="calc-totals" aria-labelledby="calc-totals-heading">
        <h2 id="calc-totals-heading">{l.calc_totals}</h2>
        <dl aria-live="polite" aria-atomic="true">
          <div>
            <dt>{l.calc_harta_total}</dt>
            <dd>{figure(results.hartaTotal)}</dd>
          </div>
          <div>
            <dt>{l.calc_fitrah_total}</dt>
            <dd>{figure(results.fitrah.zakat)}</dd>
          </div>
          <div className="calc-grand-total">
            <dt>{l.calc_total}</dt>
            <dd data-testid="total">{figure(results.total)}</dd>
          </div>
        </dl>
        {results.hartaTotal > 0 ? (
          <div className="calc-source">
            <SelectField
              label={l.dcheck_calc_source}
              name="sourceOfIncome"
              value={state.sourceOfIncome}
              onChange={(value) => dispatch({ type: "sourceOfIncome/set", value })}
              testId="source-of-income"
              options={[
                { value: "", label: l.dcheck_calc_source_none },
                ...SOURCES_OF_INCOME.map((source) => ({
                  value: source,
                  label: l[`dcheck_source_${source}`],
                })),
              ]}
            />
          </div>
        ) : null}
        <div className="calc-actions">
          {unread.count ? (
            <p className="calc-hint" data-testid="calc-unread">
              {l.calc_unread_pay}
            </p>
          ) : fitrahRateOutOfRange(state.fitrah.variable, rates) ? (
            <p className="calc-hint" data-testid="fitrah-rate-blocked">
              {fill(l.polish_fitrah_pay_blocked, {
                min: formatMoney(rates.fitrahMinAmount),
                max: formatMoney(rates.fitrahMaxAmount),
              })}
            </p>
          ) : results.total > 0 ? (
            <GiveLink labels={l}>
              <a
                className="button"
                href={checkout}
                onClick={() => saveCalculator({ state: withResults(state, rates), ratesVersion })}
              >
                {l.calc_pay}
              </a>
            </GiveLink>
          ) : (
            <p className="calc-hint">{l.calc_pay_hint}</p>
          )}
          <button
            type="button"
            className="calc-reset"
            onClick={() => {
              resetCalculator();
              setGeneration((g) => g + 1);
            }}
          >
            {l.calc_reset}
          </button>
        </div>
      </section>
    </div>
  );
}
