import { useStore } from "@nanostores/react";
import { useState } from "react";
import {
  formatMoney,
  initialFidyahState,
  isDirectFidyah,
  reduceFidyah,
  type Cents,
  type FidyahAction,
  type FidyahCategory,
  type FidyahState,
  type RateConfig,
} from "@portal/domain";
import { fill } from "../../i18n/fill";
import { localizedPath, type Language } from "../../i18n/paths";
import {
  $fidyah,
  repriceFidyah,
  resetFidyah,
  restoreFidyah,
  saveFidyah,
} from "../../stores/fidyah";
import { useLiveRates } from "../calculator/rates";
import { RemarkField } from "../calculator/remark-field";
import { Rows } from "../calculator/Rows";
import { accept, Card, ReadingField, refuse, type Reading } from "../giving/fields";
import { Icon } from "../giving/icons";
import type { FidyahLabels } from "./labels";
import { CalculatorActions } from "../giving/SignInToGive";
import { DirectAmount, DirectShown } from "./DirectAmount";

export interface FidyahCalculatorProps {
  readonly lang: Language;
  /** Seeded rates the page is rendered with; the live ones replace them once fetched. */
  readonly initialRates: RateConfig;
  readonly labels: FidyahLabels;
}

type Dispatch = (action: FidyahAction) => void;

const countText = (n: number): string => (n === 0 ? "" : String(n));

/** Whole numbers from 0 to `max`; empty is 0. */
const readCount =
  (max: number, error: string) =>
  (text: string): Reading<number> => {
    const trimmed = text.trim();
    if (trimmed === "") return accept(0);
    return /^\d{1,4}$/.test(trimmed) && Number(trimmed) <= max
      ? accept(Number(trimmed))
      : refuse(error);
  };

/** A Ramadan has at most 30 fasting days; a multi-year period spans at most 99 years. */
const MAX_DAYS = 30;
const MAX_YEARS = 99;

/** Year-by-year rows of one category: the year (optional) and the days missed. */
function YearRows(props: {
  readonly category: FidyahCategory;
  readonly state: FidyahState;
  readonly rates: RateConfig;
  readonly labels: FidyahLabels;
  readonly dispatch: Dispatch;
}) {
  const { category, state, rates, labels: l, dispatch } = props;
  const years = state[category].years;
  return (
    <Rows
      count={years.length}
      legend={(n) => fill(l.fidyah_year_n, { n: String(n) })}
      removeLabel={(n) => fill(l.fidyah_remove_year, { n: String(n) })}
      addLabel={l.fidyah_add_year}
      onAdd={() => dispatch({ type: "addRow", category })}
      onRemove={(index) => dispatch({ type: "removeRow", category, index })}
      row={(index) => {
        const row = years[index];
        if (row === undefined) return null;
        return (
          <>
            <ReadingField
              label={l.fidyah_year}
              hint={l.fidyah_year_hint}
              value={row.year}
              toText={(year) => year}
              read={(text) =>
                /^\d{0,4}$/.test(text.trim()) ? accept(text.trim()) : refuse(l.fidyah_error_year)
              }
              onValue={(year) => dispatch({ type: "updateRow", category, index, patch: { year } })}
              inputMode="numeric"
              maxLength={4}
            />
            <ReadingField
              label={l.fidyah_days}
              value={row.noOfDays}
              toText={countText}
              read={readCount(MAX_DAYS, l.fidyah_error_days)}
              onValue={(noOfDays) =>
                dispatch({ type: "updateRow", category, index, patch: { noOfDays } })
              }
              inputMode="numeric"
              maxLength={2}
            />
            <p className="row-amount">
              {fill(l.fidyah_row_amount, {
                days: String(row.quantity),
                rate: formatMoney(rates.fidyahPerDay),
                amount: formatMoney(row.amount),
              })}
            </p>
          </>
        );
      }}
    />
  );
}

