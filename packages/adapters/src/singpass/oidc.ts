import {
  compactDecrypt,
  createRemoteJWKSet,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTVerifyGetKey,
} from "jose";
import { matchesNricPattern } from "@portal/domain";
import { randomToken, sameSecret } from "./pkce";

/** The portal as a Singpass relying party (FAPI / OIDC, `private_key_jwt`, encrypted ID tokens). */
export interface SingpassConfig {
  /** e.g. `https://id.singpass.gov.sg` (MockPass: `http://127.0.0.1:<port>/singpass/v2`). */
  readonly issuer: string;
  readonly authorizeUrl: string;
  readonly tokenUrl: string;
  readonly jwksUrl: string;
  readonly clientId: string;
  readonly redirectUri: string;
  /** The portal's private signing key (EC, `use: sig`), for the client assertion. */
  readonly signingKey: JWK;
  /** The portal's private decryption key (EC, `use: enc`), for the ID token's JWE. */
  readonly decryptionKey: JWK;
}

/** Why a Singpass login was refused; the browser sees only `singpass.failed`. */
export class SingpassError extends Error {
  readonly code = "singpass.failed";
  constructor(readonly reason: string) {
    super(`Singpass login refused: ${reason}`);
  }
}

/** The URL that sends the donor to Singpass, carrying state, nonce and the PKCE challenge (S256). */
export function authorizationUrl(
  config: SingpassConfig,
  request: { readonly state: string; readonly nonce: string; readonly codeChallenge: string },
): string {
  const url = new URL(config.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: "code",
    scope: "openid",
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    state: request.state,
    nonce: request.nonce,
    code_challenge: request.codeChallenge,
    code_challenge_method: "S256",
  }).toString();
  return url.toString();
}

const signingAlgorithm = (key: JWK) => key.alg ?? (key.crv === "P-521" ? "ES512" : "ES256");

/** The client assertion (`private_key_jwt`): a short-lived JWT signed with the portal's key. */
export async function clientAssertion(config: SingpassConfig, nowSeconds: number): Promise<string> {
  const alg = signingAlgorithm(config.signingKey);
  const key = await importJWK(config.signingKey, alg);
  return new SignJWT({})
    .setProtectedHeader({
      alg,
      typ: "JWT",
      ...(config.signingKey.kid ? { kid: config.signingKey.kid } : {}),
    })
    .setIssuer(config.clientId)
    .setSubject(config.clientId)
    .setAudience(config.issuer)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + 120)
    .setJti(randomToken())
    .sign(key);
}

/** Who Singpass says logged in: the NRIC/FIN (`s=`) and Singpass's own id (`u=`). */
export interface SingpassSubject {
  readonly nric: string;
  readonly uuid: string;
}

/** Singpass v2's `sub` is `s=<NRIC>,u=<uuid>` (foreigners also carry `fid=` and `coi=`). */
export function subjectOf(sub: string): SingpassSubject {
  const parts = new Map(
    sub.split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at), part.slice(at + 1)] as const;
    }),
  );
  const nric = parts.get("s")?.toUpperCase() ?? "";
  const uuid = parts.get("u") ?? "";
  if (!matchesNricPattern(nric) || uuid === "") throw new SingpassError("subject");
  return { nric, uuid };
}

/**
 * Decrypt the ID token (JWE) with the portal's key, then verify the inner JWS against Singpass's keys:
 * signature, issuer, audience (our client id), expiry and the nonce sent with this login.
 */
export async function verifyIdToken(
  config: SingpassConfig,
  idToken: string,
  expectedNonce: string,
  keys: JWTVerifyGetKey,
  nowSeconds?: number,
): Promise<SingpassSubject> {
  let signed: string;
  try {
    const alg = config.decryptionKey.alg ?? "ECDH-ES+A256KW";
    const key = await importJWK(config.decryptionKey, alg);
    const { plaintext } = await compactDecrypt(idToken, key, {
      keyManagementAlgorithms: [
        "ECDH-ES+A256KW",
        "ECDH-ES+A192KW",
        "ECDH-ES+A128KW",
        "RSA-OAEP-256",
      ],
      contentEncryptionAlgorithms: ["A256CBC-HS512", "A256GCM"],
    });
    signed = new TextDecoder().decode(plaintext);
  } catch {
    throw new SingpassError("decrypt");
  }
  let payload;
  try {
    ({ payload } = await jwtVerify(signed, keys, {
      issuer: config.issuer,
      audience: config.clientId,
      algorithms: ["ES256", "ES384", "ES512"],
      requiredClaims: ["sub", "exp", "iat", "nonce"],
      clockTolerance: 5,
      ...(nowSeconds === undefined ? {} : { currentDate: new Date(nowSeconds * 1000) }),
    }));
  } catch {
    throw new SingpassError("verify");
  }
  const nonce = payload["nonce"];
  if (typeof nonce !== "string" || !sameSecret(nonce, expectedNonce)) {
    throw new SingpassError("nonce");
  }
  return subjectOf(payload.sub ?? "");
}

/** Singpass's signing keys, fetched from its JWKS endpoint (refreshed when a new key id appears). */
export const singpassKeys = (config: SingpassConfig): JWTVerifyGetKey =>
  createRemoteJWKSet(new URL(config.jwksUrl), { cooldownDuration: 30_000, timeoutDuration: 5_000 });

/**
 * Exchange the authorization code (with the PKCE verifier and a client assertion) and verify the ID
 * token. Any refusal by Singpass becomes a SingpassError without its body (it may echo the code).
 */
export async function exchangeCode(
  config: SingpassConfig,
  request: { readonly code: string; readonly codeVerifier: string; readonly nonce: string },
  keys: JWTVerifyGetKey,
  fetchImpl: typeof fetch = fetch,
): Promise<SingpassSubject> {
  const response = await fetchImpl(config.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: request.code,
      redirect_uri: config.redirectUri,
      client_id: config.clientId,
      code_verifier: request.codeVerifier,
      client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
      client_assertion: await clientAssertion(config, Math.floor(Date.now() / 1000)),
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new SingpassError(`token ${response.status}`);
  const body = (await response.json()) as { id_token?: unknown };
  if (typeof body.id_token !== "string") throw new SingpassError("token response");
  return verifyIdToken(config, body.id_token, request.nonce, keys);
}
