import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  printedVerificationCode,
  readReceiptNo,
  readVerificationCode,
  VERIFICATION_ALPHABET,
  verificationCodeOf,
  verifiedSourceOf,
  verifiedStatusOf,
  verifyHref,
} from "./verification.ts";

describe("verification codes", () => {
  it("takes the first 50 bits of the digest, five to a character", () => {
    expect(verificationCodeOf(new Uint8Array(32))).toBe("0000000000");
    expect(verificationCodeOf(new Uint8Array(32).fill(0xff))).toBe("ZZZZZZZZZZ");
    // 0b00001 00010 00011 00100 00101 00110 00111 01000 01001 01010 = 08 86 42 98 e8 4a 9
    expect(verificationCodeOf(Uint8Array.from([0x08, 0x86, 0x42, 0x98, 0xe8, 0x4a, 0x90]))).toBe(
      "123456789A",
    );
  });

  it("a code is ten characters of the unambiguous alphabet, whatever the digest", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 7, maxLength: 64 }), (digest) => {
        const code = verificationCodeOf(digest);
        expect(code).toHaveLength(10);
        expect([...code].every((c) => VERIFICATION_ALPHABET.includes(c))).toBe(true);
        expect(VERIFICATION_ALPHABET).not.toMatch(/[ILOU]/);
      }),
    );
  });

  it("reads a code as printed, typed in lower case, spaced, or with look-alike letters", () => {
    expect(printedVerificationCode("7KQ2M0W41B")).toBe("7KQ2M-0W41B");
    expect(readVerificationCode("7KQ2M-0W41B")).toBe("7KQ2M0W41B");
    expect(readVerificationCode(" 7kq2m 0w41b ")).toBe("7KQ2M0W41B");
    expect(readVerificationCode("7KQ2M-OW4IB")).toBe("7KQ2M0W41B");
    expect(readVerificationCode("7KQ2M-0W4LB")).toBe("7KQ2M0W41B");
  });

  it("refuses what cannot be a code: too short, too long, or a letter outside the alphabet", () => {
    expect(readVerificationCode("7KQ2M")).toBeUndefined();
    expect(readVerificationCode("7KQ2M0W41BX")).toBeUndefined();
    expect(readVerificationCode("7KQ2M0W4UB")).toBeUndefined();
    expect(readVerificationCode("")).toBeUndefined();
  });

  it("printing and reading give back the same code", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 7, maxLength: 7 }), (digest) => {
        const code = verificationCodeOf(digest);
        expect(readVerificationCode(printedVerificationCode(code))).toBe(code);
      }),
    );
  });
});

describe("the verify link", () => {
  it("carries the receipt number and the printed code, and nothing else", () => {
    expect(verifyHref("ZK-00000012", "7KQ2M0W41B")).toBe("/verify?no=ZK-00000012&code=7KQ2M-0W41B");
    expect(
      verifyHref("WK-00000003", "7KQ2M0W41B", {
        origin: "https://wakaf.example.sg",
        languagePrefix: "/ms",
      }),
    ).toBe("https://wakaf.example.sg/ms/verify?no=WK-00000003&code=7KQ2M-0W41B");
  });

  it("reads receipt numbers as typed, refusing what cannot be one", () => {
    expect(readReceiptNo(" zk-00000012 ")).toBe("ZK-00000012");
    expect(readReceiptNo("ZK")).toBeUndefined();
    expect(readReceiptNo("ZK 0001")).toBeUndefined();
    expect(readReceiptNo("x".repeat(41))).toBeUndefined();
  });
});

describe("what a verification says", () => {
  it("names the source and the status in its own words", () => {
    expect(verifiedSourceOf("Online")).toBe("online");
    expect(verifiedSourceOf("pos")).toBe("pos");
    expect(verifiedSourceOf("kiosk")).toBe("kiosk");
    expect(verifiedStatusOf("succeeded")).toBe("accepted");
    expect(verifiedStatusOf("refunded")).toBe("refunded");
    expect(verifiedStatusOf("voided")).toBe("voided");
  });
});
