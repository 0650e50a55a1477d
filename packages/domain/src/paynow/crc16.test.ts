import { describe, expect, it } from "vitest";
import { crc16CcittFalse, crc16Hex } from "./crc16.ts";

describe("CRC-16/CCITT-FALSE", () => {
  it("matches the catalogue check value: '123456789' gives 29B1", () => {
    expect(crc16CcittFalse("123456789")).toBe(0x29b1);
    expect(crc16Hex("123456789")).toBe("29B1");
  });

  it("is the initial value FFFF for no input, and pads to four uppercase digits", () => {
    expect(crc16Hex("")).toBe("FFFF");
    for (const text of ["A", "SG.PAYNOW", "0002010102"])
      expect(crc16Hex(text)).toMatch(/^[0-9A-F]{4}$/);
  });

  it("reads text as UTF-8 bytes (values from Python's binascii.crc_hqx with initial FFFF)", () => {
    expect(crc16Hex("é")).toBe("7ACB");
    expect(crc16Hex("€")).toBe("0B51");
    expect(crc16Hex("😀")).toBe("4F4F");
  });
});
