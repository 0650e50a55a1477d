// Every setting of the portal's server, read and checked once at start-up (docs/configuration.md;
// its table is generated from SETTINGS by `npm run docs:config`). Imports `effect` only, so the
// plain-JavaScript launcher and web server (Node strips the types) load it as it is.
import { Config, ConfigProvider, Effect, Exit } from "effect";
import { SETTINGS, type SettingName } from "./config-settings.ts";

export { SETTINGS, type SettingName };

export type GatewayName = "sandbox" | "stripe";

/** The server's settings, typed, with the embedded run's defaults filled in. */
export interface PortalConfig {
  readonly production: boolean;
  readonly port: number;
  readonly hosts: ReadonlyArray<string>;
  readonly shutdownGraceMs: number;
  readonly distDir: string | undefined;
  readonly dataDir: string | undefined;
  readonly databaseUrl: string | undefined;
  /** The schema owner's connection to the same database: migrations and seed (docs/database.md). */
  readonly databaseMigrationUrl: string | undefined;
  readonly productRoute: string;
  /** PORTAL_SECRET_KEY decoded; undefined: a key kept in the data folder (or one per process). */
  readonly secretKey: Uint8Array | undefined;
  readonly publicUrl: string;
  readonly wakafPublicUrl: string | undefined;
  readonly cookieSecure: boolean;
  readonly trustProxy: boolean;
  readonly jobsIntervalMs: number;
  readonly logLevel: string;
  readonly sentryDsn: string | undefined;
  readonly testControlToken: string | undefined;
  /** Further https hosts the pages may call (src/server/http/csp.ts). */
  readonly cspConnectExtra: ReadonlyArray<string>;
  /** The pages' Sentry DSN (built into them), whose host their policy allows. */
  readonly pageSentryDsn: string | undefined;
  readonly payments: {
    readonly gateway: GatewayName;
    readonly stripe: { readonly secretKey: string; readonly publishableKey: string } | undefined;
    /** Stripe's webhook signing secret; the endpoint answers 404 without it (in any gateway mode). */
    readonly webhookSecret: string | undefined;
    readonly payNow: { readonly uen: string; readonly merchantName: string };
    /** What the provider keeps of a card payment: the fee a donor may choose to cover (issue 33). */
    readonly cardFee: { readonly basisPoints: number; readonly fixedCents: number };
  };
  readonly mail: { readonly smtpUrl: string | undefined; readonly from: string | undefined };
  readonly identity: {
    readonly issuer: string | undefined;
    readonly jwksUrl: string | undefined;
    readonly clientId: string | undefined;
    readonly poolId: string | undefined;
    readonly oauthDomain: string | undefined;
    readonly socialProviders: ReadonlyArray<"Google" | "Facebook">;
    readonly cognitoLocalUrl: string | undefined;
    readonly cognitoAdminKey: string | undefined;
  };
  /** The console's staff directory as given (checked when it is set up: src/server/console/setup.ts). */
  readonly staff: Readonly<Record<StaffSetting, string | undefined>>;
  /** Singpass as given (checked when Singpass is set up: src/server/singpass.ts). */
  readonly singpass: Readonly<Record<SingpassSetting, string | undefined>>;
  /** Donors sign in before giving (spec §6's "login mandatory"); guests may not give. */
  readonly signInRequired: boolean;
  readonly address: {
    readonly oneMapUrl: string | undefined;
    /** Reverse geocoding ("use my current location"); undefined without a key: off. */
    readonly google: { readonly baseUrl: string; readonly apiKey: string } | undefined;
    readonly lookupsPerIp: number;
    readonly lookupsPerSession: number;
  };
  readonly receiptLookups: { readonly perIp: number; readonly perSession: number };
  /** `/verify`'s lookups per address per minute (issue 32). */
  readonly receiptVerificationsPerIp: number;
  readonly console: { readonly approvalAboveCents: number };
}

type SingpassSetting = Extract<SettingName, `PORTAL_SINGPASS_${string}`>;
type StaffSetting = Extract<SettingName, `PORTAL_STAFF_${string}`>;

/** The settings refused, one readable line each naming its variable. */
export class ConfigRefused extends Error {
  readonly problems: ReadonlyArray<string>;
  constructor(problems: ReadonlyArray<string>) {
    super(problems.join("\n"));
    this.problems = problems;
  }
}

/** Who starts: the web server, or the launcher (`npm start`, which may start embedded stand-ins). */
export type Role = "web" | "launcher";

const GATEWAYS = ["sandbox", "stripe"] as const;
const ROUTE = /^[a-z][a-z0-9-]{0,30}$/;

