import type { IncomingMessage, ServerResponse } from "node:http";
import { Effect } from "effect";
import { portError, type PaymentGatewayShape, type PortError } from "@portal/domain";
import type { Sql } from "@portal/adapters/db";
import type { GatewayRecords } from "@portal/adapters/finance";
import type { Standins } from "@portal/standins";
import type { GatewayPayment, MailerShape } from "@portal/domain";
import type { IdentitySignups } from "@portal/adapters/db";
import type { PortalClock } from "./clock";
import type { PortalConfig } from "./config";
import type { PortalDatabase } from "./database";
import { PreSignUpRefused, preSignUp } from "./identity-provider/pre-sign-up";
import { callerAddressOf, rateLimit } from "./rate-limits/memory";
import type { Deferred } from "./records";
import { serverText } from "./translations";

/**
 * The one door from the portal to the embedded stand-ins (`@portal/standins`: the payment sandbox, the
 * identity layer over cognito-local, the test social provider), development and tests only. Nothing
 * else in src/ or packages/ may import that package (scripts/check-deps.mjs). It is loaded on first
 * use, and only when the settings ask for a stand-in: the sandbox gateway (PORTAL_PAYMENT_GATEWAY unset
 * or `sandbox`) or the embedded identity provider (PORTAL_COGNITO_LOCAL_URL, set by `npm start`).
 * Under NODE_ENV=production the configuration (src/server/config.ts) refuses both settings before
 * anything starts, and this door stays shut too.
 */
export const standinsWanted = (config: PortalConfig) => ({
  sandbox: config.payments.gateway === "sandbox",
  identity: config.identity.cognitoLocalUrl !== undefined,
});

/** The stand-ins' own migrations, when these settings ask for a stand-in (run as the schema's owner). */
export const standinMigrations = (config: PortalConfig) => {
  const wanted = standinsWanted(config);
  if (config.production || (!wanted.sandbox && !wanted.identity)) return undefined;
  return async (owner: Sql) => (await import("@portal/standins")).migrateStandins(owner);
};

/** The identity stand-in's settings, when the launcher started cognito-local. */
function cognitoLocal({ identity }: PortalConfig) {
  const { cognitoLocalUrl: upstream, poolId: userPoolId, clientId, issuer } = identity;
  const adminKey = identity.cognitoAdminKey;
  if (!upstream || !userPoolId || !clientId || !issuer || !adminKey) return undefined;
  return { upstream, userPoolId, clientId, issuer, adminKey };
}

/** What the stand-ins are handed from the portal: its database, key, clock, mail and payments. */
export interface StandinDeps {
  readonly config: PortalConfig;
  readonly clock: PortalClock;
  readonly database: PortalDatabase;
  readonly key: Buffer;
  /** The mail transport (the identity stand-in's codes skip the queue). */
  readonly mailTransport: MailerShape;
  readonly signups: Deferred<IdentitySignups>;
  /** A payment the sandbox reports by itself (PayNow, 3-D Secure), applied to its donation. */
  readonly report: (payment: GatewayPayment) => Promise<void>;
}

type Serve = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

/** The portal's door to its stand-ins, made once at start (`buildServices`, src/server/main.ts). */
export interface PortalStandins {
  /** The stand-ins these settings ask for, started on first use (`startPortal` warms them). */
  readonly running: () => Promise<Standins | undefined>;
  /** Answer with the stand-in `pick` names, or say there is none (404). */
  readonly serve: (pick: (running: Standins) => Serve | undefined) => Serve;
  /** `/sandbox/...` (pages and calls of the sandbox gateway): false when there is no such page here. */
  readonly serveSandbox: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;
  /** The sandbox gateway behind the PaymentGateway port (the embedded default). */
  readonly sandboxGateway: PaymentGatewayShape;
  /**
   * The gateway's own record of charges, for the finance section's reconciliation: the sandbox's when
   * it is the gateway. Stripe's are not read yet (docs/finance.md): reconciliation then has no gateway
   * charge to compare with, as when it read the sandbox's empty tables in a Stripe run.
   */
  readonly gatewayRecords: () => Promise<GatewayRecords>;
}

