// Settings that are unsafe for real donors, refused before anything starts (docs/configuration.md).
// The embedded sandbox gateway settles any PayNow QR for free and its receipts are real; the embedded
// identity provider (cognito-local) signs tokens with a key that ships in its npm package. Both are for
// running the portal on one machine; under NODE_ENV=production the web server (server/serve.mjs) and
// the launcher (scripts/start.mjs) refuse them. A gateway name the portal does not know is refused
// always: a typo must not fall back to the sandbox.

const GATEWAYS = ["stripe", "sandbox"];

/**
 * What is wrong with these settings for the process `role` ("web": the web server as started;
 * "launcher": `npm start`, which would start the embedded identity provider when no issuer is set).
 * Each problem names its setting. Empty when the settings may start.
 */
export function unsafeSettings(env, role = "web") {
  const problems = [];
  const gateway = env.PORTAL_PAYMENT_GATEWAY || "sandbox";
  if (!GATEWAYS.includes(gateway)) {
    problems.push(
      `PORTAL_PAYMENT_GATEWAY=${JSON.stringify(gateway)} is not a gateway the portal knows: set it to "stripe" (or leave it unset for the embedded sandbox, never in production)`,
    );
  }
  if (env.NODE_ENV !== "production") return problems;
  if (gateway === "sandbox") {
    problems.push(
      "PORTAL_PAYMENT_GATEWAY is the embedded sandbox, which settles payments for free: set PORTAL_PAYMENT_GATEWAY=stripe in production",
    );
  }
  const issuer = env.PORTAL_IDENTITY_ISSUER || "";
  if (issuer === "") {
    problems.push(
      role === "launcher"
        ? "PORTAL_IDENTITY_ISSUER is unset, so the embedded identity provider (whose signing key is public) would start: set PORTAL_IDENTITY_ISSUER to your Cognito user pool in production"
        : "PORTAL_IDENTITY_ISSUER is unset: set it to your Cognito user pool's issuer in production",
    );
  } else if (!issuer.startsWith("https://")) {
    problems.push(
      `PORTAL_IDENTITY_ISSUER must be an https issuer (a Cognito user pool) in production, not ${issuer}`,
    );
  }
  if (env.PORTAL_IDENTITY_JWKS_URL && !env.PORTAL_IDENTITY_JWKS_URL.startsWith("https://")) {
    problems.push("PORTAL_IDENTITY_JWKS_URL must be an https address in production");
  }
  // The console's staff directory: the embedded one has printed passwords and no MFA.
  const staff = env.PORTAL_STAFF_ISSUER || "";
  if (staff === "" && role === "launcher") {
    problems.push(
      "PORTAL_STAFF_ISSUER is unset, so the embedded staff directory (printed passwords, no MFA) would start: set PORTAL_STAFF_ISSUER to the council's staff directory in production (docs/console.md)",
    );
  } else if (staff !== "" && !staff.startsWith("https://")) {
    problems.push(`PORTAL_STAFF_ISSUER must be an https issuer in production, not ${staff}`);
  }
  if (env.PORTAL_COGNITO_LOCAL_URL) {
    problems.push(
      "PORTAL_COGNITO_LOCAL_URL names the embedded identity provider (cognito-local, whose signing key is public): unset it in production",
    );
  }
  return problems;
}

/** Refuse to start (exit 1) with one line per problem, or return. */
export function refuseUnsafeSettings(env, role, prefix) {
  const problems = unsafeSettings(env, role);
  if (problems.length === 0) return;
  for (const problem of problems) console.error(`${prefix} refusing to start: ${problem}`);
  process.exit(1);
}
