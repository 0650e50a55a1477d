import * as client from "openid-client";
import { exportJWK, importJWK, type JWK } from "jose";
import { personFromUserinfo, type MyInfoPerson } from "./person";

/**
 * The portal as a relying party of Singpass's FAPI 2.0 profile (a Myinfo app): discovery, Pushed
 * Authorization Request, PKCE S256, `private_key_jwt`, DPoP-bound tokens, the ID token and userinfo as
 * signed then encrypted JWTs. All of it is openid-client's; this module only wires it up.
 */
export interface SingpassConfig {
  /** The issuer whose `/.well-known/openid-configuration` is read (`https://id.singpass.gov.sg/fapi`). */
  readonly issuer: string;
  readonly clientId: string;
  /** The redirect URIs registered with Singpass (one per host); the first is the default. */
  readonly redirectUris: ReadonlyArray<string>;
  /** The portal's private signing key (EC P-256, `use: sig`, with `kid`): the client assertion. */
  readonly signingKey: JWK;
  /** The portal's private encryption key (EC P-256, `use: enc`, with `kid`): ID token and userinfo. */
  readonly decryptionKey: JWK;
  /** Myinfo scopes asked for (`openid` first). */
  readonly scopes: ReadonlyArray<string>;
}

/** The Myinfo items the enrolment pre-fills (spec §3's profile). */
export const MYINFO_SCOPES = [
  "openid",
  "uinfin",
  "name",
  "sex",
  "race",
  "nationality",
  "dob",
  "email",
  "mobileno",
  "regadd",
  "birthcountry",
] as const;

/** Why a Singpass login was refused; logs see the reason (never a token, code or person). */
export class SingpassError extends Error {
  constructor(readonly reason: string) {
    super(`Singpass login refused: ${reason}`);
  }
}

/** What the portal keeps (sealed) between sending the donor to Singpass and their return. */
export interface SingpassLoginStart {
  readonly url: string;
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  /** The DPoP key pair the authorization code is bound to (private JWK; it never leaves the server). */
  readonly dpopKey: JWK;
  readonly redirectUri: string;
}

const SIGNING_ALG = "ES256";
const ENCRYPTION_ALG = "ECDH-ES+A256KW";
const CONTENT_ENCRYPTION = ["A256GCM", "A256CBC-HS512"];

/** The public half of a private JWK, as published in the portal's JWKS. */
export const publicJwk = (key: JWK): JWK => {
  // Only the public members, named: an RSA key's p, q, dp, dq and qi are private as much as d is.
  const members =
    key.kty === "RSA"
      ? (["kty", "n", "e", "kid"] as const)
      : (["kty", "crv", "x", "y", "kid"] as const);
  return Object.fromEntries(
    members.flatMap((name) => (key[name] === undefined ? [] : [[name, key[name]]])),
  ) as JWK;
};

/** The JWKS Singpass fetches: the portal's signing and encryption public keys. */
export const portalJwks = (config: SingpassConfig): { keys: JWK[] } => ({
  keys: [
    { ...publicJwk(config.signingKey), use: "sig", alg: SIGNING_ALG },
    { ...publicJwk(config.decryptionKey), use: "enc", alg: ENCRYPTION_ALG },
  ],
});