export function portalStandins(deps: StandinDeps): PortalStandins {
  const { config } = deps;
  const wanted = standinsWanted(config);
  const running: () => Promise<Standins | undefined> =
    wanted.sandbox || cognitoLocal(config)
      ? deps.database.over((sql) => start(deps, sql))
      : () => Promise.resolve(undefined);
  const unavailable = (error: unknown): PortError =>
    portError(
      "PaymentGateway",
      "port.unavailable",
      `sandbox: ${error instanceof Error ? error.message : "not available"}`,
    );
  /** Run `use` on the sandbox gateway, started on first use. */
  const viaSandbox = <A>(use: (gateway: PaymentGatewayShape) => Effect.Effect<A, PortError>) =>
    Effect.tryPromise({ try: running, catch: unavailable }).pipe(
      Effect.flatMap((started) =>
        started?.sandbox ? use(started.sandbox.gateway) : Effect.fail(unavailable(undefined)),
      ),
    );
  return {
    running,
    serve: (pick) => async (req, res, url) => {
      const serve = pick((await running()) ?? ({} as Standins));
      if (serve) return serve(req, res, url);
      res.statusCode = 404;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ message: "Not found" }));
    },
    serveSandbox: async (req, res, url) => (await running())?.serveSandbox(req, res, url) ?? false,
    sandboxGateway: {
      create: (input) => viaSandbox((gateway) => gateway.create(input)),
      confirm: (paymentId, methodId, options) =>
        viaSandbox((gateway) => gateway.confirm(paymentId, methodId, options)),
      retrieve: (paymentId) => viaSandbox((gateway) => gateway.retrieve(paymentId)),
      cardBrand: (methodId) => viaSandbox((gateway) => gateway.cardBrand(methodId)),
      refund: (paymentId, key, amount) =>
        viaSandbox((gateway) => gateway.refund(paymentId, key, amount)),
    },
    gatewayRecords: async () =>
      (await running())?.sandboxRecords ?? { gateway: "sandbox", charges: async () => [] },
  };
}

/** Start the stand-ins these settings ask for; undefined when none is. */
async function start(deps: StandinDeps, sql: Sql): Promise<Standins | undefined> {
  const { config, clock } = deps;
  const wanted = standinsWanted(config);
  const identity = wanted.identity ? cognitoLocal(config) : undefined;
  if (!wanted.sandbox && !identity) return undefined;
  if (config.production) {
    throw new Error("the embedded stand-ins never run in production (src/server/config.ts)");
  }
  const { startStandins } = await import("@portal/standins");
  const en = serverText("en");
  const ms = serverText("ms");
  // Every call to the identity layer counts here first: a flood from one address stops before any work.
  const flood = rateLimit({ limit: 600, windowMs: 60_000 });
  const trustProxy = config.trustProxy;
  return startStandins({
    sql,
    serverKey: deps.key,
    ...(wanted.sandbox && {
      sandbox: {
        // The charity's PayNow account as the QR names it.
        payNow: config.payments.payNow,
        text: (key) => ({ en: en(key), ms: ms(key) }),
        report: deps.report,
      },
    }),
    ...(identity && {
      identity: {
        ...identity,
        mailer: deps.mailTransport,
        preSignUp: async (event) => {
          try {
            await preSignUp(event, identity.issuer, {
              records: deps.signups,
              clock,
            });
            return undefined;
          } catch (error) {
            if (error instanceof PreSignUpRefused) return error.message;
            throw error;
          }
        },
        abandonSignUp: async (subject) => (await deps.signups()).remove(identity.issuer, subject),
        clientAddress: (req) => callerAddressOf(req, trustProxy),
        allowCall: (address) => flood.hit(address).allowed,
      },
    }),
  });
}
