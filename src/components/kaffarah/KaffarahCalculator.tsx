import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import {
  KAFFARAH_MAX_QUANTITY,
  KAFFARAH_MIN_AMOUNT,
  dollarsToCents,
  formatMoney,
  initialKaffarahState,
  kaffarahUnitCost,
  applyKaffarah,
  type Cents,
  type KaffarahAction,
  type KaffarahKind,
  type RateConfig,
} from "@portal/domain";
import { fill } from "../../i18n/fill";
import { localizedPath, type Language } from "../../i18n/paths";
import {
  $kaffarah,
  repriceKaffarah,
  resetKaffarah,
  restoreKaffarah,
  saveKaffarah,
} from "../../stores/kaffarah";
import { moneyText, readMoneyText } from "../giving/amount";
import { useLiveRates } from "../calculator/rates";
import { accept, Card, ReadingField, refuse, type Reading } from "../giving/fields";
import type { KaffarahLabels } from "./labels";
import { CalculatorActions } from "../giving/SignInToGive";

export interface KaffarahCalculatorProps {
  readonly lang: Language;
  readonly initialRates: RateConfig;
  readonly labels: KaffarahLabels;
}

const kinds: ReadonlyArray<KaffarahKind> = ["jimak", "nazar", "custom"];

/** The total as cents from the domain's two-decimal string. */
const totalCents = (total: string): Cents => dollarsToCents(Number(total));

/**
 * The kaffarah page: jimak, nazar or another amount, mutually exclusive (the domain clears the others on
 * every edit), quantities up to 9999 and a custom amount of at least $5. Entries survive a reload.
 */