const isLoopback = (url: string) =>
  ["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname);

/**
 * Discover the issuer and set up the client. Plain http is accepted only for a loopback issuer (the
 * embedded stand-in); a real Singpass is https.
 */
export async function singpassClient(config: SingpassConfig): Promise<client.Configuration> {
  const signingKey = (await importJWK(config.signingKey, SIGNING_ALG)) as CryptoKey;
  const decryptionKey = (await importJWK(config.decryptionKey, ENCRYPTION_ALG)) as CryptoKey;
  const kid = config.signingKey.kid;
  const configuration = await client.discovery(
    new URL(config.issuer),
    config.clientId,
    {
      token_endpoint_auth_method: "private_key_jwt",
      id_token_signed_response_alg: SIGNING_ALG,
      userinfo_signed_response_alg: SIGNING_ALG,
      dpop_bound_access_tokens: true,
    },
    client.PrivateKeyJwt(kid === undefined ? { key: signingKey } : { key: signingKey, kid }, {
      // Singpass's FAPI 2.0 page asks for the type, which openid-client leaves out by default.
      [client.modifyAssertion]: (header) => {
        header["typ"] = "JWT";
      },
    }),
    {
      ...(isLoopback(config.issuer) ? { execute: [client.allowInsecureRequests] } : {}),
      timeout: 10,
    },
  );
  // The key id must be given: a JWE naming a kid is decrypted only by the key of that id.
  const decryptionKid = config.decryptionKey.kid;
  client.enableDecryptingResponses(configuration, CONTENT_ENCRYPTION, {
    key: decryptionKey,
    alg: ENCRYPTION_ALG,
    ...(decryptionKid === undefined ? {} : { kid: decryptionKid }),
  });
  return configuration;
}

const dpopHandle = async (configuration: client.Configuration, key: JWK) => {
  const privateKey = (await importJWK(key, SIGNING_ALG)) as CryptoKey;
  const publicKey = (await importJWK(publicJwk(key), SIGNING_ALG)) as CryptoKey;
  return client.getDPoPHandle(configuration, { privateKey, publicKey });
};

/** Push the authorization request (PAR, with a DPoP proof) and return where the donor goes. */
export async function startLogin(
  configuration: client.Configuration,
  config: SingpassConfig,
  redirectUri: string,
): Promise<SingpassLoginStart> {
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const pair = await client.randomDPoPKeyPair(SIGNING_ALG, { extractable: true });
  const dpopKey = await exportJWK(pair.privateKey);
  let url: URL;
  try {
    url = await client.buildAuthorizationUrlWithPAR(
      configuration,
      {
        response_type: "code",
        redirect_uri: redirectUri,
        scope: config.scopes.join(" "),
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
      },
      { DPoP: client.getDPoPHandle(configuration, pair) },
    );
  } catch (error) {
    throw new SingpassError(`par ${reasonOf(error)}`);
  }
  return { url: url.toString(), state, nonce, codeVerifier, dpopKey, redirectUri };
}

/** The error's code (openid-client's, or the authorization server's `error`), never its body. */
const reasonOf = (error: unknown): string => {
  if (error instanceof client.ResponseBodyError) return `server ${error.error}`;
  if (error instanceof client.AuthorizationResponseError) return `authorization ${error.error}`;
  if (error instanceof client.ClientError) return `client ${error.code ?? error.name}`;
  return error instanceof Error ? error.name : "unknown";
};

/** The authorization response as it reached the redirect URI. */
export interface SingpassReturn {
  readonly code: string;
  readonly state: string;
  readonly iss?: string | undefined;
}

/**
 * Redeem the code (PKCE verifier, client assertion, DPoP proof), check the ID token (decrypted with the
 * portal's key, signature, issuer, audience, expiry, this login's nonce), then read userinfo (DPoP,
 * signed and encrypted) for the same subject and map its Myinfo person.
 */
export async function finishLogin(
  configuration: client.Configuration,
  login: Omit<SingpassLoginStart, "url">,
  back: SingpassReturn,
): Promise<{ readonly subject: string; readonly person: MyInfoPerson }> {
  const current = new URL(login.redirectUri);
  current.search = new URLSearchParams({
    code: back.code,
    state: back.state,
    ...(back.iss === undefined ? {} : { iss: back.iss }),
  }).toString();
  const DPoP = await dpopHandle(configuration, login.dpopKey);
  let subject: string;
  let accessToken: string;
  try {
    const tokens = await client.authorizationCodeGrant(
      configuration,
      current,
      {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: login.state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      },
      undefined,
      { DPoP },
    );
    if (tokens.token_type.toLowerCase() !== "dpop") throw new SingpassError("token not DPoP-bound");
    const decrypted = client.getDecryptedResponses(tokens);
    if (!decrypted?.id_token?.token_endpoint) throw new SingpassError("id token not encrypted");
    const claims = tokens.claims();
    if (!claims) throw new SingpassError("no id token");
    subject = claims.sub;
    accessToken = tokens.access_token;
  } catch (error) {
    throw error instanceof SingpassError ? error : new SingpassError(`token ${reasonOf(error)}`);
  }
  let person: MyInfoPerson | undefined;
  try {
    const userinfo = await client.fetchUserInfo(configuration, accessToken, subject, { DPoP });
    if (client.getDecryptedResponses(userinfo) === undefined) {
      throw new SingpassError("userinfo not encrypted");
    }
    person = personFromUserinfo(userinfo);
  } catch (error) {
    throw error instanceof SingpassError ? error : new SingpassError(`userinfo ${reasonOf(error)}`);
  }
  if (!person) throw new SingpassError("userinfo person");
  return { subject, person };
}
