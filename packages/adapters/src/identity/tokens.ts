import { createHash } from "node:crypto";
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";

/** Who a verified identity token says the caller is. */
export interface VerifiedIdentity {
  /** The token's issuer: one identity provider (a Cognito user pool, for example). */
  readonly issuer: string;
  /** The provider's stable id for the user (`sub`). */
  readonly subject: string;
  readonly email: string | undefined;
  readonly emailVerified: boolean;
  readonly name: string | undefined;
  /**
   * When the donor last proved who they are to the provider (`auth_time`, seconds): Cognito keeps it
   * across refreshed tokens, so it tells a fresh sign-in from an old session (closing the account).
   */
  readonly authTime?: number;
  /**
   * Which sign-in the token is of, for refusing it after a global sign-out: the pool's username
   * (`cognito:username`, else `sub`), when it was issued (`iat`, seconds) and its id (`jti`).
   */
  readonly token?: {
    readonly username: string;
    readonly issuedAt: number;
    readonly id: string;
  };
}

export interface IdentityVerifierOptions {
  /** The issuer the token must name, e.g. `https://cognito-idp.ap-southeast-1.amazonaws.com/<pool>`. */
  readonly issuer: string;
  /** Where the issuer's public keys are; by default `<issuer>/.well-known/jwks.json` (Cognito's). */
  readonly jwksUrl?: string | undefined;
  /** The app client id the ID token was issued to (`aud`); when set, other audiences are refused. */
  readonly audience?: string | undefined;
  /** Seconds of clock skew tolerated on `exp`, `nbf` and `iat`. */
  readonly clockToleranceSeconds?: number;
  /** The clock (milliseconds), for tests; the system's by default. */
  readonly now?: () => number;
}

/** How many verified tokens a verifier remembers at most (the oldest go first). */
const MOST_REMEMBERED = 10_000;

export class InvalidIdentityToken extends Error {
  readonly code = "identity.invalidToken";
  constructor() {
    super("Your sign-in is not valid or has expired. Please sign in again.");
  }
}

export type IdentityVerifier = (token: string) => Promise<VerifiedIdentity>;

/**
 * Verify ID tokens against the issuer's JWKS (fetched once, refreshed when an unknown key id shows
 * up). Only ID tokens are accepted: an access token names no e-mail and, with Cognito, no `aud`.
 * A token verified once is remembered (by its SHA-256, with what it says) until it expires, so a
 * donor's next calls skip the signature check; its sign-out is checked on every call all the same
 * (src/server/api/auth.ts), so remembering it never keeps a signed-out token good.
 */
export function identityVerifier(
  options: IdentityVerifierOptions,
  keys: JWTVerifyGetKey = createRemoteJWKSet(
    new URL(options.jwksUrl ?? `${options.issuer.replace(/\/+$/, "")}/.well-known/jwks.json`),
    { cooldownDuration: 30_000, timeoutDuration: 5_000 },
  ),
): IdentityVerifier {
  const now = options.now ?? Date.now;
  const remembered = new Map<string, { identity: VerifiedIdentity; untilMs: number }>();
  const remember = (hash: string, identity: VerifiedIdentity, untilMs: number) => {
    if (remembered.size >= MOST_REMEMBERED) {
      const at = now();
      for (const [key, entry] of remembered) if (entry.untilMs <= at) remembered.delete(key);
      const oldest = remembered.keys().next();
      if (remembered.size >= MOST_REMEMBERED && !oldest.done) remembered.delete(oldest.value);
    }
    remembered.set(hash, { identity, untilMs });
  };
  return async (token) => {
    const hash = createHash("sha256").update(token).digest("base64url");
    const known = remembered.get(hash);
    if (known && now() < known.untilMs) return known.identity;
    if (known) remembered.delete(hash);
    const identity = await verify(token);
    remember(hash, identity.identity, identity.untilMs);
    return identity.identity;
  };

  async function verify(token: string): Promise<{ identity: VerifiedIdentity; untilMs: number }> {
    try {
      const { payload } = await jwtVerify(token, keys, {
        currentDate: new Date(now()),
        issuer: options.issuer,
        ...(options.audience ? { audience: options.audience } : {}),
        algorithms: ["RS256", "ES256"],
        clockTolerance: options.clockToleranceSeconds ?? 5,
        requiredClaims: ["sub", "exp", "iat"],
      });
      if (payload["token_use"] !== undefined && payload["token_use"] !== "id") {
        throw new InvalidIdentityToken();
      }
      const text = (value: unknown) =>
        typeof value === "string" && value !== "" ? value : undefined;
      const identity: VerifiedIdentity = {
        issuer: options.issuer,
        subject: String(payload.sub),
        email: text(payload["email"])?.toLowerCase(),
        emailVerified: payload["email_verified"] === true || payload["email_verified"] === "true",
        name: text(payload["name"]),
        ...(typeof payload["auth_time"] === "number" ? { authTime: payload["auth_time"] } : {}),
        token: {
          username: text(payload["cognito:username"]) ?? String(payload.sub),
          issuedAt: payload.iat ?? 0,
          id: text(payload.jti) ?? "",
        },
      };
      // `exp` is required above; remembered until then (no tolerance added).
      return { identity, untilMs: (payload.exp ?? 0) * 1000 };
    } catch {
      throw new InvalidIdentityToken();
    }
  }
}
