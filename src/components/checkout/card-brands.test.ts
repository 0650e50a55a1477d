import { describe, expect, it } from "vitest";
import { acceptedCardPrefix } from "./card-brands";

describe("the accepted cards, as a number is typed", () => {
  it("keeps Visa, Mastercard and American Express numbers at every length", () => {
    for (const number of [
      "4242424242424242",
      "5555555555554444",
      "2223003122003222",
      "378282246310005",
    ])
      for (let n = 0; n <= number.length; n++)
        expect(acceptedCardPrefix(number.slice(0, n))).toBe(true);
  });

  it("refuses JCB, Discover, UnionPay and Diners from their leading digits", () => {
    expect(acceptedCardPrefix("3530 1113 3330 0000")).toBe(false);
    expect(acceptedCardPrefix("35")).toBe(false);
    expect(acceptedCardPrefix("6011 1111 1111 1117")).toBe(false);
    expect(acceptedCardPrefix("6")).toBe(false);
    expect(acceptedCardPrefix("6200 0000 0000 0005")).toBe(false);
    expect(acceptedCardPrefix("3056 9309 0259 04")).toBe(false);
    expect(acceptedCardPrefix("2720 99")).toBe(true);
    expect(acceptedCardPrefix("2721")).toBe(false);
    expect(acceptedCardPrefix("2220")).toBe(false);
    expect(acceptedCardPrefix("3")).toBe(true);
  });
});
