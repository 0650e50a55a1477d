import { describe, expect, it } from "vitest";
import {
  cardBrand,
  groupCardNumber,
  groupInFours,
  luhnCheckDigit,
  luhnValid,
  pasteCardNumber,
  validateCardNumber,
} from "./card.ts";

describe("card numbers", () => {
  it("accepts Stripe's test cards and refuses a changed digit", () => {
    expect(validateCardNumber("4242 4242 4242 4242")).toBeNull();
    expect(validateCardNumber("4000-0000-0000-0002")).toBeNull();
    expect(validateCardNumber("4242 4242 4242 4241")).toBe("validation.card.invalid");
    expect(validateCardNumber("4242 4242 4242 424a")).toBe("validation.card.characters");
    expect(validateCardNumber("4242")).toBe("validation.card.invalid");
    expect(luhnValid("")).toBe(false);
    expect(luhnCheckDigit("424242424242424")).toBe("2");
  });

  it("takes a paste only when it has a digit, then groups digits in fours", () => {
    expect(pasteCardNumber("Card: 4242-4242-4242-4242")).toBe("4242 4242 4242 4242");
    expect(pasteCardNumber("no digits here")).toBeNull();
    expect(groupInFours("378282246310005")).toBe("3782 8224 6310 005");
  });

  it("groups American Express 4-6-5 as it is typed, every other card in fours", () => {
    const typed = (digits: string) =>
      Array.from(digits, (_, i) => groupCardNumber(digits.slice(0, i + 1)));
    expect(typed("378282246310005")).toEqual([
      "3",
      "37",
      "378",
      "3782",
      "3782 8",
      "3782 82",
      "3782 822",
      "3782 8224",
      "3782 82246",
      "3782 822463",
      "3782 822463 1",
      "3782 822463 10",
      "3782 822463 100",
      "3782 822463 1000",
      "3782 822463 10005",
    ]);
    expect(groupCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(groupCardNumber("5555555555554444")).toBe("5555 5555 5555 4444");
    // Diners Club starts with 3 too, and is grouped in fours.
    expect(groupCardNumber("30569309025904")).toBe("3056 9309 0259 04");
    expect(pasteCardNumber("Amex 3782-822463-10005")).toBe("3782 822463 10005");
    expect(validateCardNumber(groupCardNumber("378282246310005"))).toBeNull();
  });

  it("detects the brand for the card image", () => {
    expect(cardBrand("4242 4242 4242 4242")).toBe("Visa");
    expect(cardBrand("5555 5555 5555 4444")).toBe("MasterCard");
    expect(cardBrand("2223 0031 2200 3222")).toBe("MasterCard");
    expect(cardBrand("3782 822463 10005")).toBe("AmericanExpress");
    expect(cardBrand("3056 9300 0902 0004")).toBe("DinersClub");
    expect(cardBrand("3566 0020 2036 0505")).toBe("JCB");
    expect(cardBrand("6200 0000 0000 0005")).toBe("UnionPay");
    expect(cardBrand("9999")).toBe("DefaultCard");
  });
});
