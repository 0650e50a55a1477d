import type { KeyObject } from "node:crypto";

export interface SignOptions {
  readonly subject?: string;
  readonly email?: string;
  readonly emailVerified?: boolean;
  readonly name?: string;
  /** A jose time span; negative (`"-1m"`) for a token that has already expired. */
  readonly expiresIn?: string;
  /** The app client the token is for (the provider's own by default). */
  readonly audience?: string;
  /** Sign with another key (a forgery). */
  readonly key?: CryptoKey | KeyObject;
  readonly [claim: string]: unknown;
}

export interface TestIdentity {
  readonly issuer: string;
  readonly clientId: string;
  readonly env: { PORTAL_IDENTITY_ISSUER: string; PORTAL_IDENTITY_CLIENT_ID: string };
  sign(options?: SignOptions): Promise<string>;
  otherKey(): Promise<CryptoKey | KeyObject>;
  stop(): Promise<void>;
}

export function startTestIdentity(options?: {
  readonly pool?: string;
  readonly clientId?: string;
}): Promise<TestIdentity>;
