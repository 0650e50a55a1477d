import { useId } from "react";
import {
  acceptedCards,
  cardBrand,
  cardDigits,
  groupCardNumber,
  pasteCardNumber,
  validateCardNumber,
} from "@portal/domain";
import { fill } from "../../i18n/fill";
import { acceptedCardPrefix } from "./card-brands";
import { PaymentImage } from "../giving/payment-images";
import { cardBrandName } from "../giving/payment-names";
import type { CheckoutLabels } from "./labels";

/** What the card form holds while the donor types. Never stored, never sent to the portal. */
export interface CardEntry {
  readonly number: string;
  readonly month: string;
  readonly year: string;
  readonly cvc: string;
}

export const emptyCard: CardEntry = { number: "", month: "", year: "", cvc: "" };

export type CardErrors = Partial<Record<keyof CardEntry, string>>;

/** The security code's length: four digits on an American Express card's front, three on others' backs. */
export const cvcLength = (number: string): number =>
  cardBrand(number) === "AmericanExpress" ? 4 : 3;

/** Checks the card as §5 and §9 say: characters, Luhn, a month and year not passed, the brand's CVC length. */
export const checkCard = (card: CardEntry, l: CheckoutLabels, now: Date): CardErrors => {
  const errors: Record<string, string> = {};
  const numberIssue = validateCardNumber(card.number);
  // Only Visa, Mastercard and American Express (§9): another brand is told the accepted ones.
  if (!acceptedCardPrefix(card.number)) errors["number"] = l.checkout_card_accepted;
  else if (numberIssue !== null) {
    errors["number"] =
      numberIssue === "validation.card.characters"
        ? l.validation_card_characters
        : l.validation_card_invalid;
  }
  const month = Number(card.month);
  const year = Number(card.year);
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  // An empty month or year is asked for by name; a chosen date that has passed is said so.
  if (card.month === "") errors["month"] = l.polish_card_month_empty;
  if (card.year === "") errors["year"] = l.polish_card_year_empty;
  if (
    card.month !== "" &&
    card.year !== "" &&
    !(month >= 1 && month <= 12 && year * 12 + month - 1 >= thisMonth)
  ) {
    errors["year"] = l.checkout_card_error_expiry;
  }
  if (!/^\d+$/.test(card.cvc) || card.cvc.length !== cvcLength(card.number)) {
    errors["cvc"] = l.checkout_card_error_cvc;
  }
  return errors;
};

/**
 * The card form of §5: digits, spaces and hyphens only, grouped as typed (fours; Amex 4-6-5); a paste is taken
 * only if it holds a digit; the brand shown from the leading digits; expiry months 01 to 12 and years
 * from this year to 20 years on. Autocomplete hints let the browser's own card filler help.
 */
export function CardFields(props: {
  readonly card: CardEntry;
  readonly errors: CardErrors;
  readonly labels: CheckoutLabels;
  readonly thisYear: number;
  readonly onChange: (card: CardEntry) => void;
}) {
  const { card, labels: l, onChange } = props;
  // A brand not accepted is refused as its number is typed, not when the form is sent.
  const errors = acceptedCardPrefix(card.number)
    ? props.errors
    : { ...props.errors, number: l.checkout_card_accepted };
  const id = useId();
  const brand = cardBrand(card.number);
  const years = Array.from({ length: 21 }, (_, i) => String(props.thisYear + i));
  const months = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));
  const errorOf = (field: keyof CardEntry) =>
    errors[field] === undefined ? null : (
      <p id={`${id}-${field}-error`} className="calc-error">
        {errors[field]}
      </p>
    );
  const described = (field: keyof CardEntry) =>
    errors[field] === undefined ? undefined : `${id}-${field}-error`;
  return (
    <div className="card-fields">
      <p className="field-hint accepted-cards">
        {acceptedCards.map((accepted) => (
          <PaymentImage key={accepted} image={accepted} />
        ))}
        <span>{l.checkout_card_accepted}</span>
      </p>
      <div className="calc-field">
        <label htmlFor={`${id}-number`}>{l.checkout_card_number}</label>
        <div className="card-number">
          <input
            id={`${id}-number`}
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
            value={card.number}
            aria-invalid={errors.number === undefined ? undefined : true}
            aria-describedby={described("number")}
            data-testid="card-number"
            onChange={(event) => {
              const text = event.currentTarget.value;
              // Digits, spaces and hyphens may be typed; digits are regrouped as they come, as the card
              // prints them (American Express 4-6-5, the others in fours).
              if (!/^[\d\s-]*$/.test(text)) return;
              onChange({ ...card, number: groupCardNumber(cardDigits(text)) });
            }}
            onPaste={(event) => {
              event.preventDefault();
              const pasted = pasteCardNumber(event.clipboardData.getData("text"));
              if (pasted !== null) onChange({ ...card, number: pasted.slice(0, 23) });
            }}
          />
          {brand === "DefaultCard" ? null : (
            <PaymentImage image={brand} name={cardBrandName(brand)} testId="card-brand" />
          )}
        </div>
        {brand === "DefaultCard" ? null : (
          <span className="visually-hidden" aria-live="polite">
            {fill(l.checkout_card_brand, { brand: cardBrandName(brand) })}
          </span>
        )}
        {errorOf("number")}
      </div>
      <div className="card-row">
        <div className="calc-field">
          <label htmlFor={`${id}-month`}>{l.checkout_card_expiry_month}</label>
          <select
            id={`${id}-month`}
            autoComplete="cc-exp-month"
            value={card.month}
            aria-invalid={errors.month === undefined ? undefined : true}
            aria-describedby={described("month")}
            data-testid="card-month"
            onChange={(event) => onChange({ ...card, month: event.currentTarget.value })}
          >
            <option value="">MM</option>
            {months.map((month) => (
              <option key={month} value={month}>
                {month}
              </option>
            ))}
          </select>
          {errorOf("month")}
        </div>
        <div className="calc-field">
          <label htmlFor={`${id}-year`}>{l.checkout_card_expiry_year}</label>
          <select
            id={`${id}-year`}
            autoComplete="cc-exp-year"
            value={card.year}
            aria-invalid={errors.year === undefined ? undefined : true}
            aria-describedby={described("year")}
            data-testid="card-year"
            onChange={(event) => onChange({ ...card, year: event.currentTarget.value })}
          >
            <option value="">YYYY</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
          {errorOf("year")}
        </div>
        <div className="calc-field">
          <label htmlFor={`${id}-cvc`}>{l.checkout_card_cvc}</label>
          {/* Shown as typed, not masked: a donor can check the digits (and `cc-csc` is not allowed on a
              password field). Like the number it is held in this form only and goes to the card gateway's
              tokenizer alone: never stored, never sent to the portal, redacted from logs (server/log.ts). */}
          <input
            id={`${id}-cvc`}
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={cvcLength(card.number)}
            pattern={`\\d{${cvcLength(card.number)}}`}
            spellCheck={false}
            value={card.cvc}
            aria-invalid={errors.cvc === undefined ? undefined : true}
            aria-describedby={described("cvc")}
            data-testid="card-cvc"
            onChange={(event) =>
              onChange({
                ...card,
                cvc: event.currentTarget.value.replace(/\D/g, "").slice(0, cvcLength(card.number)),
              })
            }
          />
          {errorOf("cvc")}
        </div>
      </div>
    </div>
  );
}
