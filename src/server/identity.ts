import { identityVerifier, type IdentityVerifier } from "@portal/adapters/identity";
import type { PortalConfig } from "./config";

/**
 * The identity provider whose ID tokens this server accepts: PORTAL_IDENTITY_ISSUER (a Cognito user
 * pool's issuer URL, or cognito-local's), with PORTAL_IDENTITY_JWKS_URL where its keys are not at
 * `<issuer>/.well-known/jwks.json`, and PORTAL_IDENTITY_CLIENT_ID, the app client the token must be for.
 * Without an issuer no token is accepted: every signed-in call answers 401.
 */
export const identityVerifierOf = ({
  issuer,
  jwksUrl,
  clientId,
}: PortalConfig["identity"]): IdentityVerifier | undefined =>
  issuer ? identityVerifier({ issuer, jwksUrl, audience: clientId }) : undefined;
