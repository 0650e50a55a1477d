import type { IncomingMessage, ServerResponse } from "node:http";
import type { GatewayPayment, MailerShape } from "@portal/domain";
import { identityState, rateWindows, type Sql } from "@portal/adapters/db";
import { identityCodes } from "./db/identity-codes";
import { standinIdentityState } from "./db/identity-state";
import { migrateStandins } from "./db/migrations";
import type { PreSignUpEvent } from "./identity/context";
import { fakeSocialProvider } from "./identity/fake-social";
import { serveCognitoLayer } from "./identity/http";
import { serveSandbox } from "./payments/http";
import type { SandboxText } from "./payments/pages";
import { createSandbox, type Sandbox } from "./payments/sandbox";
import { sqlSandboxStore } from "./payments/sandbox-sql";
import { sandboxRecords } from "./payments/sandbox-records";
import type { GatewayRecords } from "@portal/adapters/finance";

export * from "./db/identity-codes";
export * from "./db/identity-state";
export * from "./db/migrations";
export * from "./identity/layer";
export { fakeSocialProvider, type FakeSocialOptions } from "./identity/fake-social";
export { LAYER_PATH } from "./identity/http";
export * from "./payments/sandbox";
export * from "./payments/sandbox-sql";
export * from "./payments/sandbox-memory";
export * from "./payments/sandbox-records";
export type { SandboxText, SandboxTextKey } from "./payments/pages";

type Serve = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

/** The embedded identity provider's settings, as the launcher gives them (absent: no identity stand-in). */
export interface CognitoLocalSettings {
  readonly upstream: string;
  readonly userPoolId: string;
  readonly clientId: string;
  readonly issuer: string;
  readonly adminKey: string;
}

/** What the portal hands the stand-ins (`src/server/standins.ts`, the one place that loads them). */
export interface StandinOptions {
  readonly sql: Sql;
  readonly serverKey: Buffer;
  /** The sandbox gateway, when it is the portal's gateway. */
  readonly sandbox?: {
    readonly payNow: { readonly uen: string; readonly merchantName: string };
    readonly text: SandboxText;
    /** Apply a payment the sandbox reports by itself (PayNow paid, a challenge answered). */
    readonly report: (payment: GatewayPayment) => Promise<void>;
  };
  /** The identity layer and the social providers' stand-in, when cognito-local runs. */
  readonly identity?: CognitoLocalSettings & {
    /** Codes go straight to the transport: a code is worth something only while the donor waits. */
    readonly mailer: MailerShape;
    readonly preSignUp: (event: PreSignUpEvent) => Promise<string | undefined>;
    readonly abandonSignUp: (subject: string) => Promise<void>;
    readonly clientAddress: (req: IncomingMessage) => string;
    readonly allowCall: (clientAddress: string) => boolean;
  };
}

export interface Standins {
  readonly sandbox: Sandbox | undefined;
  /** The sandbox's own record of its charges, for the finance section's reconciliation. */
  readonly sandboxRecords: GatewayRecords | undefined;
  /** `/sandbox/...`: true when answered. */
  readonly serveSandbox: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;
  /** `/cognito-idp...`, when the identity stand-in runs. */
  readonly serveIdentity: Serve | undefined;
  /** `/__test/oauth2/...` and `/__test/logout`, when the identity stand-in runs. */
  readonly serveSocial: Serve | undefined;
}

/** The stand-ins asked for, their tables made first (their own migrations, after the portal's). */
export async function startStandins(options: StandinOptions): Promise<Standins> {
  const { sql } = options;
  await migrateStandins(sql);
  const sandbox = options.sandbox
    ? createSandbox({
        challengeUrl: (paymentId) => `/sandbox/3ds?payment=${encodeURIComponent(paymentId)}`,
        store: sqlSandboxStore(sql),
        payNow: options.sandbox.payNow,
      })
    : undefined;
  const sandboxHttp =
    sandbox && options.sandbox
      ? serveSandbox({ sandbox, text: options.sandbox.text, report: options.sandbox.report })
      : undefined;
  const identity = options.identity;
  const store = {
    codes: identityCodes(sql),
    limits: rateWindows(sql),
    state: standinIdentityState(sql, options.serverKey),
    signOuts: identityState(sql, options.serverKey).signOuts,
  };
  return {
    sandbox,
    sandboxRecords: sandbox ? sandboxRecords(sql) : undefined,
    serveSandbox: async (req, res, url) => (sandboxHttp ? sandboxHttp(req, res, url) : false),
    serveIdentity: identity && serveCognitoLayer({ ...identity, store: async () => store }),
    serveSocial: identity && fakeSocialProvider(identity),
  };
}
