import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 256 random bits, base64url: states, nonces and PKCE verifiers. */
export const randomToken = (): string => randomBytes(32).toString("base64url");

/** RFC 7636 S256: the challenge is the base64url SHA-256 of the verifier. */
export const challengeOf = (verifier: string): string =>
  createHash("sha256").update(verifier, "ascii").digest("base64url");

/** A fresh PKCE pair; the verifier stays on the server, the challenge goes in the authorization URL. */
export const pkcePair = (): { readonly verifier: string; readonly challenge: string } => {
  const verifier = randomToken();
  return { verifier, challenge: challengeOf(verifier) };
};

/** Compare two secrets in constant time (a state or nonce must never leak through timing). */
export const sameSecret = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
