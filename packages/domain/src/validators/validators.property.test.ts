import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maskNric } from "../format/receipt.ts";
import { cardDigits, luhnCheckDigit, luhnValid, pasteCardNumber } from "./card.ts";
import { validationMessages } from "./messages.ts";
import { isValidNric, nricCheckLetter } from "./nric.ts";
import { cleanText } from "./text.ts";

const digits = (min: number, max: number) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max })
    .map((d) => d.join(""));

const validNric = fc
  .tuple(fc.constantFrom("S", "T", "F", "G", "M"), digits(7, 7))
  .map(([p, d]) => `${p}${d}${nricCheckLetter(p, d) ?? ""}`);

describe("validator properties", () => {
  it("every valid NRIC survives masking to its last four characters", () => {
    fc.assert(
      fc.property(validNric, (nric) => {
        expect(isValidNric(nric)).toBe(true);
        const masked = maskNric(nric);
        expect(masked).toBe(`*****${nric.slice(5)}`);
        expect(masked.slice(-4)).toBe(nric.slice(-4));
      }),
    );
  });

  it("exactly one check letter is valid for each NRIC number", () => {
    fc.assert(
      fc.property(fc.constantFrom("S", "T", "F", "G", "M"), digits(7, 7), (p, d) => {
        const valid = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
          .split("")
          .filter((l) => isValidNric(`${p}${d}${l}`));
        expect(valid).toHaveLength(1);
      }),
    );
  });

  it("Luhn accepts exactly the numbers whose check digit is right", () => {
    fc.assert(
      fc.property(digits(1, 18), fc.integer({ min: 0, max: 9 }), (payload, check) => {
        expect(luhnValid(`${payload}${check}`)).toBe(String(check) === luhnCheckDigit(payload));
      }),
    );
  });

  it("a pasted card number keeps its digits in order, grouped in fours", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const pasted = pasteCardNumber(text);
        if (!/\d/.test(text)) expect(pasted).toBeNull();
        else {
          expect(cardDigits(pasted ?? "")).toBe(text.replace(/\D/g, ""));
          // In fours, or American Express's 4-6-5 (its last group takes any digits beyond).
          expect(pasted).toMatch(/^(\d{4} )*\d{1,4}$|^3[47]\d\d \d{1,6}( \d+)?$|^3[47]\d{0,2}$/);
        }
      }),
    );
  });

  it("cleaned text has no tags, no double spaces, no leading space, and cleaning twice changes nothing", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = cleanText(text);
        expect(once).not.toMatch(/<[^>]*>/);
        expect(once).not.toMatch(/ {2}/);
        expect(once.startsWith(" ")).toBe(false);
        expect(cleanText(once)).toBe(once);
      }),
    );
  });

  it("every validation key has English text", () => {
    for (const [key, text] of Object.entries(validationMessages)) {
      expect(key).toMatch(/^[a-z]+\.[A-Za-z.]+$/);
      expect(text.length).toBeGreaterThan(0);
    }
  });
});
