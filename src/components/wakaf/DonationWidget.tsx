import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import {
  fundOf,
  checkAmount,
  dollarsToCents,
  formatMoney,
  initialDonationWidgetState,
  updateDonationCause,
  ZERO,
  type Cents,
  type FlowType,
} from "@portal/domain";
import { fill } from "../../i18n/fill";
import { localizedPath, type Language } from "../../i18n/paths";
import {
  $donationWidget,
  restoreDonationWidget,
  saveDonationWidget,
} from "../../stores/donation-widget";
import { moneyText, readMoneyText } from "../giving/amount";
import { accept, Card, ReadingField, refuse, type Reading } from "../giving/fields";
import type { WakafLabels } from "./labels";
import { GiveLink } from "../giving/SignInToGive";

export interface DonationWidgetProps {
  readonly lang: Language;
  readonly fund: FlowType;
  readonly fundName: string;
  readonly labels: WakafLabels;
}

const presets = [50, 100, 500].map(dollarsToCents);

/**
 * The wakaf donation widget: an amount within the fund's limits (Wakaf Ilmu from $5, WMS from $10, both
 * up to $20,000: above it a gift needs the council's prior approval), given once. The cause is updated through the domain's widget state and kept for checkout.
 */
export default function DonationWidget({ lang, fund, fundName, labels: l }: DonationWidgetProps) {
  const fundLimits = fundOf(fund).limits;
  const limits = { minAmount: fundLimits.min, maxAmount: fundLimits.max };
  const snapshot = useStore($donationWidget);
  const [generation, setGeneration] = useState(0);
  const state =
    snapshot?.fund === fund
      ? snapshot.state
      : updateDonationCause(initialDonationWidgetState, limits);
  const amount = state.cause.donationAmount;
  const issue = amount === 0 ? null : checkAmount(fundLimits, amount);
  const min = formatMoney(limits.minAmount);
  const max = formatMoney(limits.maxAmount);

  useEffect(() => {
    restoreDonationWidget(fund, limits);
    // Limits follow the fund, which never changes on a page.
  }, [fund]);

  const setAmount = (donationAmount: Cents) =>
    saveDonationWidget({ fund, state: updateDonationCause(state, { ...limits, donationAmount }) });

  const read = (text: string): Reading<Cents> => {
    const parsed = readMoneyText(text);
    if (!parsed.ok) return refuse(l.wakaf_error_amount);
    const problem = parsed.value === 0 ? null : checkAmount(fundLimits, parsed.value);
    if (problem?.key === "validation.amount.min") return refuse(fill(l.wakaf_error_min, { min }));
    // Above the wakaf maximum: prior approval first (design/facts.md), not an online gift.
    if (problem?.key === "validation.amount.max")
      return refuse(fill(l.trust_fe_wakaf_approval, { max }));
    if (problem !== null) return refuse(fill(l.wakaf_error_max, { max }));
    return accept(parsed.value);
  };

  const checkout = `${localizedPath("/checkout", lang)}?flow=${fund}`;
  return (
    <div className="wakaf-widget">
      <Card title={fill(l.wakaf_widget_heading, { fund: fundName })}>
        <fieldset className="choice preset-amounts">
          <legend>{l.wakaf_presets}</legend>
          {presets.map((preset) => (
            <button
              key={preset}
              type="button"
              className="calc-add"
              aria-pressed={amount === preset}
              onClick={() => {
                setAmount(preset);
                setGeneration((g) => g + 1);
              }}
            >
              {formatMoney(preset)}
            </button>
          ))}
        </fieldset>
        <ReadingField
          key={generation}
          label={l.wakaf_amount}
          hint={fill(l.wakaf_amount_hint, { min, max })}
          value={amount}
          toText={moneyText}
          read={read}
          onValue={setAmount}
          onInvalid={() => setAmount(ZERO)}
          inputMode="decimal"
          maxLength={14}
          testId="wakaf-amount"
        />
        <p className="calc-hint">{l.polish_wakaf_frequency}</p>
        <div className="calc-actions">
          {amount > 0 && issue === null ? (
            <GiveLink labels={l}>
              <a className="button" href={checkout} data-testid="wakaf-give">
                {fill(l.wakaf_give, { amount: formatMoney(amount) })}
              </a>
            </GiveLink>
          ) : (
            <p className="calc-hint">{fill(l.wakaf_give_hint, { min, max })}</p>
          )}
        </div>
      </Card>
    </div>
  );
}
