import { describe, expect, it } from "vitest";
import {
  amountText,
  parseAmountText,
  parseGramsText,
  parsePercentText,
  parsePersonsText,
} from "./parse";
import { cents } from "@portal/domain";

describe("calculator field parsing", () => {
  it("reads amounts as cents, empty as zero", () => {
    expect(parseAmountText("")).toEqual({ ok: true, value: 0 });
    expect(parseAmountText("$1,234.50")).toEqual({ ok: true, value: 123450 });
    expect(parseAmountText("10975")).toEqual({ ok: true, value: 1097500 });
  });

  it("refuses letters, negatives and three decimals with a message key", () => {
    expect(parseAmountText("12abc")).toEqual({ ok: false, error: "calc_error_amount" });
    expect(parseAmountText("-5")).toEqual({ ok: false, error: "calc_error_negative" });
    expect(parseAmountText("1.005")).toEqual({ ok: false, error: "calc_error_decimals" });
    expect(parseAmountText("1.2.3")).toEqual({ ok: false, error: "calc_error_amount" });
    expect(parseAmountText("123456789012345")).toEqual({ ok: false, error: "calc_error_amount" });
  });

  it("reads grams, persons and percentages", () => {
    expect(parseGramsText("90.5")).toEqual({ ok: true, value: 90.5 });
    expect(parseGramsText("-1")).toEqual({ ok: false, error: "calc_error_grams" });
    expect(parsePersonsText("3")).toEqual({ ok: true, value: 3 });
    expect(parsePersonsText("2.5")).toEqual({ ok: false, error: "calc_error_persons" });
    expect(parsePercentText("50")).toEqual({ ok: true, value: 50 });
    expect(parsePercentText("101")).toEqual({ ok: false, error: "calc_error_percent" });
    expect(parsePercentText("")).toEqual({ ok: false, error: "calc_error_percent" });
  });

  it("shows stored amounts as plain decimals and zero as empty", () => {
    expect(amountText(cents(0))).toBe("");
    expect(amountText(cents(123450))).toBe("1234.50");
  });
});