/** Illness entered as periods: so many years with the same days each year. */
function CalcRows(props: {
  readonly state: FidyahState;
  readonly rates: RateConfig;
  readonly labels: FidyahLabels;
  readonly dispatch: Dispatch;
}) {
  const { state, rates, labels: l, dispatch } = props;
  const rows = state.illness.yearsCalc;
  return (
    <Rows
      count={rows.length}
      legend={(n) => fill(l.fidyah_period_n, { n: String(n) })}
      removeLabel={(n) => fill(l.fidyah_remove_period, { n: String(n) })}
      addLabel={l.fidyah_add_period}
      onAdd={() => dispatch({ type: "addRow", category: "illness", calc: true })}
      onRemove={(index) => dispatch({ type: "removeRow", category: "illness", index, calc: true })}
      row={(index) => {
        const row = rows[index];
        if (row === undefined) return null;
        return (
          <>
            <ReadingField
              label={l.fidyah_no_of_years}
              value={row.noOfYear}
              toText={countText}
              read={readCount(MAX_YEARS, l.fidyah_error_years)}
              onValue={(noOfYear) =>
                dispatch({ type: "updateCalcRow", index, patch: { noOfYear } })
              }
              inputMode="numeric"
              maxLength={2}
            />
            <ReadingField
              label={l.fidyah_days_each_year}
              value={row.noOfDays}
              toText={countText}
              read={readCount(MAX_DAYS, l.fidyah_error_days)}
              onValue={(noOfDays) =>
                dispatch({ type: "updateCalcRow", index, patch: { noOfDays } })
              }
              inputMode="numeric"
              maxLength={2}
            />
            <p className="row-amount">
              {fill(l.fidyah_calc_row_amount, {
                years: String(row.noOfYear),
                days: String(row.noOfDays),
                rate: formatMoney(rates.fidyahPerDay),
                amount: formatMoney(row.amount),
              })}
            </p>
          </>
        );
      }}
    />
  );
}

function CategoryTotal(props: {
  readonly label: string;
  readonly amount: Cents;
  readonly testId: string;
}) {
  return (
    <div className="calc-result">
      <p className="calc-result-amount">
        <span>{props.label}</span>{" "}
        <strong data-testid={props.testId}>{formatMoney(props.amount)}</strong>
      </p>
    </div>
  );
}

/**
 * The fidyah calculator: missed fasts by category (menstruation and other reasons, pregnancy or
 * breastfeeding, illness or old age), priced by the domain at the configured fidyah per day, with the
 * total handed to checkout. Entries survive a reload (session storage).
 */
