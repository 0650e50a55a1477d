import {
  createHmac,
  createSecretKey,
  hkdfSync,
  timingSafeEqual,
  type KeyObject,
} from "node:crypto";
import { readVerificationCode, verificationCodeOf } from "@portal/domain";

/**
 * A receipt's verification code (issue 32): the first 50 bits of an HMAC-SHA256 of its number, under
 * a key derived from the server's key for this purpose alone, written in Crockford's base 32. Without
 * the server's key nobody can compute one, so a receipt number alone gives nothing and a forged
 * receipt has no code that verifies; the same number always has the same code, so the code printed
 * on paper, in the PDF and in the QR code stays true for ever, and no code is stored. docs/receipts.md
 * weighs this against random stored codes.
 */
export interface VerificationCodes {
  /** The code of a receipt number (as issued, upper case). */
  readonly of: (receiptNo: string) => string;
  /** Whether `typed` (as a person typed it) is the code of `receiptNo`; compared in constant time. */
  readonly matches: (receiptNo: string, typed: string) => boolean;
}

const PURPOSE = "portal:receipt-verification:v1";

export function verificationCodes(serverKey: Buffer): VerificationCodes {
  const key: KeyObject = createSecretKey(
    Buffer.from(hkdfSync("sha256", serverKey, Buffer.alloc(0), PURPOSE, 32)),
  );
  const of = (receiptNo: string) =>
    verificationCodeOf(createHmac("sha256", key).update(`receipt-no:${receiptNo}`).digest());
  return {
    of,
    matches: (receiptNo, typed) => {
      const code = readVerificationCode(typed);
      if (code === undefined) return false;
      return timingSafeEqual(Buffer.from(of(receiptNo)), Buffer.from(code));
    },
  };
}
