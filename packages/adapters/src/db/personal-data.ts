import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  hkdfSync,
  randomBytes,
} from "node:crypto";

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
  // Key objects made once: given a Buffer, Node makes one per call (about 40 µs, most of a
  // decryption's cost; the IRAS file unseals an identity number per gift).
  const derive = (purpose: string) =>
    createSecretKey(Buffer.from(hkdfSync("sha256", serverKey, Buffer.alloc(0), purpose, 32)));
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
      // A view of the bytes, not a copy (the IRAS file unseals one per gift).
      const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      if (bytes[0] !== VERSION) throw new Error("unknown personal-data format");
      const decipher = createDecipheriv("aes-256-gcm", encryptionKey, bytes.subarray(1, 13));
      decipher.setAuthTag(bytes.subarray(13, 29));
      return decipher.update(bytes.subarray(29), undefined, "utf8") + decipher.final("utf8");
    },
    hash: (plain) => createHmac("sha256", hashKey).update(normal(plain)).digest(),
  };
}

/**
 * Sealing for other values kept at rest under the server's key, each kind under its own derived key
 * (`purpose`): `seal` (AES-256-GCM, random nonce) for what must be read back, bound to `context` (the
 * row it belongs to, as associated data, so a sealed value cannot be moved to another row); `hash`
 * (HMAC-SHA-256) for what is only looked up or compared. Values are kept as given, not normalised.
 */
export interface Sealing {
  readonly seal: (plain: string, context: Uint8Array) => Buffer;
  readonly open: (sealed: Uint8Array, context: Uint8Array) => string;
  readonly hash: (...parts: ReadonlyArray<string>) => Buffer;
}

export function sealing(serverKey: Buffer, purpose: string): Sealing {
  const derive = (use: string) =>
    createSecretKey(
      Buffer.from(hkdfSync("sha256", serverKey, Buffer.alloc(0), `${purpose}:${use}`, 32)),
    );
  const encryptionKey = derive("seal");
  const hashKey = derive("hash");
  return {
    seal: (plain, context) => {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", encryptionKey, nonce);
      cipher.setAAD(context);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), nonce, cipher.getAuthTag(), body]);
    },
    open: (sealed, context) => {
      const bytes = Buffer.from(sealed);
      if (bytes[0] !== VERSION) throw new Error("unknown sealed format");
      const decipher = createDecipheriv("aes-256-gcm", encryptionKey, bytes.subarray(1, 13));
      decipher.setAAD(context);
      decipher.setAuthTag(bytes.subarray(13, 29));
      return Buffer.concat([decipher.update(bytes.subarray(29)), decipher.final()]).toString(
        "utf8",
      );
    },
    hash: (...parts) => {
      // Each part after its length, so ("a", "bc") and ("ab", "c") hash apart.
      const mac = createHmac("sha256", hashKey);
      for (const part of parts) {
        const bytes = Buffer.from(part, "utf8");
        const length = Buffer.alloc(4);
        length.writeUInt32BE(bytes.length);
        mac.update(length).update(bytes);
      }
      return mac.digest();
    },
  };
}
