import {
  INSURANCE_CONVENTIONAL,
  INSURANCE_TAKAFUL,
  type InsuranceType,
  type SavingsAccount,
  type ZakatAction,
  type ZakatResults,
  type ZakatState,
} from "@portal/domain";
import { explain } from "./explain";
import { AmountField, ResultLine, Section } from "./fields";
import { RemarkField } from "./remark-field";
import { fill, type CalculatorLabels } from "./labels";
import { Rows } from "./Rows";

/** What every section gets: the state, its results, the strings and the way to change the state. */
export interface SectionProps {
  readonly state: ZakatState;
  readonly results: ZakatResults;
  readonly labels: CalculatorLabels;
  readonly dispatch: (action: ZakatAction) => void;
}

/** Savings accounts: amount, interest earned, remark. */
export function SavingsSection({ state, results, labels: l, dispatch }: SectionProps) {
  const accounts = state.savings.accounts;
  return (
    <Section title={l.calc_savings} hint={l.calc_savings_hint} icon="savings">
      <Rows
        count={accounts.length}
        legend={(n) => fill(l.calc_account_n, { n: String(n) })}
        removeLabel={(n) => fill(l.calc_remove_account, { n: String(n) })}
        addLabel={l.calc_add_account}
        onAdd={() => dispatch({ type: "savings/add" })}
        onRemove={(index) => dispatch({ type: "savings/remove", index })}
        row={(index) => {
          const account = accounts[index];
          if (account === undefined) return null;
          const update = (patch: Partial<SavingsAccount>) =>
            dispatch({ type: "savings/update", index, patch });
          return (
            <>
              <AmountField
                label={l.calc_amount}
                value={account.amount}
                onValue={(amount) => update({ amount })}
                labels={l}
              />
              <AmountField
                label={l.calc_interest}
                value={account.interest}
                onValue={(interest) => update({ interest })}
                labels={l}
              />
              <RemarkField
                label={l.calc_remark}
                value={account.remark}
                onValue={(remark) => update({ remark })}
              />
            </>
          );
        }}
      />
      <ResultLine
        label={l.calc_zakat_due}
        zakat={results.savings.zakat}
        explanation={explain(results.savings.explanation, results.savings.zakat, l)}
      />
    </Section>
  );
}

/** Insurance policies: type (conventional or takaful), amount, remark. */
export function InsuranceSection({ state, results, labels: l, dispatch }: SectionProps) {
  const policies = state.insurance.policies;
  return (
    <Section title={l.calc_insurance} hint={l.calc_insurance_hint} icon="insurance">
      <Rows
        count={policies.length}
        legend={(n) => fill(l.calc_policy_n, { n: String(n) })}
        removeLabel={(n) => fill(l.calc_remove_policy, { n: String(n) })}
        addLabel={l.calc_add_policy}
        onAdd={() => dispatch({ type: "insurance/add" })}
        onRemove={(index) => dispatch({ type: "insurance/remove", index })}
        row={(index) => {
          const policy = policies[index];
          if (policy === undefined) return null;
          const id = `calc-policy-type-${index}`;
          return (
            <>
              <div className="calc-field">
                <label htmlFor={id}>{l.calc_policy_type}</label>
                <select
                  id={id}
                  value={policy.type}
                  onChange={(event) => {
                    const type: InsuranceType =
                      event.currentTarget.value === String(INSURANCE_TAKAFUL)
                        ? INSURANCE_TAKAFUL
                        : INSURANCE_CONVENTIONAL;
                    dispatch({ type: "insurance/update", index, patch: { type } });
                  }}
                >
                  <option value={INSURANCE_CONVENTIONAL}>{l.calc_conventional}</option>
                  <option value={INSURANCE_TAKAFUL}>{l.calc_takaful}</option>
                </select>
              </div>
              <AmountField
                label={l.calc_amount}
                value={policy.amount}
                onValue={(amount) =>
                  dispatch({ type: "insurance/update", index, patch: { amount } })
                }
                labels={l}
              />
              <RemarkField
                label={l.calc_remark}
                value={policy.remark}
                onValue={(remark) =>
                  dispatch({ type: "insurance/update", index, patch: { remark } })
                }
              />
            </>
          );
        }}
      />
      <ResultLine
        label={l.calc_zakat_due}
        zakat={results.insurance.zakat}
        explanation={explain(results.insurance.explanation, results.insurance.zakat, l)}
      />
    </Section>
  );
}

/** Shares portfolios: market value and remark. */
export function SharesSection({ state, results, labels: l, dispatch }: SectionProps) {
  const portfolios = state.shares.portfolios;
  return (
    <Section title={l.calc_shares} hint={l.calc_shares_hint} icon="shares">
      <Rows
        count={portfolios.length}
        legend={(n) => fill(l.calc_portfolio_n, { n: String(n) })}
        removeLabel={(n) => fill(l.calc_remove_portfolio, { n: String(n) })}
        addLabel={l.calc_add_portfolio}
        onAdd={() => dispatch({ type: "shares/add" })}
        onRemove={(index) => dispatch({ type: "shares/remove", index })}
        row={(index) => {
          const portfolio = portfolios[index];
          if (portfolio === undefined) return null;
          return (
            <>
              <AmountField
                label={l.calc_amount}
                value={portfolio.amount}
                onValue={(amount) => dispatch({ type: "shares/update", index, patch: { amount } })}
                labels={l}
              />
              <RemarkField
                label={l.calc_remark}
                value={portfolio.remark}
                onValue={(remark) => dispatch({ type: "shares/update", index, patch: { remark } })}
              />
            </>
          );
        }}
      />
      <ResultLine
        label={l.calc_zakat_due}
        zakat={results.shares.zakat}
        explanation={explain(results.shares.explanation, results.shares.zakat, l)}
      />
    </Section>
  );
}