export default function FidyahCalculator({ lang, initialRates, labels: l }: FidyahCalculatorProps) {
  const [generation, setGeneration] = useState(0);
  const snapshot = useStore($fidyah);
  const state = snapshot?.state ?? initialFidyahState;
  const [calcMode, setCalcMode] = useState(false);
  const { rates, ratesVersion } = useLiveRates(
    initialRates,
    () => {
      const restored = restoreFidyah(initialRates);
      if (restored?.state.illness.yearsCalc.some((row) => row.noOfYear > 0) === true)
        setCalcMode(true);
    },
    (live) => {
      const current = $fidyah.get();
      if (current !== undefined) {
        saveFidyah({ state: repriceFidyah(current.state, live.rates), ratesVersion: live.version });
      }
    },
  );

  const dispatch: Dispatch = (action) => {
    const current = $fidyah.get()?.state ?? initialFidyahState;
    saveFidyah({ state: reduceFidyah(current, action, rates), ratesVersion });
  };

  const categoryProps = { state, rates, labels: l, dispatch };
  /** A category paid as an amount set directly (§4), with the way back to its rows of days. */
  const direct = (category: FidyahCategory) =>
    isDirectFidyah(state, category) ? (
      <DirectShown
        amount={state[category].totalAmount}
        labels={l}
        onUndo={() => {
          if (category === "illness") setCalcMode(false);
          dispatch({ type: "addRow", category });
        }}
      />
    ) : null;
  const checkout = `${localizedPath("/checkout", lang)}?flow=FIDYAH`;

  return (
    <div className="calculator">
      <section className="calc-rates" aria-labelledby="fidyah-rates-heading">
        <h2 id="fidyah-rates-heading">{l.fidyah_rates_heading}</h2>
        <dl>
          <div>
            <dt>{l.fidyah_per_day}</dt>
            <dd data-testid="fidyah-per-day">{formatMoney(rates.fidyahPerDay)}</dd>
          </div>
        </dl>
        <p className="calc-hint">{l.fidyah_rates_note}</p>
      </section>

      <div className="calc-sections" key={generation}>
        <Card
          title={l.fidyah_haid}
          hint={l.fidyah_haid_hint}
          icon={<Icon name="HAID_OTHER_REASON" />}
        >
          {direct("haid") ?? <YearRows category="haid" {...categoryProps} />}
          <CategoryTotal
            label={l.fidyah_category_total}
            amount={state.haidAmount}
            testId="haid-total"
          />
        </Card>
        <Card
          title={l.fidyah_pregnancy}
          hint={l.fidyah_pregnancy_hint}
          icon={<Icon name="PREGNANCY_FEEDING" />}
        >
          {direct("pregnancy") ?? <YearRows category="pregnancy" {...categoryProps} />}
          <CategoryTotal
            label={l.fidyah_category_total}
            amount={state.pregnancyAmount}
            testId="pregnancy-total"
          />
        </Card>
        <Card
          title={l.fidyah_illness}
          hint={l.fidyah_illness_hint}
          icon={<Icon name="ILLNESS_OLD_AGE" />}
        >
          {direct("illness") ?? (
            <>
              <fieldset className="choice">
                <legend>{l.fidyah_entry_mode}</legend>
                {([false, true] as const).map((calc) => (
                  <label key={String(calc)} className="choice-option">
                    <input
                      type="radio"
                      name="fidyah-illness-mode"
                      checked={calcMode === calc}
                      onChange={() => {
                        setCalcMode(calc);
                        // The two ways are exclusive (spec §4): start the chosen one from its current rows and
                        // drop the other's, so nothing hidden is counted.
                        dispatch(
                          calc
                            ? { type: "updateCalcRow", index: 0, patch: {} }
                            : { type: "updateRow", category: "illness", index: 0, patch: {} },
                        );
                      }}
                    />
                    {calc ? <Icon name="ICON_CALC" className="option-icon" /> : null}
                    {calc ? l.fidyah_mode_calc : l.fidyah_mode_years}
                  </label>
                ))}
              </fieldset>
              {calcMode ? (
                <CalcRows {...categoryProps} />
              ) : (
                <YearRows category="illness" {...categoryProps} />
              )}
              <RemarkField
                label={l.fidyah_remark}
                value={state.illness.remark}
                onValue={(remark) => dispatch({ type: "setRemark", remark })}
              />
            </>
          )}
          <CategoryTotal
            label={l.fidyah_category_total}
            amount={state.illnessAmount}
            testId="illness-total"
          />
        </Card>
      </div>

      <DirectAmount rates={rates} labels={l} dispatch={dispatch} />

      <section className="calc-totals" aria-labelledby="fidyah-totals-heading">
        <h2 id="fidyah-totals-heading">{l.fidyah_totals}</h2>
        <dl aria-live="polite" aria-atomic="true">
          <div>
            <dt>{l.fidyah_haid}</dt>
            <dd>{formatMoney(state.haidAmount)}</dd>
          </div>
          <div>
            <dt>{l.fidyah_pregnancy}</dt>
            <dd>{formatMoney(state.pregnancyAmount)}</dd>
          </div>
          <div>
            <dt>{l.fidyah_illness}</dt>
            <dd>{formatMoney(state.illnessAmount)}</dd>
          </div>
          <div className="calc-grand-total">
            <dt>{l.fidyah_total}</dt>
            <dd data-testid="total">{formatMoney(state.totalAmount)}</dd>
          </div>
        </dl>
        <CalculatorActions
          labels={l}
          canPay={state.totalAmount > 0}
          checkout={checkout}
          pay={l.fidyah_pay}
          hint={l.fidyah_pay_hint}
          reset={l.fidyah_reset}
          onReset={() => {
            resetFidyah();
            setCalcMode(false);
            setGeneration((g) => g + 1);
          }}
        />
      </section>
    </div>
  );
}
