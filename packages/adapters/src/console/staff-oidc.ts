import * as client from "openid-client";
import { rolesFromGroups, type ConsoleRole } from "@portal/domain";
import type { Officer } from "./sessions";

/**
 * The council's staff directory as an OpenID provider (the console's sign-in; never the donors'
 * pool): authorization code with PKCE and nonce, the client authenticated with its secret, roles from
 * a group claim of the ID token or userinfo. In production the directory enforces MFA.
 */
export interface StaffDirectoryConfig {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
  /** The claim holding the officer's groups (default `groups`). */
  readonly groupsClaim: string;
  /** The directory's group name for each role (default `console-<role>`). */
  readonly roleGroups: Readonly<Partial<Record<ConsoleRole, string>>>;
  /** Scopes asked for (default `openid profile groups`). */
  readonly scopes: ReadonlyArray<string>;
}

export class StaffSignInError extends Error {
  readonly _tag = "StaffSignInError";
}

const isLoopback = (url: string) =>
  ["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname);

/** Discover the directory; plain http only for a loopback issuer (the embedded provider). */
export const staffDirectoryClient = (config: StaffDirectoryConfig): Promise<client.Configuration> =>
  client.discovery(
    new URL(config.issuer),
    config.clientId,
    { id_token_signed_response_alg: "ES256" },
    client.ClientSecretBasic(config.clientSecret),
    {
      ...(isLoopback(config.issuer) ? { execute: [client.allowInsecureRequests] } : {}),
      timeout: 10,
    },
  );

export interface StaffLoginStart {
  readonly url: URL;
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

export async function startStaffLogin(
  configuration: client.Configuration,
  config: StaffDirectoryConfig,
): Promise<StaffLoginStart> {
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: config.redirectUri,
    scope: config.scopes.join(" "),
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  });
  return { url, state, nonce, codeVerifier };
}

const reasonOf = (error: unknown): string => {
  if (error instanceof client.ResponseBodyError) return `server ${error.error}`;
  if (error instanceof client.AuthorizationResponseError) return `authorization ${error.error}`;
  if (error instanceof client.ClientError) return `client ${error.code ?? error.name}`;
  return error instanceof Error ? error.name : "unknown";
};

/**
 * Redeem the code (PKCE, state, nonce, ID token signature, issuer, audience, expiry), then read
 * userinfo for the same subject. The officer's roles come from the group claim of either.
 */
export async function finishStaffLogin(
  configuration: client.Configuration,
  config: StaffDirectoryConfig,
  login: { readonly state: string; readonly nonce: string; readonly codeVerifier: string },
  callbackUrl: URL,
): Promise<Officer> {
  try {
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new StaffSignInError("no id token");
    const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    const all: Record<string, unknown> = { ...claims, ...info };
    const name = [all["name"], all["preferred_username"], all["email"], claims.sub].find(
      (value): value is string => typeof value === "string" && value.trim() !== "",
    );
    return {
      id: claims.sub,
      name: (name ?? claims.sub).slice(0, 120),
      roles: rolesFromGroups(all[config.groupsClaim], config.roleGroups),
    };
  } catch (error) {
    throw error instanceof StaffSignInError ? error : new StaffSignInError(reasonOf(error));
  }
}
