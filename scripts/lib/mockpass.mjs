// How the launcher runs MockPass and points the portal at it. MockPass's sample keys stand in for the
// portal's own (its README: "configure your application to use the private keys from static/certs");
// production keys come from the secret store through the PORTAL_SINGPASS_* and PORTAL_MYINFO_*
// variables instead, and then no MockPass is started.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";

const require = createRequire(import.meta.url);

/** Whether the portal uses the embedded MockPass: no real Singpass issuer is configured. */
export const usesMockpass = (env = process.env) => !env.PORTAL_SINGPASS_ISSUER;

/** A free port on 127.0.0.1 (PORTAL_MOCKPASS_PORT when set). */
export async function mockpassPort(env = process.env) {
  if (env.PORTAL_MOCKPASS_PORT) return Number(env.PORTAL_MOCKPASS_PORT);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

const certs = () =>
  path.join(path.dirname(require.resolve("@opengovsg/mockpass/package.json")), "static", "certs");

/**
 * The environment of MockPass itself and of the portal that talks to it. MyInfo runs as its Test
 * environment does: requests signed (client secret set) and the person encrypted and signed.
 */
export function mockpassEnvironment(mockpassPortNumber, portalPort, env = process.env) {
  const dir = certs();
  const rpKeys = JSON.parse(readFileSync(path.join(dir, "oidc-v2-rp-secret.json"), "utf8")).keys;
  const key = (use) => JSON.stringify(rpKeys.find((k) => k.use === use));
  const origin = `http://127.0.0.1:${mockpassPortNumber}`;
  const redirect = `http://localhost:${portalPort}/enrollment/singpass`;
  const secret = randomBytes(18).toString("base64url");
  return {
    mockpass: {
      MOCKPASS_PORT: String(mockpassPortNumber),
      MOCKPASS_NRIC: env.MOCKPASS_NRIC ?? "S9812379B",
      SHOW_LOGIN_PAGE: env.SHOW_LOGIN_PAGE ?? "false",
      ENCRYPT_MYINFO: "true",
      SERVICE_PROVIDER_MYINFO_SECRET: secret,
    },
    portal: {
      PORTAL_SINGPASS_ISSUER: `${origin}/singpass/v2`,
      PORTAL_SINGPASS_CLIENT_ID: env.PORTAL_SINGPASS_CLIENT_ID ?? "giving-portal-local",
      PORTAL_SINGPASS_REDIRECT_URI: redirect,
      PORTAL_SINGPASS_SIGNING_KEY: key("sig"),
      PORTAL_SINGPASS_DECRYPTION_KEY: key("enc"),
      PORTAL_MYINFO_URL: `${origin}/myinfo/v3`,
      PORTAL_MYINFO_CLIENT_ID: env.PORTAL_MYINFO_CLIENT_ID ?? "giving-portal-local",
      PORTAL_MYINFO_CLIENT_SECRET: secret,
      PORTAL_MYINFO_PRIVATE_KEY: readFileSync(path.join(dir, "key.pem"), "utf8"),
      PORTAL_MYINFO_CERT: readFileSync(path.join(dir, "spcp.crt"), "utf8"),
    },
  };
}
