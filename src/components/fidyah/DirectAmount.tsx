import { useRef, useState, type FormEvent } from "react";
import {
  formatMoney,
  type Cents,
  type FidyahAction,
  type FidyahCategory,
  type RateConfig,
} from "@portal/domain";
import { fill } from "../../i18n/fill";
import { parseAmountText } from "../calculator/parse";
import { RadioGroup } from "../ui/RadioGroup";
import { TextField } from "../ui/TextField";
import type { FidyahLabels } from "./labels";

const reasons: ReadonlyArray<FidyahCategory> = ["haid", "pregnancy", "illness"];

/**
 * Spec §4's direct category amount: the donor names the reason and the amount they have worked out;
 * the category's rows give way to it (the domain's `setAmount`). The reason is a choice that must be
 * made (§5 'Please select any one option'); the amount is from $0.01 to the configured maximum.
 */
export function DirectAmount(props: {
  readonly rates: RateConfig;
  readonly labels: FidyahLabels;
  readonly dispatch: (action: FidyahAction) => void;
}) {
  const { labels: l, rates } = props;
  const [reason, setReason] = useState<FidyahCategory | undefined>();
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<{
    reason?: string | undefined;
    amount?: string | undefined;
  }>({});
  const firstReason = useRef<HTMLInputElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const max = formatMoney(rates.maxFidyahLimit);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmountText(text);
    const amount = parsed.ok && parsed.value > 0 ? parsed.value : undefined;
    const found = {
      ...(reason === undefined ? { reason: l.validation_option_required } : {}),
      ...(amount === undefined
        ? { amount: l.donorlast_fidyah_direct_error_amount }
        : amount > rates.maxFidyahLimit
          ? { amount: fill(l.donorlast_fidyah_direct_error_max, { max }) }
          : {}),
    };
    setErrors(found);
    if (found.reason) return firstReason.current?.focus();
    if (found.amount || reason === undefined) return amountInput.current?.focus();
    props.dispatch({ type: "setAmount", category: reason, amount: amount as Cents });
    setReason(undefined);
    setText("");
  };

  return (
    <section className="calc-card fidyah-direct" aria-labelledby="fidyah-direct-heading">
      <h2 id="fidyah-direct-heading">{l.donorlast_fidyah_direct_heading}</h2>
      <p className="calc-hint">{l.donorlast_fidyah_direct_intro}</p>
      <form noValidate onSubmit={submit} data-testid="fidyah-direct">
        <RadioGroup
          legend={l.donorlast_fidyah_direct_reason}
          name="fidyah-direct-reason"
          value={reason}
          options={reasons.map((value) => ({ value, label: l[`fidyah_${value}`] }))}
          onChange={(value) => {
            setReason(value);
            setErrors((shown) => ({ ...shown, reason: undefined }));
          }}
          error={errors.reason}
          firstRef={firstReason}
        />
        <TextField
          name="fidyah-direct-amount"
          label={l.donorlast_fidyah_direct_amount}
          hint={fill(l.donorlast_fidyah_direct_amount_hint, { max })}
          value={text}
          onChange={setText}
          error={errors.amount}
          inputMode="decimal"
          maxLength={14}
          inputRef={amountInput}
        />
        <button type="submit" className="button button-secondary">
          {l.donorlast_fidyah_direct_set}
        </button>
      </form>
    </section>
  );
}

/** A category paid as an amount set directly: the amount, and the way back to entering days. */
export function DirectShown(props: {
  readonly amount: Cents;
  readonly labels: FidyahLabels;
  readonly onUndo: () => void;
}) {
  return (
    <div className="fidyah-direct-shown">
      <p data-testid="fidyah-direct-shown">
        {fill(props.labels.donorlast_fidyah_direct_shown, { amount: formatMoney(props.amount) })}
      </p>
      <button type="button" className="calc-reset" onClick={props.onUndo}>
        {props.labels.donorlast_fidyah_direct_undo}
      </button>
    </div>
  );
}
