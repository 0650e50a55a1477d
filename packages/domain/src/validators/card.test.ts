import { describe, expect, it } from "vitest";
import {
  cardBrand,
  groupInFours,
  luhnCheckDigit,
  luhnValid,
  pasteCardNumber,
  validateCardNumber,
} from "./card";

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
