// A stand-in identity provider for tests and benchmarks: an RSA key of its own, its public key served
// as a JWKS over HTTP on 127.0.0.1, and ID tokens signed the way a Cognito user pool signs them
// (`token_use: "id"`, `aud` the app client). The portal verifies these exactly as it verifies real
// ones, through PORTAL_IDENTITY_ISSUER / PORTAL_IDENTITY_CLIENT_ID. Not used by `npm start`.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { SignJWT, exportJWK, generateKeyPair } from "jose";

export async function startTestIdentity({
  pool = "local_test",
  clientId = "portal-test-client",
} = {}) {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const kid = randomUUID();
  const jwks = JSON.stringify({
    keys: [{ ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" }],
  });
  const server = http.createServer((req, res) => {
    if (req.url === `/${pool}/.well-known/jwks.json`) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(jwks);
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/${pool}`;

  /** An ID token for `subject` (a new user when omitted); `claims` add to or override the defaults. */
  const sign = async ({
    subject = randomUUID(),
    email,
    emailVerified = true,
    name,
    expiresIn = "1h",
    key = privateKey,
    audience = clientId,
    ...claims
  } = {}) =>
    new SignJWT({
      token_use: "id",
      ...(email === undefined ? {} : { email, email_verified: emailVerified }),
      ...(name === undefined ? {} : { name }),
      ...claims,
    })
      .setProtectedHeader({ alg: "RS256", kid })
      .setSubject(subject)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(key);

  return {
    issuer,
    clientId,
    /** The portal's settings for this provider. */
    env: { PORTAL_IDENTITY_ISSUER: issuer, PORTAL_IDENTITY_CLIENT_ID: clientId },
    sign,
    /** A key the provider does not publish, for forged tokens. */
    otherKey: async () => (await generateKeyPair("RS256")).privateKey,
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
