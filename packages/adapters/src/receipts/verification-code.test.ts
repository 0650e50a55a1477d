import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readVerificationCode, VERIFICATION_ALPHABET } from "@portal/domain";
import { verificationCodes } from "./verification-code";

const key = Buffer.alloc(32, 7);
const otherKey = Buffer.alloc(32, 8);

describe("receipt verification codes", () => {
  it("are stable: the same number under the same key always has the same code", () => {
    const codes = verificationCodes(key);
    expect(verificationCodes(key).of("ZK-00000012")).toBe(codes.of("ZK-00000012"));
    expect(codes.of("ZK-00000012")).toMatch(new RegExp(`^[${VERIFICATION_ALPHABET}]{10}$`));
  });

  it("differ from receipt to receipt, and from key to key", () => {
    const codes = verificationCodes(key);
    const seen = new Set(
      Array.from({ length: 2_000 }, (_, i) => codes.of(`ZK-${String(i).padStart(8, "0")}`)),
    );
    expect(seen.size).toBe(2_000);
    expect(verificationCodes(otherKey).of("ZK-00000012")).not.toBe(codes.of("ZK-00000012"));
  });

  it("cannot be made from the receipt number alone: no unkeyed hash of it is the code", () => {
    const code = verificationCodes(key).of("ZK-00000012");
    const guesses = ["sha256", "sha1", "md5"].flatMap((algorithm) =>
      ["ZK-00000012", "receipt-no:ZK-00000012"].map((text) =>
        readVerificationCode(createHash(algorithm).update(text).digest("hex").slice(0, 10)),
      ),
    );
    expect(guesses).not.toContain(code);
    // Nor an HMAC under the server's key itself: the code's key is derived for this purpose alone.
    const underServerKey = createHmac("sha256", key).update("receipt-no:ZK-00000012").digest();
    expect(verificationCodes(key).matches("ZK-00000012", underServerKey.toString("hex"))).toBe(
      false,
    );
  });

  it("matches the code as printed or typed, and no other receipt's", () => {
    const codes = verificationCodes(key);
    const code = codes.of("ZK-00000012");
    expect(codes.matches("ZK-00000012", `${code.slice(0, 5)}-${code.slice(5)}`)).toBe(true);
    expect(codes.matches("ZK-00000012", code.toLowerCase())).toBe(true);
    expect(codes.matches("ZK-00000013", code)).toBe(false);
    expect(codes.matches("ZK-00000012", "")).toBe(false);
    expect(codes.matches("ZK-00000012", "0000000000")).toBe(code === "0000000000");
  });
});
