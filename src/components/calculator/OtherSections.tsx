import {
  fitrahRateOutOfRange,
  formatMoney,
  type BusinessPatch,
  type Cents,
  type RateConfig,
} from "@portal/domain";
import { explain, formatFigure } from "./explain";
import { AmountField, ParsedField, ResultLine, Section } from "./fields";
import { fill } from "./labels";
import { numberText, parseGramsText, parsePercentText, parsePersonsText } from "./parse";
import type { SectionProps } from "./RowSections";

/** Gold kept (not worn) and gold worn, by weight. */
export function GoldSection({ state, results, labels: l, dispatch }: SectionProps) {
  return (
    <Section title={l.calc_gold} hint={l.calc_gold_hint} icon="gold">
      <div className="calc-row-fields">
        <ParsedField
          label={l.calc_gold_kept}
          value={state.gold.notForUsage.weightGrams}
          toText={numberText}
          parse={parseGramsText}
          onValue={(grams) => dispatch({ type: "gold/setWeight", bucket: "notForUsage", grams })}
          labels={l}
          inputMode="decimal"
        />
        <ParsedField
          label={l.calc_gold_worn}
          value={state.gold.forUsage.weightGrams}
          toText={numberText}
          parse={parseGramsText}
          onValue={(grams) => dispatch({ type: "gold/setWeight", bucket: "forUsage", grams })}
          labels={l}
          inputMode="decimal"
        />
      </div>
      <ResultLine
        label={l.calc_gold_kept_due}
        zakat={results.goldKept.zakat}
        explanation={explain(results.goldKept.explanation, results.goldKept.zakat, l)}
      />
      <ResultLine
        label={l.calc_gold_worn_due}
        zakat={results.goldWorn.zakat}
        explanation={explain(results.goldWorn.explanation, results.goldWorn.zakat, l)}
      />
    </Section>
  );
}

/**
 * CPF: the Ordinary Account's balance only (MediSave and the Special Account are not zakatable, which
 * the hint and the explanation say), assessed against the nisab on its own.
 */
export function CpfSection({ state, results, labels: l, dispatch }: SectionProps) {
  return (
    <Section title={l.calc_cpf} hint={l.calc_cpf_hint} icon="cpf">
      <div className="calc-row-fields">
        <AmountField
          label={l.calc_cpf_ordinary}
          value={state.cpf.ordinaryAccount}
          onValue={(amount) => dispatch({ type: "cpf/setOrdinaryAccount", amount })}
          labels={l}
        />
      </div>
      <ResultLine
        label={l.calc_zakat_due}
        zakat={results.cpf.zakat}
        explanation={explain(results.cpf.explanation, results.cpf.zakat, l)}
      />
    </Section>
  );
}

const businessAmounts = [
  ["currentAssets", "calc_current_assets"],
  ["assetsToAdd", "calc_assets_to_add"],
  ["assetsToRemove", "calc_assets_to_remove"],
  ["currentLiabilities", "calc_current_liabilities"],
  ["liabilitiesToAdd", "calc_liabilities_to_add"],
] as const;

/** Business by the working-capital method, with the Muslim owner's share. */
export function BusinessSection({ state, results, labels: l, dispatch }: SectionProps) {
  const business = state.business;
  const update = (patch: BusinessPatch) => dispatch({ type: "business/update", patch });
  return (
    <Section title={l.calc_business} hint={l.calc_business_hint} icon="business">
      <div className="calc-row-fields">
        {businessAmounts.map(([field, label]) => (
          <AmountField
            key={field}
            label={l[label]}
            value={business[field]}
            onValue={(amount: Cents) => update({ [field]: amount })}
            labels={l}
          />
        ))}
        <ParsedField
          label={l.calc_ownership}
          value={business.ownershipSharePercent}
          toText={String}
          parse={parsePercentText}
          onValue={(ownershipSharePercent) => update({ ownershipSharePercent })}
          labels={l}
          inputMode="decimal"
          maxLength={6}
        />
      </div>
      <ResultLine
        label={l.calc_zakat_due}
        zakat={results.business.zakat}
        explanation={explain(results.business.explanation, results.business.zakat, l, {
          totalZakat: formatMoney(results.business.totalZakat),
        })}
      />
    </Section>
  );
}

/** Zakat fitrah: persons at the normal and higher rates, and at a rate the donor chooses. */
export function FitrahSection({
  state,
  results,
  labels: l,
  dispatch,
  rates,
}: SectionProps & { readonly rates: RateConfig }) {
  const persons = (kind: "normal" | "premium" | "variable", label: string) => (
    <ParsedField
      label={label}
      value={state.fitrah[kind].persons}
      toText={numberText}
      parse={parsePersonsText}
      onValue={(count) => dispatch({ type: "fitrah/setPersons", kind, persons: count })}
      labels={l}
      inputMode="numeric"
      maxLength={4}
    />
  );
  const money = (amount: Cents) => formatFigure({ key: "rate", value: amount, unit: "cents" });
  const range = { min: money(rates.fitrahMinAmount), max: money(rates.fitrahMaxAmount) };
  return (
    <Section title={l.calc_fitrah} hint={l.calc_fitrah_hint} icon="zakat_fitrah">
      <fieldset className="calc-row">
        <legend>{fill(l.calc_fitrah_normal, { rate: money(rates.fitrahNormalRate) })}</legend>
        <div className="calc-row-fields">{persons("normal", l.calc_persons)}</div>
      </fieldset>
      <fieldset className="calc-row">
        <legend>{fill(l.calc_fitrah_premium, { rate: money(rates.fitrahPremiumRate) })}</legend>
        <div className="calc-row-fields">{persons("premium", l.calc_persons)}</div>
      </fieldset>
      <fieldset className="calc-row">
        <legend>{l.calc_fitrah_variable}</legend>
        <div className="calc-row-fields">
          <AmountField
            label={l.calc_rate_per_person}
            value={state.fitrah.variable.rate}
            onValue={(rate) => dispatch({ type: "fitrah/setVariableRate", rate })}
            labels={l}
            hint={fill(l.polish_fitrah_range, range)}
            refuse={(rate) =>
              rate > 0 && fitrahRateOutOfRange({ persons: 1, rate }, rates)
                ? fill(l.polish_fitrah_out_of_range, range)
                : null
            }
          />
          {persons("variable", l.calc_persons)}
        </div>
      </fieldset>
      <ResultLine
        label={l.calc_zakat_due}
        zakat={results.fitrah.zakat}
        explanation={explain(results.fitrah.explanation, results.fitrah.zakat, l)}
      />
    </Section>
  );
}
