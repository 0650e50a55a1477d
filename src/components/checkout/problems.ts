import { fitrahRateOutOfRange, formatMoney, type Cents, type CheckoutOrder } from "@portal/domain";
import { fill, labelKeyOf } from "../../i18n/fill";
import type { CheckoutLabels } from "./labels";
import { PaymentApiError } from "./payment-api";

/** What a card payment's failure code means to the donor. */
export const failureText = (l: CheckoutLabels, code: string | null | undefined): string =>
  code === "card_declined"
    ? l.checkout_error_declined
    : code === "insufficient_funds"
      ? l.checkout_error_insufficient
      : code === "authentication_failed"
        ? l.checkout_error_authentication
        : fill(l.checkout_error_generic, { message: code ?? "" });

/** The donor's own fitrah rate outside the configured range: what to change, and where. */
export const ownRateNotice = (
  l: CheckoutLabels,
  order: CheckoutOrder | null,
  range: { readonly min: Cents; readonly max: Cents } | null,
): string | null => {
  const variable = order?.items.fitrah?.variable;
  return variable &&
    range &&
    fitrahRateOutOfRange(variable, { fitrahMinAmount: range.min, fitrahMaxAmount: range.max })
    ? fill(l.polish_checkout_fitrah_rate, {
        rate: formatMoney(variable.rate),
        min: formatMoney(range.min),
        max: formatMoney(range.max),
      })
    : null;
};

/** Whether a problem shown is the own fitrah rate's, which is mended on the calculator. */
export const isRateProblem = (
  l: CheckoutLabels,
  problem: string | null,
  rateNotice: string | null,
): boolean =>
  problem !== null && (problem === rateNotice || problem === l.polish_checkout_fitrah_refused);

/** What went wrong with a payment call, in the donor's words. */
export const problemText = (
  l: CheckoutLabels,
  error: unknown,
  rateNotice: string | null,
): string => {
  if (!(error instanceof PaymentApiError)) return l.checkout_error_network;
  if (error.code === "donation.ratesSuperseded") return l.checkout_error_rates;
  if (error.code === "donation.totalMismatch") return l.checkout_error_total;
  // The range the page knows says which rate and what range; without it (a range changed since the
  // page priced the order), what to change all the same: never "try again", which cannot work.
  if (error.code === "donation.fitrahRate") return rateNotice ?? l.polish_checkout_fitrah_refused;
  if (error.code === "donation.signInRequired") return l.assets_sign_in_required;
  const key = (error.code === undefined ? undefined : labelKeyOf(error.code)) as
    keyof CheckoutLabels | undefined;
  if (key && key in l) return l[key];
  if (error.code === "invalid_number") return l.validation_card_invalid;
  if (error.code === "invalid_expiry") return l.checkout_card_error_expiry;
  if (error.code === "invalid_cvc") return l.checkout_card_error_cvc;
  // The server's sentence brings its own full stop; the template adds one.
  return fill(l.checkout_error_generic, { message: error.message.replace(/\.+$/, "") });
};