/**
 * Read every setting from `env` (process.env by default) and check it. Throws ConfigRefused listing
 * every problem at once: a value that does not parse, a gateway the portal does not know, and under
 * NODE_ENV=production anything production needs that is missing or belongs to the embedded run.
 */
export function readConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
  role: Role = "web",
): PortalConfig {
  const provider = ConfigProvider.fromEnvRecord({ ...env });
  const problems: string[] = [];
  const read = <T>(
    name: SettingName,
    config: Config.Config<T>,
    expected: string,
  ): T | undefined => {
    const exit = Effect.runSyncExit(config.parse(provider));
    if (Exit.isSuccess(exit)) return exit.value;
    problems.push(`${name} must be ${expected}`);
    return undefined;
  };
  const text = (name: SettingName): string | undefined =>
    read(name, Config.String(name).pipe(Config.withDefault("")), "text")?.trim() || undefined;
  const count = (name: SettingName, fallback: number, min = 1): number => {
    const expected = `a whole number, ${min} or more`;
    const value = read(name, Config.Int(name).pipe(Config.withDefault(fallback)), expected);
    if (value === undefined) return fallback;
    if (value >= min) return value;
    problems.push(`${name} must be ${expected}`);
    return fallback;
  };
  const flag = (name: SettingName) =>
    read(name, Config.Boolean(name).pipe(Config.withDefault(false)), '"true" or "false"') ?? false;
  const url = (name: SettingName) => {
    const value = text(name);
    if (value === undefined) return undefined;
    if (!isHttpUrl(value)) problems.push(`${name} must be an http(s) address, not ${value}`);
    return value.replace(/\/+$/, "");
  };

  const production = text("NODE_ENV") === "production";
  const port = read("PORT", Config.Port("PORT").pipe(Config.withDefault(4321)), "a port") ?? 4321;
  const gateway = text("PORTAL_PAYMENT_GATEWAY") ?? "sandbox";
  if (!(GATEWAYS as ReadonlyArray<string>).includes(gateway)) {
    problems.push(
      `PORTAL_PAYMENT_GATEWAY=${JSON.stringify(gateway)} is not a gateway the portal knows: set it to "stripe" (or leave it unset for the embedded sandbox, never in production)`,
    );
  }
  const productRoute = text("PORTAL_PRODUCT_ROUTE") ?? "wakaf";
  if (!ROUTE.test(productRoute)) {
    problems.push("PORTAL_PRODUCT_ROUTE must be lower-case letters, digits and dashes");
  }
  const secretKey = secretKeyOf(text("PORTAL_SECRET_KEY"), problems);
  const givenPublicUrl = url("PORTAL_PUBLIC_URL");
  const stripe =
    gateway === "stripe"
      ? {
          secretKey: requiredFor("STRIPE_SECRET_KEY", text, problems),
          publishableKey: requiredFor("STRIPE_PUBLISHABLE_KEY", text, problems),
        }
      : undefined;
  if (stripe && givenPublicUrl === undefined) {
    problems.push("PORTAL_PUBLIC_URL must be set when PORTAL_PAYMENT_GATEWAY=stripe");
  }
  const smtpUrl = text("PORTAL_SMTP_URL");
  const mailFrom = text("PORTAL_MAIL_FROM");
  const testControlToken = text("PORTAL_TEST_CONTROL_TOKEN");
  if (testControlToken !== undefined && testControlToken.length < 32) {
    problems.push("PORTAL_TEST_CONTROL_TOKEN must be 32 characters or more");
  }

  const cardFeeBasisPoints = count("PORTAL_CARD_FEE_BASIS_POINTS", 340, 0);
  if (cardFeeBasisPoints >= 10_000) {
    problems.push("PORTAL_CARD_FEE_BASIS_POINTS must be below 10000 (100%)");
  }
  const config: PortalConfig = {
    production,
    port,
    hosts: (text("HOST") ?? "127.0.0.1,::1").split(",").map((host) => host.trim()),
    shutdownGraceMs: count("PORTAL_SHUTDOWN_GRACE_SECONDS", 20, 0) * 1000,
    distDir: text("PORTAL_DIST_DIR"),
    dataDir: text("PORTAL_DATA_DIR"),
    databaseUrl: text("DATABASE_URL"),
    databaseMigrationUrl: text("DATABASE_MIGRATION_URL"),
    productRoute,
    secretKey,
    publicUrl: givenPublicUrl ?? `http://localhost:${port}`,
    wakafPublicUrl: url("PORTAL_WAKAF_PUBLIC_URL"),
    cookieSecure: flag("PORTAL_COOKIE_SECURE"),
    trustProxy: flag("PORTAL_TRUST_PROXY"),
    jobsIntervalMs: count("PORTAL_JOBS_INTERVAL_SECONDS", 60) * 1000,
    logLevel:
      read(
        "PORTAL_LOG_LEVEL",
        Config.Literals(LOG_LEVELS, "PORTAL_LOG_LEVEL").pipe(Config.withDefault("info" as const)),
        LOG_LEVELS.join(", "),
      ) ?? "info",
    sentryDsn: url("PORTAL_SENTRY_DSN"),
    testControlToken,
    cspConnectExtra: (text("PORTAL_CSP_CONNECT_EXTRA") ?? "").split(/[\s,]+/).filter(Boolean),
    pageSentryDsn: text("PUBLIC_SENTRY_DSN"),
    payments: {
      gateway: gateway === "stripe" ? "stripe" : "sandbox",
      stripe,
      webhookSecret: text("STRIPE_WEBHOOK_SECRET"),
      payNow: {
        uen: text("PORTAL_PAYNOW_UEN") ?? "T08GB0032G",
        merchantName: text("PORTAL_PAYNOW_NAME") ?? "MUIS ZAKAT",
      },
      cardFee: {
        basisPoints: cardFeeBasisPoints,
        fixedCents: count("PORTAL_CARD_FEE_FIXED_CENTS", 50, 0),
      },
    },
    mail: { smtpUrl, from: mailFrom },
    identity: {
      issuer: text("PORTAL_IDENTITY_ISSUER"),
      jwksUrl: text("PORTAL_IDENTITY_JWKS_URL"),
      clientId: text("PORTAL_IDENTITY_CLIENT_ID"),
      poolId: text("PORTAL_IDENTITY_POOL_ID"),
      oauthDomain: text("PORTAL_IDENTITY_OAUTH_DOMAIN"),
      socialProviders: (text("PORTAL_IDENTITY_SOCIAL_PROVIDERS") ?? "")
        .split(",")
        .map((name) => name.trim())
        .filter((name): name is "Google" | "Facebook" => name === "Google" || name === "Facebook"),
      cognitoLocalUrl: text("PORTAL_COGNITO_LOCAL_URL"),
      cognitoAdminKey: text("PORTAL_COGNITO_ADMIN_KEY"),
    },
    staff: Object.fromEntries(
      SETTINGS.filter((setting) => setting.name.startsWith("PORTAL_STAFF_"))
        .filter((setting) => setting.readBy === "server")
        .map((setting) => [setting.name, text(setting.name)]),
    ) as PortalConfig["staff"],
    singpass: Object.fromEntries(
      SETTINGS.filter((setting) => setting.name.startsWith("PORTAL_SINGPASS_"))
        .filter((setting) => setting.readBy === "server")
        .map((setting) => [setting.name, text(setting.name)]),
    ) as PortalConfig["singpass"],
    signInRequired: flag("PORTAL_SIGN_IN_REQUIRED"),
    address: {
      oneMapUrl: url("PORTAL_ONEMAP_URL"),
      google: googleGeocoding(
        text("PORTAL_GOOGLE_GEOCODING_KEY"),
        url("PORTAL_GOOGLE_GEOCODING_URL"),
      ),
      lookupsPerIp: count("PORTAL_ADDRESS_LOOKUPS_PER_IP", 30),
      lookupsPerSession: count("PORTAL_ADDRESS_LOOKUPS_PER_SESSION", 10),
    },
    console: {
      approvalAboveCents: count("PORTAL_CONSOLE_APPROVAL_ABOVE_CENTS", 50_000, 0),
    },
    receiptLookups: {
      perIp: count("PORTAL_RECEIPT_LOOKUPS_PER_IP", 60),
      perSession: count("PORTAL_RECEIPT_LOOKUPS_PER_SESSION", 20),
    },
    receiptVerificationsPerIp: count("PORTAL_RECEIPT_VERIFICATIONS_PER_IP", 30),
  };
  if (config.databaseMigrationUrl !== undefined && config.databaseUrl === undefined) {
    problems.push(
      "DATABASE_MIGRATION_URL is set without DATABASE_URL: set DATABASE_URL to the same database as the application role",
    );
  }
  if (production) problems.push(...productionProblems(config, givenPublicUrl, role));
  if (problems.length > 0) throw new ConfigRefused(problems);
  return config;
}

