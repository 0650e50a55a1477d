import { createPublicKey, verify, type JsonWebKey as NodeJwk } from "node:crypto";

/** Whether a public key is one a counter device may register: an EC key on P-256, public half only. */
export const isDeviceKey = (jwk: unknown): jwk is JsonWebKey => {
  if (typeof jwk !== "object" || jwk === null) return false;
  const key = jwk as Record<string, unknown>;
  if (key["kty"] !== "EC" || key["crv"] !== "P-256" || "d" in key) return false;
  if (typeof key["x"] !== "string" || typeof key["y"] !== "string") return false;
  try {
    createPublicKey({ key: { kty: "EC", crv: "P-256", x: key["x"], y: key["y"] }, format: "jwk" });
    return true;
  } catch {
    return false;
  }
};

/**
 * A checker of a device's signatures: whether `signature` (base64url of r||s, as WebCrypto's ECDSA
 * gives it) signs the UTF-8 `text` with SHA-256 under its public key, read once. A malformed key or
 * signature is no signature.
 */
export const entryVerifier = (publicKey: JsonWebKey) => {
  let key: ReturnType<typeof createPublicKey> | undefined;
  try {
    key = createPublicKey({ key: publicKey as NodeJwk, format: "jwk" });
  } catch {
    key = undefined;
  }
  return (text: string, signature: string): boolean => {
    if (!key) return false;
    try {
      return verify(
        "sha256",
        Buffer.from(text, "utf8"),
        { key, dsaEncoding: "ieee-p1363" },
        Buffer.from(signature, "base64url"),
      );
    } catch {
      return false;
    }
  };
};

/** `entryVerifier` for one signature (a receipt's JWS at /verify). */
export const verifyEntrySignature = (
  publicKey: JsonWebKey,
  text: string,
  signature: string,
): boolean => entryVerifier(publicKey)(text, signature);
