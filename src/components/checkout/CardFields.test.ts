import { describe, expect, it } from "vitest";
import { checkCard, cvcLength, type CardEntry } from "./CardFields";
import type { CheckoutLabels } from "./labels";

const l = new Proxy({}, { get: (_, key) => String(key) }) as CheckoutLabels;
const now = new Date(2026, 10, 29);
const card = (number: string, cvc: string): CardEntry => ({
  number,
  month: "12",
  year: "2028",
  cvc,
});

describe("the card's security code", () => {
  it("is four digits on an American Express card and three on the others", () => {
    expect(cvcLength("3782 822463 10005")).toBe(4);
    expect(cvcLength("4242 4242 4242 4242")).toBe(3);
    expect(cvcLength("5555 5555 5555 4444")).toBe(3);
    expect(cvcLength("")).toBe(3);
  });

  it("is refused with the same message when its length does not fit the brand", () => {
    expect(checkCard(card("4242 4242 4242 4242", "123"), l, now)).toEqual({});
    expect(checkCard(card("3782 822463 10005", "1234"), l, now)).toEqual({});
    for (const [number, cvc] of [
      ["4242 4242 4242 4242", "1234"],
      ["4242 4242 4242 4242", "12"],
      ["3782 822463 10005", "123"],
      ["4242 4242 4242 4242", "12a"],
    ] as const) {
      expect(checkCard(card(number, cvc), l, now)).toEqual({ cvc: "checkout_card_error_cvc" });
    }
  });
});
