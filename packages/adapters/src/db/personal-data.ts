import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * Identity numbers (NRIC, FIN, UEN) at rest: AES-256-GCM with a random nonce, plus an HMAC for
 * lookups and uniqueness. Both keys are derived from the server's key, each for its own purpose, so
 * the lookup hash reveals nothing that decrypts and neither can be computed without the key.
 */
export interface PersonalData {
  readonly encrypt: (plain: string) => Buffer;
  readonly decrypt: (sealed: Uint8Array) => string;
  /** The same value always gives the same hash (after trimming and upper-casing). */
  readonly hash: (plain: string) => Buffer;
}

const VERSION = 1;

export function personalData(serverKey: Buffer): PersonalData {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync("sha256", serverKey, Buffer.alloc(0), purpose, 32));
  const encryptionKey = derive("portal:personal-data:encrypt:v1");
  const hashKey = derive("portal:personal-data:hash:v1");
  const normal = (plain: string) => plain.trim().toUpperCase();
  return {
    encrypt: (plain) => {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", encryptionKey, nonce);
      const body = Buffer.concat([cipher.update(normal(plain), "utf8"), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), nonce, cipher.getAuthTag(), body]);
    },
    decrypt: (sealed) => {
      const bytes = Buffer.from(sealed);
      if (bytes[0] !== VERSION) throw new Error("unknown personal-data format");
      const decipher = createDecipheriv("aes-256-gcm", encryptionKey, bytes.subarray(1, 13));
      decipher.setAuthTag(bytes.subarray(13, 29));
      return Buffer.concat([decipher.update(bytes.subarray(29)), decipher.final()]).toString(
        "utf8",
      );
    },
    hash: (plain) => createHmac("sha256", hashKey).update(normal(plain)).digest(),
  };
}

/**
 * Text sealed at rest exactly as given (no trimming or upper-casing): AES-256-GCM under a key derived
 * from the server's key for `purpose`, in the format of `personalData` (version, nonce, tag, body).
 * `context` (a row id) is bound as associated data, so a sealed value opens only in its own row.
 */
export interface SealedText {
  readonly seal: (plain: string, context: string) => Buffer;
  readonly open: (sealed: Uint8Array, context: string) => string;
}

export function sealedText(serverKey: Buffer, purpose: string): SealedText {
  const key = Buffer.from(hkdfSync("sha256", serverKey, Buffer.alloc(0), purpose, 32));
  return {
    seal: (plain, context) => {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), nonce, cipher.getAuthTag(), body]);
    },
    open: (sealed, context) => {
      const bytes = Buffer.from(sealed);
      if (bytes[0] !== VERSION) throw new Error("unknown sealed-text format");
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(1, 13));
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(bytes.subarray(13, 29));
      return Buffer.concat([decipher.update(bytes.subarray(29)), decipher.final()]).toString(
        "utf8",
      );
    },
  };
}
