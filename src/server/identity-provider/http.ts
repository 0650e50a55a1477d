import type { IncomingMessage, ServerResponse } from "node:http";
import type { PortalConfig } from "../config";
import type { Services } from "../main";

/** The path the browser's Amplify calls (`userPoolEndpoint`) when the embedded provider runs. */
export const LAYER_PATH = "/cognito-idp";
/** What the browser needs to configure Amplify; see `identityClientConfiguration`. */
export const CONFIG_PATH = "/auth/config";

/**
 * What the browser needs to sign in: the pool, the app client, the endpoint (only for the embedded
 * provider; Amplify finds Cognito's own from the pool's region) and which social providers are set up.
 * `enabled: false` when no pool is configured: the sign-in button then says sign-in is unavailable.
 */
function identityClientConfiguration(identity: PortalConfig["identity"]) {
  const userPoolId = identity.poolId;
  const userPoolClientId = identity.clientId;
  if (!userPoolId || !userPoolClientId) return { enabled: false as const };
  const oauthDomain = identity.oauthDomain;
  const social = identity.socialProviders;
  return {
    enabled: true as const,
    userPoolId,
    userPoolClientId,
    ...(identity.cognitoLocalUrl ? { userPoolEndpoint: LAYER_PATH } : {}),
    social: oauthDomain ? social : [],
    ...(oauthDomain ? { oauthDomain } : {}),
  };
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.setHeader("cache-control", "no-store");
  res.end(JSON.stringify(body));
};

/**
 * `/auth/config` (anyone) and, with the embedded provider, the layer at `/cognito-idp` in front of
 * cognito-local (`@portal/standins`): the Cognito JSON calls, and the pool's JWKS and OpenID
 * configuration.
 */
export async function serveIdentity(
  services: Services,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  if (url.pathname === CONFIG_PATH)
    send(res, 200, identityClientConfiguration(services.config.identity));
  // The embedded identity provider's layer, when the launcher started cognito-local (a stand-in).
  else await services.standins.serve((running) => running.serveIdentity)(req, res, url);
}
