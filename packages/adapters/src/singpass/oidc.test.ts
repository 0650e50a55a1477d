import {
  CompactEncrypt,
  createLocalJWKSet,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type JWK,
} from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import {
  authorizationUrl,
  clientAssertion,
  subjectOf,
  verifyIdToken,
  SingpassError,
  type SingpassConfig,
} from "./oidc";
import { challengeOf, pkcePair, sameSecret } from "./pkce";

const issuer = "https://singpass.test/singpass/v2";
const now = 1_800_000_000;

let config: SingpassConfig;
let singpassSigning: CryptoKey;
let singpassKeys: ReturnType<typeof createLocalJWKSet>;
let rpEncryption: JWK;
let rpSigningPublic: CryptoKey;

beforeAll(async () => {
  const sp = await generateKeyPair("ES256", { extractable: true });
  singpassSigning = sp.privateKey;
  singpassKeys = createLocalJWKSet({
    keys: [{ ...(await exportJWK(sp.publicKey)), kid: "sp-1", alg: "ES256", use: "sig" }],
  });
  const enc = await generateKeyPair("ECDH-ES+A256KW", { crv: "P-256", extractable: true });
  rpEncryption = {
    ...(await exportJWK(enc.publicKey)),
    kid: "enc-1",
    alg: "ECDH-ES+A256KW",
    use: "enc",
  };
  const sig = await generateKeyPair("ES256", { extractable: true });
  rpSigningPublic = sig.publicKey;
  config = {
    issuer,
    authorizeUrl: `${issuer}/authorize`,
    tokenUrl: `${issuer}/token`,
    jwksUrl: `${issuer}/.well-known/keys`,
    clientId: "portal",
    redirectUri: "https://portal.test/enrollment/singpass",
    signingKey: { ...(await exportJWK(sig.privateKey)), kid: "sig-1", alg: "ES256", use: "sig" },
    decryptionKey: {
      ...(await exportJWK(enc.privateKey)),
      kid: "enc-1",
      alg: "ECDH-ES+A256KW",
      use: "enc",
    },
  };
});

/** An ID token as Singpass makes one: signed by Singpass, then encrypted to the portal's key. */
const idToken = async (
  claims: Record<string, unknown> = {},
  options: { signer?: CryptoKey; encryptTo?: JWK } = {},
) => {
  const signed = await new SignJWT({ nonce: "the-nonce", ...claims })
    .setProtectedHeader({ alg: "ES256", kid: "sp-1", typ: "JWT" })
    .setIssuer((claims["iss"] as string | undefined) ?? issuer)
    .setAudience((claims["aud"] as string | undefined) ?? "portal")
    .setSubject("s=S9812379B,u=0b5b2b3c-1111-2222-3333-444455556666")
    .setIssuedAt(now)
    .setExpirationTime((claims["exp"] as number | undefined) ?? now + 600)
    .sign(options.signer ?? singpassSigning);
  const { importJWK } = await import("jose");
  const to = options.encryptTo ?? rpEncryption;
  return new CompactEncrypt(new TextEncoder().encode(signed))
    .setProtectedHeader({
      alg: "ECDH-ES+A256KW",
      enc: "A256CBC-HS512",
      cty: "JWT",
      kid: to.kid ?? "",
    })
    .encrypt(await importJWK(to, "ECDH-ES+A256KW"));
};

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SingpassError);
    return (error as SingpassError).reason;
  }
  throw new Error("expected a refusal");
};

