import type { RefObject } from "react";
import { fill } from "../../i18n/fill";
import { PaymentImage } from "../giving/payment-images";
import { cardBrandName } from "../giving/payment-names";
import { Checkbox } from "../ui/Checkbox";
import { RadioGroup } from "../ui/RadioGroup";
import { CardFields, type CardEntry, type CardErrors } from "./CardFields";
import type { CheckoutLabels } from "./labels";
import { frequencies, methodImages, methods, type Frequency, type Method } from "./choices";
import type { SavedCard } from "./prefill";

/** How often a wakaf gift recurs (spec §4: card only). */
export function FrequencyChoice(props: {
  readonly labels: CheckoutLabels;
  readonly frequency: Frequency;
  readonly onChange: (frequency: Frequency) => void;
}) {
  const { labels: l } = props;
  return (
    <RadioGroup
      legend={<h2>{l.checkout_frequency}</h2>}
      hint={l.checkout_recurring_card}
      name="frequency"
      className="calc-card"
      optionsClassName="choice"
      value={props.frequency}
      options={frequencies.map((f) => ({
        value: f,
        label: l[`checkout_frequency_${f.replace(" ", "_")}` as keyof CheckoutLabels],
        testId: `frequency-${f.replace(" ", "-")}`,
      }))}
      onChange={props.onChange}
    />
  );
}

/** The way to pay: card (a saved one, Stripe's field or the sandbox's), PayNow or a wallet. */
export function PaymentFields(props: {
  readonly labels: CheckoutLabels;
  readonly method: Method;
  readonly onMethod: (method: Method) => void;
  readonly recurring: boolean;
  /** A household's zakat and fidyah together: card (a confirmation per fund) or PayNow (a code each). */
  readonly cardOrPayNow?: boolean;
  /** The signed-in donor's saved cards; null for a guest. */
  readonly savedCards: ReadonlyArray<SavedCard> | null;
  readonly cardChoice: string;
  readonly onCardChoice: (choice: string) => void;
  readonly gateway: "sandbox" | "stripe";
  readonly stripeHost: RefObject<HTMLDivElement | null>;
  readonly card: CardEntry;
  readonly cardErrors: CardErrors;
  readonly onCard: (card: CardEntry) => void;
  readonly saveCard: boolean;
  readonly onSaveCard: (save: boolean) => void;
}) {
  const { labels: l, method, savedCards } = props;
  const savedCard = method === "card" && savedCards !== null && props.cardChoice !== "new";
  return (
    <RadioGroup
      legend={<h2>{l.checkout_method}</h2>}
      name="method"
      className="calc-card"
      optionsClassName="choice checkout-methods"
      value={method}
      options={methods
        .filter((m) => m === "card" || m === "paynow" || !props.cardOrPayNow)
        .map((m) => ({
          value: m,
          label: (
            <>
              <PaymentImage image={methodImages[m]} />
              {l[`checkout_method_${m}`]}
            </>
          ),
          testId: `method-${m}`,
          disabled: m === "paynow" && props.recurring,
        }))}
      onChange={props.onMethod}
    >
      {method === "card" && savedCards !== null && savedCards.length > 0 ? (
        <RadioGroup
          legend={l.checkout_card_choice}
          name="card-choice"
          className="choice checkout-saved-cards"
          value={props.cardChoice}
          options={[
            ...savedCards.map((saved) => ({
              value: saved.id,
              testId: `saved-card-${saved.last4}`,
              label: fill(l.checkout_saved_card, {
                brand: cardBrandName(saved.brand),
                last4: saved.last4,
                date: `${String(saved.expMonth).padStart(2, "0")}/${saved.expYear}`,
              }),
            })),
            { value: "new", label: l.checkout_new_card, testId: "saved-card-new" },
          ]}
          onChange={props.onCardChoice}
        />
      ) : null}
      {savedCard ? null : method === "card" && props.gateway === "stripe" ? (
        <div ref={props.stripeHost} className="stripe-card" data-testid="stripe-card" />
      ) : method === "card" ? (
        <CardFields
          card={props.card}
          errors={props.cardErrors}
          labels={l}
          thisYear={new Date().getFullYear()}
          onChange={props.onCard}
        />
      ) : method === "paynow" ? null : (
        <p className="field-hint">{l.checkout_wallet_sandbox}</p>
      )}
      {method === "card" && !savedCard && savedCards !== null ? (
        <div className="checkout-save-card">
          <Checkbox
            label={l.checkout_save_card}
            checked={props.saveCard}
            onChange={props.onSaveCard}
            testId="save-card"
            hint={props.recurring ? l.checkout_save_card_recurring : undefined}
          />
        </div>
      ) : null}
    </RadioGroup>
  );
}
