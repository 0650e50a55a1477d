import { describe, expect, it } from "vitest";
import { type Cents, type CheckoutOrder } from "@portal/domain";
import { labelsFor } from "../../i18n/labels";
import { checkoutLabelKeys } from "./labels";
import { PaymentApiError } from "./payment-api";
import { isRateProblem, ownRateNotice, problemText } from "./problems";

const refusal = new PaymentApiError(
  422,
  "Choose an own fitrah rate from $5.00 to $8.00 a person.",
  "donation.fitrahRate",
);
const range = { min: 500 as Cents, max: 800 as Cents };
const orderAt = (rate: number) =>
  ({
    items: { fitrah: { normal: 0, premium: 0, variable: { persons: 2, rate: rate as Cents } } },
  }) as unknown as CheckoutOrder;

describe("the own fitrah rate refused at checkout", () => {
  for (const lng of ["en", "ms"] as const) {
    const l = labelsFor(lng, checkoutLabelKeys);

    it(`${lng}: names the rate and the range the page knows, and says where to change it`, () => {
      const notice = ownRateNotice(l, orderAt(1200), range);
      expect(notice).toContain("$12.00");
      expect(notice).toContain("$5.00");
      expect(notice).toContain("$8.00");
      expect(problemText(l, refusal, notice)).toBe(notice);
      expect(isRateProblem(l, notice, notice)).toBe(true);
    });

    it(`${lng}: with a range the page does not know, still says what to change, never "try again"`, () => {
      // The page priced the order within the range it read; the server's range is another.
      expect(ownRateNotice(l, orderAt(700), range)).toBeNull();
      const text = problemText(l, refusal, null);
      expect(text).toBe(l.polish_checkout_fitrah_refused);
      expect(text).not.toMatch(/try again|cuba lagi|\.\./i);
      expect(isRateProblem(l, text, null)).toBe(true);
      expect(isRateProblem(l, l.checkout_error_network, null)).toBe(false);
    });
  }
});