describe("PKCE", () => {
  it("S256 challenge is RFC 7636's worked example", () => {
    expect(challengeOf("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
  });

  it("makes a fresh 256-bit verifier each time, its challenge derived from it", () => {
    const a = pkcePair();
    const b = pkcePair();
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.verifier).not.toBe(b.verifier);
    expect(a.challenge).toBe(challengeOf(a.verifier));
  });

  it("compares secrets exactly", () => {
    expect(sameSecret("abc", "abc")).toBe(true);
    expect(sameSecret("abc", "abd")).toBe(false);
    expect(sameSecret("abc", "abcd")).toBe(false);
  });
});

describe("authorization request", () => {
  it("carries state, nonce and the S256 challenge, never the verifier", () => {
    const { verifier, challenge } = pkcePair();
    const url = new URL(
      authorizationUrl(config, { state: "st", nonce: "nn", codeChallenge: challenge }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      scope: "openid",
      client_id: "portal",
      redirect_uri: "https://portal.test/enrollment/singpass",
      state: "st",
      nonce: "nn",
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    expect(url.toString()).not.toContain(verifier);
  });
});

describe("client assertion", () => {
  it("is signed with the portal's key for Singpass's issuer and lives two minutes", async () => {
    const jwt = await clientAssertion(config, now);
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: "ES256", kid: "sig-1", typ: "JWT" });
    const { payload } = await jwtVerify(jwt, rpSigningPublic, {
      issuer: "portal",
      subject: "portal",
      audience: issuer,
      currentDate: new Date(now * 1000),
    });
    expect(payload.exp! - payload.iat!).toBe(120);
    expect(payload.jti).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("ID token", () => {
  it("is decrypted and verified, giving the NRIC and Singpass id", async () => {
    expect(await verifyIdToken(config, await idToken(), "the-nonce", singpassKeys, now)).toEqual({
      nric: "S9812379B",
      uuid: "0b5b2b3c-1111-2222-3333-444455556666",
    });
  });

  it("with another login's nonce is refused", async () => {
    expect(
      await refusal(verifyIdToken(config, await idToken(), "other-nonce", singpassKeys, now)),
    ).toBe("nonce");
  });

  it("tampered with is refused", async () => {
    const token = await idToken();
    const parts = token.split(".");
    const body = parts[3] ?? "";
    parts[3] = `${body.slice(0, 10)}${body[10] === "A" ? "B" : "A"}${body.slice(11)}`;
    expect(
      await refusal(verifyIdToken(config, parts.join("."), "the-nonce", singpassKeys, now)),
    ).toBe("decrypt");
  });

  it("signed by someone other than Singpass is refused", async () => {
    const { privateKey } = await generateKeyPair("ES256");
    const token = await idToken({}, { signer: privateKey });
    expect(await refusal(verifyIdToken(config, token, "the-nonce", singpassKeys, now))).toBe(
      "verify",
    );
  });

  it("for another client, from another issuer, or expired is refused", async () => {
    for (const claims of [
      { aud: "someone-else" },
      { iss: "https://evil.test" },
      { exp: now - 60 },
    ]) {
      const token = await idToken(claims);
      expect(await refusal(verifyIdToken(config, token, "the-nonce", singpassKeys, now))).toBe(
        "verify",
      );
    }
  });

  it("encrypted to another key is refused", async () => {
    const other = await generateKeyPair("ECDH-ES+A256KW", { crv: "P-256", extractable: true });
    const to = { ...(await exportJWK(other.publicKey)), kid: "x" };
    const token = await idToken({}, { encryptTo: to });
    expect(await refusal(verifyIdToken(config, token, "the-nonce", singpassKeys, now))).toBe(
      "decrypt",
    );
  });
});

describe("subject", () => {
  it("reads s= and u=, foreigners' extra parts included", () => {
    expect(subjectOf("s=S9812379B,u=abc")).toEqual({ nric: "S9812379B", uuid: "abc" });
    expect(subjectOf("s=F1612364K,fid=G730Z,coi=DE,u=def").uuid).toBe("def");
  });

  it("without an NRIC or id is refused", () => {
    expect(() => subjectOf("u=abc")).toThrow(SingpassError);
    expect(() => subjectOf("s=NOTANRIC,u=abc")).toThrow(SingpassError);
    expect(() => subjectOf("s=S9812379B")).toThrow(SingpassError);
  });
});