/** Google's reverse geocoding when a key is given, at its own endpoint unless another is named. */
const googleGeocoding = (apiKey: string | undefined, baseUrl: string | undefined) =>
  apiKey === undefined
    ? undefined
    : { apiKey, baseUrl: baseUrl ?? "https://maps.googleapis.com/maps/api/geocode/json" };

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const isHttpUrl = (value: string): boolean => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
const isHttps = (value: string | undefined) => value !== undefined && value.startsWith("https://");

const requiredFor = (
  name: SettingName,
  text: (name: SettingName) => string | undefined,
  problems: string[],
): string => {
  const value = text(name);
  if (value === undefined) problems.push(`${name} must be set when PORTAL_PAYMENT_GATEWAY=stripe`);
  return value ?? "";
};

function secretKeyOf(value: string | undefined, problems: string[]): Uint8Array | undefined {
  if (value === undefined) return undefined;
  const decoded = Buffer.from(value, "base64");
  if (decoded.length >= 32) return new Uint8Array(decoded);
  problems.push("PORTAL_SECRET_KEY must be at least 32 bytes, base64-encoded");
  return undefined;
}

/** What production needs and what it must not have (the embedded run's stand-ins and tests' hooks). */
function productionProblems(
  config: PortalConfig,
  givenPublicUrl: string | undefined,
  role: Role,
): string[] {
  const problems: string[] = [];
  const { identity, payments } = config;
  if (payments.gateway === "sandbox") {
    problems.push(
      "PORTAL_PAYMENT_GATEWAY is the embedded sandbox, which settles payments for free: set PORTAL_PAYMENT_GATEWAY=stripe in production",
    );
  } else if (payments.webhookSecret === undefined) {
    problems.push(
      "STRIPE_WEBHOOK_SECRET is unset, so no payment would be confirmed by Stripe's webhook: set it in production",
    );
  }
  if (identity.issuer === undefined) {
    problems.push(
      role === "launcher"
        ? "PORTAL_IDENTITY_ISSUER is unset, so the embedded identity provider (whose signing key is public) would start: set PORTAL_IDENTITY_ISSUER to your Cognito user pool in production"
        : "PORTAL_IDENTITY_ISSUER is unset: set it to your Cognito user pool's issuer in production",
    );
  } else if (!isHttps(identity.issuer)) {
    problems.push(
      `PORTAL_IDENTITY_ISSUER must be an https issuer (a Cognito user pool) in production, not ${identity.issuer}`,
    );
  }
  if (identity.issuer !== undefined && identity.clientId === undefined) {
    problems.push(
      "PORTAL_IDENTITY_CLIENT_ID is unset, so a token issued to any app of the pool would be accepted: set it in production",
    );
  }
  if (identity.jwksUrl !== undefined && !isHttps(identity.jwksUrl)) {
    problems.push("PORTAL_IDENTITY_JWKS_URL must be an https address in production");
  }
  // The console's staff directory: the embedded one has printed passwords and no MFA.
  const staff = config.staff.PORTAL_STAFF_ISSUER;
  if (staff === undefined && role === "launcher") {
    problems.push(
      "PORTAL_STAFF_ISSUER is unset, so the embedded staff directory (printed passwords, no MFA) would start: set PORTAL_STAFF_ISSUER to the council's staff directory in production (docs/console.md)",
    );
  } else if (staff !== undefined && !isHttps(staff)) {
    problems.push(`PORTAL_STAFF_ISSUER must be an https issuer in production, not ${staff}`);
  }
  if (identity.cognitoLocalUrl !== undefined) {
    problems.push(
      "PORTAL_COGNITO_LOCAL_URL names the embedded identity provider (cognito-local, whose signing key is public): unset it in production",
    );
  }
  if (config.secretKey === undefined) {
    problems.push(
      "PORTAL_SECRET_KEY is unset: set the same key (base64, 32 bytes or more) on every instance in production",
    );
  }
  if (!isHttps(givenPublicUrl)) {
    problems.push("PORTAL_PUBLIC_URL must be the portal's https address in production");
  }
  if (config.wakafPublicUrl !== undefined && !isHttps(config.wakafPublicUrl)) {
    problems.push("PORTAL_WAKAF_PUBLIC_URL must be an https address in production");
  }
  if (config.testControlToken !== undefined) {
    problems.push("PORTAL_TEST_CONTROL_TOKEN is for tests; unset it in production");
  }
  // Elsewhere the server starts without it and mails wait in the queue (src/server/mail.ts says why).
  if (config.mail.smtpUrl !== undefined && config.mail.from === undefined) {
    problems.push("PORTAL_MAIL_FROM must be set when PORTAL_SMTP_URL is");
  }
  return problems;
}

/** Refuse to start (exit 1) with one line per problem, or return the configuration. */
export function configOrExit(
  env: Readonly<Record<string, string | undefined>>,
  role: Role,
  prefix: string,
): PortalConfig {
  try {
    return readConfig(env, role);
  } catch (error) {
    if (!(error instanceof ConfigRefused)) throw error;
    for (const problem of error.problems) console.error(`${prefix} refusing to start: ${problem}`);
    process.exit(1);
  }
}
