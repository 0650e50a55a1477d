/**
 * Receipts anyone can verify (issue 32): every receipt carries a short verification code and a QR
 * code linking to `/verify` with its number and code. The server derives the code from the receipt
 * number with a key of its own (an HMAC, `@portal/adapters/receipts`); this module is the part that
 * needs no key: the code's alphabet and length, reading what a person typed, writing it for print,
 * the link, and what a verification answers. docs/receipts.md says why a keyed code and not a
 * stored random one.
 */

/**
 * Crockford's base 32: digits and capitals without I, L, O and U, so a code read aloud or typed from
 * paper has no look-alikes (an O typed for a 0, an I or L for a 1, is read as meant).
 */
export const VERIFICATION_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** Ten characters of 5 bits: 50 bits, about 10^15 codes; a guess at the limit's pace takes ages. */
export const VERIFICATION_CODE_LENGTH = 10;

/** The code from the first 50 bits of a digest (big-endian), 5 bits a character. */
export const verificationCodeOf = (digest: Uint8Array): string => {
  if (digest.length * 8 < VERIFICATION_CODE_LENGTH * 5) throw new RangeError("digest too short");
  let code = "";
  for (let i = 0; i < VERIFICATION_CODE_LENGTH; i += 1) {
    const bit = i * 5;
    const byte = bit >> 3;
    const pair = ((digest[byte] ?? 0) << 8) | (digest[byte + 1] ?? 0);
    code += VERIFICATION_ALPHABET[(pair >> (11 - (bit & 7))) & 31];
  }
  return code;
};

/**
 * A code as typed, in the form the server derives (upper case, no spaces or hyphens, Crockford's
 * look-alikes read as the digits they resemble); undefined when it cannot be a code at all.
 */
export const readVerificationCode = (typed: string): string | undefined => {
  const code = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (code.length !== VERIFICATION_CODE_LENGTH) return undefined;
  return [...code].every((c) => VERIFICATION_ALPHABET.includes(c)) ? code : undefined;
};

/** The code as printed: two groups of five (`7KQ2M-XW4PB`), easier to read out and type. */
export const printedVerificationCode = (code: string): string =>
  `${code.slice(0, 5)}-${code.slice(5)}`;

/** A receipt number as typed (`zk-00000012 ` is `ZK-00000012`); undefined when it cannot be one. */
export const readReceiptNo = (typed: string): string | undefined => {
  const number = typed.trim().toUpperCase();
  return /^[A-Z0-9][A-Z0-9-]{2,39}$/.test(number) ? number : undefined;
};

/** The query names of the verify page's link (what the QR code carries). */
export const VERIFY_QUERY = { receiptNo: "no", code: "code", signed: "signed" } as const;

/**
 * The verify page's address for a receipt (`/verify?no=ZK-00000012&code=7KQ2M-XW4PB`; `/ms/verify`
 * in Malay), under `origin` (the fund's site) when given. Only the number and the code go in it:
 * neither is personal, and together they open nothing but the answer below.
 */
export const verifyHref = (
  receiptNo: string,
  code: string,
  options: { readonly origin?: string; readonly languagePrefix?: string } = {},
): string => {
  const query =
    `${VERIFY_QUERY.receiptNo}=${encodeURIComponent(receiptNo)}` +
    `&${VERIFY_QUERY.code}=${encodeURIComponent(printedVerificationCode(code))}`;
  return `${options.origin ?? ""}${options.languagePrefix ?? ""}/verify?${query}`;
};

/** Where the receipt was issued: online, at a mosque counter (`pos`), at a kiosk. */
export type VerifiedSource = "online" | "pos" | "kiosk";

/** A receipt's standing: paid, given back in full, or voided. */
export type VerifiedStatus = "accepted" | "refunded" | "voided";

/**
 * What `/verify` answers for a genuine receipt, and nothing else: no name, identity number, e-mail,
 * phone, address or transaction number. `by` says who vouches for it: the server's own records
 * (`server`), or, for a receipt issued offline and not yet synced, its device's signature (`device`,
 * a later change; docs/receipts.md has the token's format).
 */
export interface VerifiedReceipt {
  readonly receiptNo: string;
  /** The fund's code name in the registry (`ZAKAT`, `ILMU`, ...). */
  readonly flow: string;
  /** Each item paid (`harta`, `fitrah`, `ilmu`, ...) with its cents. */
  readonly items: ReadonlyArray<{ readonly item: string; readonly amountCents: number }>;
  readonly amountCents: number;
  /** Cents given back by part refunds (a full refund is the status `refunded`). */
  readonly refundedCents: number;
  /** The Singapore calendar date of issue, `YYYY-MM-DD`. */
  readonly issuedOn: string;
  readonly source: VerifiedSource;
  /** The mosque of a counter or kiosk receipt; null online. */
  readonly mosqueName: string | null;
  readonly status: VerifiedStatus;
  /** The number of the re-issue that replaced this receipt (its particulars corrected); else null. */
  readonly replacedBy: string | null;
  readonly by: "server" | "device";
  /** False for an offline receipt its device has not synced yet. */
  readonly synced: boolean;
}

/** A donation's source as the receipt records it (`Online`, `pos`, `kiosk`) as a verification says it. */
export const verifiedSourceOf = (source: string): VerifiedSource =>
  source === "pos" ? "pos" : source === "kiosk" ? "kiosk" : "online";

/** A paid donation's status as a verification says it. */
export const verifiedStatusOf = (status: string): VerifiedStatus =>
  status === "refunded" ? "refunded" : status === "voided" ? "voided" : "accepted";
