import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTVerifyGetKey } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { identityVerifier, InvalidIdentityToken } from "./tokens";

const issuer = "https://idp.example/pool";
const audience = "portal-client";

describe("identityVerifier remembers verified tokens until they expire", () => {
  let sign: (
    claims: Record<string, unknown>,
    expSeconds: number,
    iatSeconds: number,
  ) => Promise<string>;
  let keys: JWTVerifyGetKey;
  let keyLookups = 0;

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair("RS256");
    const jwks = createLocalJWKSet({
      keys: [{ ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256" }],
    });
    keys = (header, token) => {
      keyLookups++;
      return jwks(header, token);
    };
    sign = (claims, exp, iat) =>
      new SignJWT({ token_use: "id", email: "a@example.com", ...claims })
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject("user-1")
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(privateKey);
  });

  it("checks a token's signature once while it is good, and refuses it once it expired", async () => {
    let nowMs = 1_800_000_000_000;
    const verify = identityVerifier(
      { issuer, audience, clockToleranceSeconds: 0, now: () => nowMs },
      keys,
    );
    const iat = nowMs / 1000;
    const token = await sign({ jti: "t1" }, iat + 60, iat);
    keyLookups = 0;
    const first = await verify(token);
    const second = await verify(token);
    expect(second).toEqual(first);
    expect(first.token).toEqual({ username: "user-1", issuedAt: iat, id: "t1" });
    expect(keyLookups).toBe(1);
    // Another token is checked on its own.
    await verify(await sign({ jti: "t2" }, iat + 60, iat));
    expect(keyLookups).toBe(2);
    // Past its expiry the remembered token is not given back: it is checked again, and refused.
    nowMs += 61_000;
    await expect(verify(token)).rejects.toBeInstanceOf(InvalidIdentityToken);
    expect(keyLookups).toBe(3);
  });

  it("never remembers a refused token", async () => {
    const nowMs = 1_800_000_000_000;
    const verify = identityVerifier({ issuer, audience: "someone-else", now: () => nowMs }, keys);
    const token = await sign({}, nowMs / 1000 + 60, nowMs / 1000);
    keyLookups = 0;
    await expect(verify(token)).rejects.toBeInstanceOf(InvalidIdentityToken);
    await expect(verify(token)).rejects.toBeInstanceOf(InvalidIdentityToken);
    expect(keyLookups).toBe(2);
  });
});
