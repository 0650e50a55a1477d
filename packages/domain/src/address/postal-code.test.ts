import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cleanPostalCode, isPostalCode, validatePostalCode } from "./postal-code.ts";

describe("Singapore postal codes", () => {
  it("are six digits; spaces a donor types around or inside them are ignored", () => {
    expect(validatePostalCode("520106")).toBeNull();
    expect(validatePostalCode(" 520 106 ")).toBeNull();
    expect(cleanPostalCode(" 520 106 ")).toBe("520106");
    expect(isPostalCode("018956")).toBe(true);
  });

  it("refuses blanks, other lengths and letters with their own keys", () => {
    expect(validatePostalCode("")).toBe("validation.postalCode.required");
    expect(validatePostalCode("   ")).toBe("validation.postalCode.required");
    expect(validatePostalCode("52010")).toBe("validation.postalCode.invalid");
    expect(validatePostalCode("5201066")).toBe("validation.postalCode.invalid");
    expect(validatePostalCode("S52010")).toBe("validation.postalCode.invalid");
    expect(validatePostalCode("52-106")).toBe("validation.postalCode.invalid");
    expect(isPostalCode("１２３４５６")).toBe(false);
  });

  it("accepts exactly the strings of six ASCII digits", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (text) => {
        const cleaned = text.replace(/\s+/g, "");
        expect(isPostalCode(text)).toBe(/^[0-9]{6}$/.test(cleaned));
      }),
    );
  });
});
