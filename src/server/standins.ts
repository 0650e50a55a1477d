import type { IncomingMessage, ServerResponse } from "node:http";
import { Effect } from "effect";
import { portError, type PaymentGatewayShape, type PortError } from "@portal/domain";
import type { Sql } from "@portal/adapters/db";
import type { GatewayRecords } from "@portal/adapters/finance";
import type { Standins } from "@portal/standins";
import { database } from "./database";
import { PreSignUpRefused, preSignUp } from "./identity-provider/pre-sign-up";
import { mailTransport } from "./mail";
import { applyGatewayReport } from "./payments";
import { callerAddressOf, rateLimit } from "./rate-limit";
import { signupRecords } from "./records";
import { serverKey } from "./secrets";
import type { PortalConfig } from "./config";
import { scoped, type Root } from "./root";
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

/** Start the stand-ins these settings ask for; undefined when none is. */
async function start({ config, clock }: Root): Promise<Standins | undefined> {
  const wanted = standinsWanted(config);
  const identity = wanted.identity ? cognitoLocal(config) : undefined;
  if (!wanted.sandbox && !identity) return undefined;
  if (config.production) {
    throw new Error("the embedded stand-ins never run in production (src/server/config.ts)");
  }
  const [{ startStandins }, sql] = await Promise.all([import("@portal/standins"), database()]);
  const en = serverText("en");
  const ms = serverText("ms");
  // Every call to the identity layer counts here first: a flood from one address stops before any work.
  const flood = rateLimit({ limit: 600, windowMs: 60_000 });
  return startStandins({
    sql,
    serverKey: serverKey(),
    ...(wanted.sandbox && {
      sandbox: {
        // The charity's PayNow account as the QR names it.
        payNow: config.payments.payNow,
        text: (key) => ({ en: en(key), ms: ms(key) }),
        report: applyGatewayReport,
      },
    }),
    ...(identity && {
      identity: {
        ...identity,
        mailer: mailTransport(),
        preSignUp: async (event) => {
          try {
            await preSignUp(event, identity.issuer, {
              records: signupRecords,
              clock,
            });
            return undefined;
          } catch (error) {
            if (error instanceof PreSignUpRefused) return error.message;
            throw error;
          }
        },
        abandonSignUp: async (subject) => (await signupRecords()).remove(identity.issuer, subject),
        clientAddress: callerAddressOf,
        allowCall: (address) => flood.hit(address).allowed,
      },
    }),
  });
}

/** The stand-ins of the started portal, started once on first use (`startPortal` warms them). */
export const standins = (): Promise<Standins | undefined> => scoped("standins", start);

type Serve = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

/** Answer with the stand-in `pick` names, or say there is none (404). */
export const serveStandin =
  (pick: (running: Standins) => Serve | undefined): Serve =>
  async (req, res, url) => {
    const serve = pick((await standins()) ?? ({} as Standins));
    if (serve) return serve(req, res, url);
    res.statusCode = 404;
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ message: "Not found" }));
  };

/** `/sandbox/...` (pages and calls of the sandbox gateway): false when there is no such page here. */
export const serveSandbox = async (req: IncomingMessage, res: ServerResponse, url: URL) =>
  (await standins())?.serveSandbox(req, res, url) ?? false;

const unavailable = (error: unknown): PortError =>
  portError(
    "PaymentGateway",
    "port.unavailable",
    `sandbox: ${error instanceof Error ? error.message : "not available"}`,
  );

/** Run `use` on the sandbox gateway, started on first use. */
const viaSandbox = <A>(use: (gateway: PaymentGatewayShape) => Effect.Effect<A, PortError>) =>
  Effect.tryPromise({ try: () => standins(), catch: unavailable }).pipe(
    Effect.flatMap((running) =>
      running?.sandbox ? use(running.sandbox.gateway) : Effect.fail(unavailable(undefined)),
    ),
  );

/** The sandbox gateway behind the PaymentGateway port (the embedded default). */
export const sandboxGateway: PaymentGatewayShape = {
  create: (input) => viaSandbox((gateway) => gateway.create(input)),
  confirm: (paymentId, methodId, options) =>
    viaSandbox((gateway) => gateway.confirm(paymentId, methodId, options)),
  retrieve: (paymentId) => viaSandbox((gateway) => gateway.retrieve(paymentId)),
  refund: (paymentId, key, amount) =>
    viaSandbox((gateway) => gateway.refund(paymentId, key, amount)),
};

/**
 * The gateway's own record of charges, for the finance section's reconciliation: the sandbox's when it
 * is the gateway. Stripe's are not read yet (docs/finance.md): reconciliation then has no gateway
 * charge to compare with, as when it read the sandbox's empty tables in a Stripe run.
 */
export const gatewayRecords = async (): Promise<GatewayRecords> =>
  (await standins())?.sandboxRecords ?? { gateway: "sandbox", charges: async () => [] };
