// The portal's settings as documented: docs/configuration.md's table is generated from this list
// (`npm run docs:config`; a unit test fails when the two differ). `readConfig` (config.ts) reads only
// names of this list, so a setting the server reads cannot go undocumented. Background and examples
// are in docs/configuration.md.

/** Who reads a setting: the web server (through `readConfig`), the launcher, the build, or tests. */
export type ReadBy = "server" | "launcher" | "build" | "tests";

export interface Setting {
  readonly name: string;
  readonly readBy: ReadBy;
  /** The default as the table shows it. */
  readonly default: string;
  readonly meaning: string;
  /** Required under NODE_ENV=production. */
  readonly production?: true;
}

const server = <const N extends string>(
  name: N,
  fallback: string,
  meaning: string,
  production?: true,
) => ({
  name,
  readBy: "server" as const,
  default: fallback,
  meaning,
  ...(production ? { production } : {}),
});

export const SETTINGS = [
  server(
    "NODE_ENV",
    "unset",
    "`production` refuses the embedded stand-ins and requires every setting marked **production**",
  ),
  server("PORT", "`4321`", "Port of the web server"),
  server(
    "HOST",
    "`127.0.0.1,::1`",
    "Addresses the web server binds, comma-separated (`0.0.0.0` behind a load balancer)",
  ),
  server(
    "PORTAL_DATA_DIR",
    "`.data` (`npm start`); memory (web server alone)",
    "Folder of the embedded services' data, the lock, the logs and the mail outbox",
  ),
  server(
    "DATABASE_URL",
    "unset",
    "A PostgreSQL server (`postgres://user@host:5432/db`), as the application role, which owns nothing (docs/database.md). Unset: PGlite in `PORTAL_DATA_DIR/db`, one process per folder",
  ),
  server(
    "DATABASE_MIGRATION_URL",
    "unset",
    "The same database as the owner role: migrations run through it at start, then `DATABASE_URL`'s role is granted rows, sequences and functions. Unset: `DATABASE_URL`'s role migrates (production refuses it if it owns the tables)",
  ),
  server(
    "PORTAL_PRODUCT_ROUTE",
    "`wakaf`",
    "The wakaf brand's route name (`/wakaf-ilmu`, host `wakaf.localhost`); rebuild after changing it (`PORTAL_FORCE_BUILD=1`)",
  ),
  server(
    "PORTAL_SECRET_KEY",
    "`PORTAL_DATA_DIR/secret.key`",
    "Base64, 32 bytes or more, the same on every instance: receipt tokens, receipts' verification codes and the keys that encrypt and hash NRICs. Keep it in a secret store",
    true,
  ),
  server(
    "PORTAL_PUBLIC_URL",
    "`http://localhost:<PORT>`",
    "The portal's public `https` address: links in e-mails, Stripe's 3-D Secure return, an origin the console accepts changes from",
    true,
  ),
  server(
    "PORTAL_WAKAF_PUBLIC_URL",
    "`PORTAL_PUBLIC_URL` with `<product route>.` before its host",
    "The wakaf host's public address (3-D Secure return for Wakaf Ilmu and WMS gifts; with `PORTAL_PUBLIC_URL`, the hosts of the site entries a new database is seeded with)",
  ),
  server(
    "PORTAL_IDENTITY_ISSUER",
    "the embedded pool",
    "Issuer of the donors' ID tokens (a Cognito user pool, `https`). Unset: `npm start` runs the embedded provider and sets the identity settings to it",
    true,
  ),
  server(
    "PORTAL_IDENTITY_JWKS_URL",
    "`<issuer>/.well-known/jwks.json`",
    "Where the issuer's public keys are",
  ),
  server(
    "PORTAL_IDENTITY_CLIENT_ID",
    "the embedded pool's",
    "The app client an ID token must be issued to (`aud`)",
    true,
  ),
  server(
    "PORTAL_IDENTITY_POOL_ID",
    "the embedded pool",
    "The user pool the browser signs in to (`/auth/config`); without it and the client, sign-in is unavailable",
  ),
  server(
    "PORTAL_IDENTITY_OAUTH_DOMAIN",
    "unset",
    "The pool's hosted-UI domain for Google and Facebook sign-in",
  ),
  server(
    "PORTAL_IDENTITY_SOCIAL_PROVIDERS",
    "unset",
    "`Google,Facebook` (those configured on the pool); only with `PORTAL_IDENTITY_OAUTH_DOMAIN`",
  ),
  server(
    "PORTAL_COGNITO_LOCAL_URL",
    "set by `npm start`",
    "cognito-local's address: the web server serves the compatibility layer at `/cognito-idp`. Refused in production",
  ),
  server(
    "PORTAL_COGNITO_ADMIN_KEY",
    "set by `npm start`",
    "The key of the compatibility layer's admin calls",
  ),
  server(
    "PORTAL_SINGPASS_ISSUER",
    "the stand-in",
    "Singpass's FAPI 2.0 issuer. Unset: `npm start` runs its stand-in and sets every `PORTAL_SINGPASS_*` to it; set: the others are required",
  ),
  server("PORTAL_SINGPASS_CLIENT_ID", "the stand-in's", "The portal's client id at Singpass"),
  server(
    "PORTAL_SINGPASS_REDIRECT_URI",
    "both hosts' `/enrollment/singpass`",
    "Where Singpass sends the donor back, one per host, comma-separated",
  ),
  server(
    "PORTAL_SINGPASS_SIGNING_KEY",
    "the stand-in's",
    "The portal's private EC P-256 signing JWK (JSON)",
  ),
  server(
    "PORTAL_SINGPASS_SIGNING_KEY_FILE",
    "unset",
    "A file holding `PORTAL_SINGPASS_SIGNING_KEY` instead",
  ),
  server(
    "PORTAL_SINGPASS_DECRYPTION_KEY",
    "the stand-in's",
    "The portal's private EC P-256 decryption JWK (JSON)",
  ),
  server(
    "PORTAL_SINGPASS_DECRYPTION_KEY_FILE",
    "unset",
    "A file holding `PORTAL_SINGPASS_DECRYPTION_KEY` instead",
  ),
  server(
    "PORTAL_SINGPASS_SCOPES",
    "the Myinfo items the enrolment shows",
    "Space-separated scopes asked of Singpass",
  ),
  server(
    "PORTAL_STAFF_ISSUER",
    "the embedded directory",
    "The council console's staff directory over OpenID Connect (`https`; docs/console.md). Unset: `npm start` runs the embedded one and prints its officers; the launcher refuses that in production",
  ),
  server(
    "PORTAL_STAFF_CLIENT_ID",
    "the embedded directory's",
    "The console's client id at the staff directory",
  ),
  server("PORTAL_STAFF_CLIENT_SECRET", "the embedded directory's", "The console's client secret"),
  server(
    "PORTAL_STAFF_CLIENT_SECRET_FILE",
    "unset",
    "A file holding `PORTAL_STAFF_CLIENT_SECRET` instead",
  ),
  server(
    "PORTAL_STAFF_REDIRECT_URI",
    "the console's `/console/callback`",
    "Where the directory sends the officer back, one per host, comma-separated",
  ),
  server(
    "PORTAL_STAFF_GROUPS_CLAIM",
    "`groups`",
    "The ID-token claim that lists the officer's groups",
  ),
  server(
    "PORTAL_STAFF_ROLE_GROUPS",
    "unset",
    "Which directory group holds which console role (docs/console.md)",
  ),
  server("PORTAL_STAFF_SCOPES", "`openid profile groups`", "Scopes asked of the staff directory"),
  server(
    "PORTAL_PAYMENT_GATEWAY",
    "`sandbox`",
    "`stripe`, or the embedded sandbox (Stripe's test cards, a 3-D Secure page, a payer's bank). Also whose records the finance section reconciles against (Stripe's balance transactions with `stripe`). Another name is refused; the sandbox is refused in production",
    true,
  ),
  server("STRIPE_SECRET_KEY", "unset", "Stripe's secret key; required with `stripe`", true),
  server(
    "STRIPE_PUBLISHABLE_KEY",
    "unset",
    "Stripe's publishable key, handed to the browser; required with `stripe`",
    true,
  ),
  server(
    "STRIPE_WEBHOOK_SECRET",
    "unset",
    "Signing secret of `/svc/payment/v1/webhooks/stripe`; unset, the endpoint answers 404",
    true,
  ),
  server(
    "PORTAL_PAYNOW_UEN",
    "`T08GB0032G`",
    "The charity's UEN, the PayNow proxy of the sandbox's QRs",
  ),
  server(
    "PORTAL_PAYNOW_NAME",
    "`MUIS ZAKAT`",
    "Merchant name on a sandbox QR (25 characters at most)",
  ),
  server(
    "PORTAL_CARD_FEE_BASIS_POINTS",
    "`340`",
    "The provider's part of a card payment in hundredths of a per cent (Stripe Singapore's 3.4%): the card fee a donor may cover",
  ),
  server(
    "PORTAL_CARD_FEE_FIXED_CENTS",
    "`50`",
    "The provider's fixed fee per card payment in cents (Stripe Singapore's S$0.50)",
  ),
  server(
    "PORTAL_JOBS_INTERVAL_SECONDS",
    "`60`",
    "How often payments are reconciled, recurring plans charged and due mails delivered",
  ),
  server(
    "PORTAL_SHUTDOWN_GRACE_SECONDS",
    "`20`",
    "How long a stopping server finishes the requests in progress",
  ),
  server(
    "PORTAL_SMTP_URL",
    "unset",
    "The mail server (`smtps://user:pass@host:465` or `smtp://host:587` with STARTTLS). Unset: the local outbox `PORTAL_DATA_DIR/outbox`",
  ),
  server("PORTAL_MAIL_FROM", "unset", "The sender of every mail; required with `PORTAL_SMTP_URL`"),
  server(
    "PORTAL_SIGN_IN_REQUIRED",
    "unset",
    '`true`: donors sign in before giving (spec §6 "login mandatory"): the giving pages and checkout ask a guest to sign in first and the payment API refuses a guest\'s donation with `403`',
  ),
  server(
    "PORTAL_ONEMAP_URL",
    "unset",
    "OneMap's common API base for the postal-code lookup. Unset: the lookup is off",
  ),
  server(
    "PORTAL_GOOGLE_GEOCODING_KEY",
    "unset",
    'Google Geocoding API key (a server key) for the address forms\' "use my current location". Unset: that button is not shown',
  ),
  server(
    "PORTAL_GOOGLE_GEOCODING_URL",
    "`https://maps.googleapis.com/maps/api/geocode/json`",
    "Google Geocoding's JSON endpoint (tests point it at a stand-in)",
  ),
  server(
    "PORTAL_ADDRESS_LOOKUPS_PER_IP",
    "`30`",
    "Address lookups (postal code or current location) per address per minute (`429` beyond)",
  ),
  server("PORTAL_ADDRESS_LOOKUPS_PER_SESSION", "`10`", "The same per guest session or sign-in"),
  server(
    "PORTAL_CONSOLE_APPROVAL_ABOVE_CENTS",
    "`50000`",
    "Console refunds and voids above this many cents wait for a second officer's approval (docs/console-operations.md)",
  ),
  server(
    "PORTAL_RECEIPT_LOOKUPS_PER_IP",
    "`60`",
    "Look-ups by a receipt or manage-link token per address per minute, one count for both (`429` beyond)",
  ),
  server("PORTAL_RECEIPT_LOOKUPS_PER_SESSION", "`20`", "The same per guest session or sign-in"),
  server(
    "PORTAL_RECEIPT_VERIFICATIONS_PER_IP",
    "`30`",
    "Receipt verifications (`/verify`: a receipt number and its code) per address per minute (`429` beyond)",
  ),
  server(
    "PORTAL_TRUST_PROXY",
    "unset",
    "`true`: the caller's address is the last `X-Forwarded-For` entry and the last `X-Forwarded-Proto` entry is the browser's scheme (HSTS, `Secure` cookies, the console's origin); only behind your own load balancer",
  ),
  server("PORTAL_COOKIE_SECURE", "unset", "`true` marks the guest-session cookie `Secure`"),
  server(
    "PORTAL_CSP_CONNECT_EXTRA",
    "unset",
    "Further `https` hosts the pages may call (their `connect-src`)",
  ),
  server(
    "PORTAL_LOG_LEVEL",
    "`info`",
    "The server log's level (pino: `fatal` … `trace`, `silent`)",
  ),
  server(
    "PORTAL_SENTRY_DSN",
    "unset",
    "Sentry DSN for the server's errors (`@sentry/node`); unset, nothing is reported",
  ),
  server(
    "PORTAL_TEST_CONTROL_TOKEN",
    "unset",
    "Tests only: mounts `/__test/*` for bearers of this token (32 characters or more). Refused in production",
  ),
  server("PORTAL_DIST_DIR", "`dist`", "Build output the web server serves"),
  {
    name: "PORTAL_FORCE_BUILD",
    readBy: "launcher",
    default: "unset",
    meaning: "`1` rebuilds on start even when the sources did not change",
  },
  {
    name: "PORTAL_SINGPASS_STANDIN_PORT",
    readBy: "launcher",
    default: "a free port",
    meaning:
      "Port of the embedded Singpass stand-in (`SINGPASS_STANDIN_PAR_TTL` shortens its pushed requests' life)",
  },
  {
    name: "PUBLIC_SENTRY_DSN",
    readBy: "server",
    default: "unset",
    meaning:
      "Sentry DSN of the pages, read at build time (rebuild after changing it; the server allows its host in the pages' policy); unset, no Sentry code is built into any page",
  },
  {
    name: "TEST_DATABASE_URL",
    readBy: "tests",
    default: "found by `npm test`",
    meaning: "PostgreSQL for the integration tests (each run makes and drops its own database)",
  },
  {
    name: "E2E_PORT",
    readBy: "tests",
    default: "`4399`",
    meaning: "Port the browser tests start the portal on",
  },
  {
    name: "CHROMIUM_PATH",
    readBy: "tests",
    default: "`/usr/bin/chromium`",
    meaning: "Browser for the browser tests",
  },
] as const satisfies ReadonlyArray<Setting>;

/** A setting the server reads: `readConfig` takes no other name. */
export type SettingName = Extract<(typeof SETTINGS)[number], { readBy: "server" }>["name"];

/** The configuration table, as `npm run docs:config` writes it (before prettier pads it). */
export function configurationTable(): string {
  const rows = SETTINGS.map(
    (setting) =>
      `| \`${setting.name}\` | ${setting.default} | ${setting.readBy === "server" ? "" : `(${setting.readBy}) `}${"production" in setting ? "**production** " : ""}${setting.meaning} |`,
  );
  return ["| Variable | Default | Meaning |", "| --- | --- | --- |", ...rows].join("\n");
}