export default function KaffarahCalculator({
  lang,
  initialRates,
  labels: l,
}: KaffarahCalculatorProps) {
  const { rates, ratesVersion } = useLiveRates(
    initialRates,
    () => restoreKaffarah(initialRates),
    (live) => {
      const current = $kaffarah.get();
      if (current !== undefined) {
        saveKaffarah({
          ...current,
          state: repriceKaffarah(current.kind, current.state, live.rates),
          ratesVersion: live.version,
        });
      }
    },
  );
  const [generation, setGeneration] = useState(0);
  const snapshot = useStore($kaffarah);
  const state = snapshot?.state ?? initialKaffarahState;
  const kind = snapshot?.kind ?? null;
  const groupName = useId();

  const apply = (next: KaffarahKind | null, action: KaffarahAction) => {
    const current = $kaffarah.get()?.state ?? initialKaffarahState;
    const result = applyKaffarah(current, action, rates);
    // A refused edit cannot happen here (fields refuse first); keep the state if it ever does.
    const updated = result.ok ? result.state : current;
    saveKaffarah({ kind: next, state: updated, ratesVersion });
  };

  const choose = (next: KaffarahKind) => {
    if (next === "custom") {
      apply(next, { type: "reset" });
    } else {
      // Carry a quantity typed for the other option over; the domain clears everything else.
      const quantity = kind === "jimak" || kind === "nazar" ? state[kind].value : 0;
      apply(next, { type: "choose", kind: next, quantity });
    }
  };

  const readQuantity = (text: string): Reading<number> => {
    const trimmed = text.trim();
    if (trimmed === "") return accept(0);
    return /^\d{1,4}$/.test(trimmed) && Number(trimmed) <= KAFFARAH_MAX_QUANTITY
      ? accept(Number(trimmed))
      : refuse(l.kaffarah_error_quantity);
  };

  const minText = formatMoney(KAFFARAH_MIN_AMOUNT);
  const readAmount = (text: string): Reading<Cents> => {
    const parsed = readMoneyText(text);
    if (!parsed.ok) return refuse(l.kaffarah_error_amount);
    if (parsed.value !== 0 && parsed.value < KAFFARAH_MIN_AMOUNT) {
      return refuse(fill(l.kaffarah_error_min, { min: minText }));
    }
    return accept(parsed.value);
  };

  const hint = (k: KaffarahKind): string => {
    if (k === "custom") return fill(l.kaffarah_custom_hint, { min: minText });
    const persons = String(k === "jimak" ? rates.jimakNoOfPeople : rates.nazarNoOfPeople);
    const cost = formatMoney(kaffarahUnitCost(k, rates));
    const perPerson = formatMoney(rates.kaffarahPerDay);
    return fill(k === "jimak" ? l.kaffarah_jimak_hint : l.kaffarah_nazar_hint, {
      persons,
      cost,
      perPerson,
    });
  };
  const title = (k: KaffarahKind): string =>
    k === "jimak" ? l.kaffarah_jimak : k === "nazar" ? l.kaffarah_nazar : l.kaffarah_custom;

  const total = totalCents(state.totalAmount);
  const checkout = `${localizedPath("/checkout", lang)}?flow=KAFFARAH`;

  return (
    <div className="calculator">
      <section className="calc-rates" aria-labelledby="kaffarah-rates-heading">
        <h2 id="kaffarah-rates-heading">{l.kaffarah_rates_heading}</h2>
        <dl>
          <div>
            <dt>{l.kaffarah_per_person}</dt>
            <dd data-testid="kaffarah-per-person">{formatMoney(rates.kaffarahPerDay)}</dd>
          </div>
        </dl>
      </section>

      <div className="calc-sections kaffarah-sections" key={generation}>
        <Card title={l.kaffarah_choose}>
          <div className="kaffarah-options">
            {kinds.map((k) => (
              <label key={k} className={`kaffarah-option${kind === k ? " is-chosen" : ""}`}>
                <input
                  type="radio"
                  name={groupName}
                  value={k}
                  checked={kind === k}
                  onChange={() => choose(k)}
                />
                <span className="kaffarah-option-text">
                  <strong>{title(k)}</strong>
                  <span>{hint(k)}</span>
                </span>
              </label>
            ))}
          </div>
          {kind === "jimak" || kind === "nazar" ? (
            <div className="kaffarah-entry">
              <ReadingField
                key={kind}
                label={`${l.kaffarah_quantity} (${title(kind)})`}
                hint={l.kaffarah_quantity_hint}
                value={state[kind].value}
                toText={(n) => (n === 0 ? "" : String(n))}
                read={readQuantity}
                onValue={(quantity) => apply(kind, { type: "choose", kind, quantity })}
                onInvalid={() => apply(kind, { type: "choose", kind, quantity: 0 })}
                inputMode="numeric"
                maxLength={4}
                testId="kaffarah-quantity"
              />
              <p className="row-amount" data-testid="kaffarah-line">
                {fill(l.kaffarah_line, {
                  quantity: String(state[kind].value),
                  cost: formatMoney(state[kind].perDay),
                  amount: formatMoney(state[kind].amount),
                })}
              </p>
            </div>
          ) : null}
          {kind === "custom" ? (
            <div className="kaffarah-entry">
              <ReadingField
                label={l.kaffarah_amount}
                value={state.custom.amount}
                toText={moneyText}
                read={readAmount}
                onValue={(amount) =>
                  amount === 0
                    ? apply("custom", { type: "reset" })
                    : apply("custom", { type: "custom", amount })
                }
                onInvalid={() => apply("custom", { type: "reset" })}
                inputMode="decimal"
                maxLength={14}
                testId="kaffarah-amount"
              />
            </div>
          ) : null}
        </Card>
      </div>

      <section className="calc-totals" aria-labelledby="kaffarah-totals-heading">
        <h2 id="kaffarah-totals-heading">{l.kaffarah_totals}</h2>
        <dl aria-live="polite" aria-atomic="true">
          <div className="calc-grand-total">
            <dt>{l.kaffarah_total}</dt>
            <dd data-testid="total">{formatMoney(total)}</dd>
          </div>
        </dl>
        <CalculatorActions
          labels={l}
          canPay={total > 0}
          checkout={checkout}
          pay={l.kaffarah_pay}
          hint={l.kaffarah_pay_hint}
          reset={l.kaffarah_reset}
          onReset={() => {
            resetKaffarah();
            setGeneration((g) => g + 1);
          }}
        />
      </section>
    </div>
  );
}
