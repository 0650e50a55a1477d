// How the launcher runs the Singpass stand-in (scripts/services/singpass-standin.mjs) and points the
// portal at it. The portal's own keys (signing, encryption) are made once into <data>/singpass/ and
// read from there through PORTAL_SINGPASS_*_KEY_FILE, as production reads them from its secret store;
// the stand-in fetches their public halves from the portal's JWKS, as Singpass does.
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

/** Whether the portal uses the embedded stand-in: no real Singpass issuer is configured. */
export const usesStandin = (env = process.env) => !env.PORTAL_SINGPASS_ISSUER;

/** A free port on 127.0.0.1 (PORTAL_SINGPASS_STANDIN_PORT when set). */
export async function standinPort(env = process.env) {
  if (env.PORTAL_SINGPASS_STANDIN_PORT) return Number(env.PORTAL_SINGPASS_STANDIN_PORT);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/** A new EC P-256 private key as a JWK with its id, use and algorithm. */
export const newKey = (use) => ({
  ...generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" }),
  kid: randomUUID(),
  use,
  alg: use === "sig" ? "ES256" : "ECDH-ES+A256KW",
});

/** Write `value` as JSON, readable by this user only, unless the file is already there. */
const keep = (file, make) => {
  if (!existsSync(file)) writeFileSync(file, JSON.stringify(make(), null, 2), { mode: 0o600 });
  return file;
};

/** The key files under <dataDir>/singpass, made on first start. */
export function standinKeys(dataDir) {
  const dir = path.join(dataDir, "singpass");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return {
    signing: keep(path.join(dir, "portal-signing.jwk.json"), () => newKey("sig")),
    decryption: keep(path.join(dir, "portal-encryption.jwk.json"), () => newKey("enc")),
    standin: keep(path.join(dir, "standin-keys.json"), () => ({
      signing: newKey("sig"),
      cookie: randomBytes(32).toString("base64url"),
    })),
  };
}

/** The environment of the stand-in and of the portal that talks to it. */
export function standinEnvironment(standinPortNumber, portalPort, dataDir, env = process.env) {
  const keys = standinKeys(dataDir);
  const clientId = env.PORTAL_SINGPASS_CLIENT_ID ?? "giving-portal-local";
  const redirects = [
    `http://localhost:${portalPort}/enrollment/singpass`,
    `http://wakaf.localhost:${portalPort}/enrollment/singpass`,
  ].join(",");
  return {
    standin: {
      SINGPASS_STANDIN_PORT: String(standinPortNumber),
      SINGPASS_STANDIN_KEYS_FILE: keys.standin,
      SINGPASS_STANDIN_CLIENT_ID: clientId,
      SINGPASS_STANDIN_REDIRECT_URIS: redirects,
      SINGPASS_STANDIN_CLIENT_JWKS_URI: `http://127.0.0.1:${portalPort}/svc/singpass/jwks`,
      ...(env.PORTAL_SINGPASS_STANDIN_PAR_TTL
        ? { SINGPASS_STANDIN_PAR_TTL: env.PORTAL_SINGPASS_STANDIN_PAR_TTL }
        : {}),
    },
    portal: {
      PORTAL_SINGPASS_ISSUER: `http://127.0.0.1:${standinPortNumber}`,
      PORTAL_SINGPASS_CLIENT_ID: clientId,
      PORTAL_SINGPASS_REDIRECT_URI: redirects,
      PORTAL_SINGPASS_SIGNING_KEY_FILE: keys.signing,
      PORTAL_SINGPASS_DECRYPTION_KEY_FILE: keys.decryption,
    },
  };
}
