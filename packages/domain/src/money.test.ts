import { Result } from "effect";
import { describe, expect, it } from "vitest";
import {
  applyRate,
  cents,
  centsToDecimalString,
  dollarsToCents,
  formatAmount,
  formatMoney,
  formatPercent,
  parseMoney,
  readMoney,
  roundCents,
  roundPercent,
  subtractCents,
  addCents,
  centsToDollars,
} from "./money.ts";

const parsed = (text: string) => Result.getOrThrow(parseMoney(text));
const parseCode = (text: string) => {
  const r = parseMoney(text);
  return Result.isFailure(r) ? r.failure.code : null;
};

describe("money", () => {
  it("reads amounts as a plain union with parseMoney's rule", () => {
    for (const text of [
      "1234.5",
      "$1,234.50",
      "-3.25",
      "",
      "1.2.3",
      "1.234",
      "99999999999999999",
    ]) {
      const read = readMoney(text);
      const result = parseMoney(text);
      if (read.ok) expect(Result.getOrThrow(result)).toBe(read.value);
      else expect(Result.isFailure(result) && result.failure).toEqual(read.error);
    }
    expect(readMoney("1.234")).toMatchObject({
      ok: false,
      error: { code: "money.tooManyDecimals" },
    });
  });

  it("parses what donors type into cents", () => {
    expect(parsed("1234.5")).toBe(123450);
    expect(parsed("$1,234.50")).toBe(123450);
    expect(parsed("10975")).toBe(1097500);
    expect(parsed(".5")).toBe(50);
    expect(parsed("7.")).toBe(700);
    expect(parsed("-3.25")).toBe(-325);
    expect(parsed("0.01")).toBe(1);
  });

  it("refuses garbage, three decimals and unsafe sizes", () => {
    expect(parseCode("")).toBe("money.empty");
    expect(parseCode("abc")).toBe("money.empty");
    expect(parseCode("1.2.3")).toBe("money.invalid");
    expect(parseCode("1-2")).toBe("money.invalid");
    expect(parseCode(".")).toBe("money.invalid");
    expect(parseCode("1.005")).toBe("money.tooManyDecimals");
    expect(parseCode("99999999999999999")).toBe("money.tooLarge");
  });

  it("formats with a dollar sign, comma thousands and two decimals", () => {
    expect(formatMoney(cents(123450))).toBe("$1,234.50");
    expect(formatMoney(cents(0))).toBe("$0.00");
    expect(formatMoney(cents(5))).toBe("$0.05");
    expect(formatMoney(cents(-99999900))).toBe("-$999,999.00");
    expect(formatAmount(cents(100000000))).toBe("1,000,000.00");
    expect(centsToDecimalString(cents(-1205))).toBe("-12.05");
    expect(centsToDollars(cents(250))).toBe(2.5);
  });

  it("rounds half away from zero once, without binary noise", () => {
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(10975)).toBe(1097500);
    expect(roundCents(-2.5)).toBe(-3);
    expect(applyRate(cents(1097500), 0.025)).toBe(27438);
    expect(applyRate(cents(-1097500), 0.025)).toBe(-27438);
    expect(addCents(cents(1), cents(2))).toBe(3);
    expect(subtractCents(cents(1), cents(2))).toBe(-1);
  });

  it("refuses fractional cents as a programming error", () => {
    expect(() => cents(1.5)).toThrow(RangeError);
    expect(Object.is(cents(-0), 0)).toBe(true);
  });

  it("rounds percentages to two decimals", () => {
    expect(roundPercent(12.345)).toBe(12.35);
    expect(roundPercent(-12.345)).toBe(-12.35);
    expect(roundPercent(2.5)).toBe(2.5);
    expect(formatPercent(33.3333)).toBe("33.33%");
  });
});
