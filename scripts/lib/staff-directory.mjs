// How the launcher runs the embedded staff directory (scripts/services/staff-directory.mjs) and
// points the console at it. Its officers (one per console role), their passwords, the portal's client
// secret and the directory's keys are made once into <data>/staff-directory/ and kept there, so the
// printed credentials stay the same from one start to the next.
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { newKey } from "./singpass-standin.mjs";

export { standinPort as staffDirectoryPort } from "./singpass-standin.mjs";

/** Whether the console uses the embedded directory: no council directory is configured. */
export const usesStaffDirectory = (env = process.env) => !env.PORTAL_STAFF_ISSUER;

export const CONSOLE_ROLES = ["viewer", "officer", "approver", "finance", "admin"];

const NAMES = {
  viewer: "Vera Viewer",
  officer: "Omar Officer",
  approver: "Aisha Approver",
  finance: "Farid Finance",
  admin: "Adam Admin",
};

/** The directory's state file (officers, client, keys), made on first start. */
export function staffDirectoryState(dataDir) {
  const dir = path.join(dataDir, "staff-directory");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, "directory.json");
  if (!existsSync(file)) {
    const state = {
      client: { id: "giving-portal-console", secret: randomBytes(32).toString("base64url") },
      signingKey: newKey("sig"),
      cookieKey: randomBytes(32).toString("base64url"),
      officers: CONSOLE_ROLES.map((role) => ({
        id: randomUUID(),
        username: role,
        name: NAMES[role],
        password: randomBytes(9).toString("base64url"),
        groups: [`console-${role}`],
      })),
    };
    writeFileSync(file, JSON.stringify(state, null, 2), { mode: 0o600 });
  }
  return { file, state: JSON.parse(readFileSync(file, "utf8")) };
}

/**
 * The environment of the directory and of the portal that signs officers in through it. The console's
 * callback is registered on the portal's own port and on each configured public address (`publicUrls`:
 * PORTAL_PUBLIC_URL, PORTAL_WAKAF_PUBLIC_URL), so officers sign in through a proxy in front of it too.
 */
export function staffDirectoryEnvironment(directoryPort, portalPort, dataDir, publicUrls = []) {
  const { file, state } = staffDirectoryState(dataDir);
  const callbacks = [
    `http://localhost:${portalPort}/console/callback`,
    `http://127.0.0.1:${portalPort}/console/callback`,
    ...publicUrls.flatMap((url) => (url ? [new URL("/console/callback", url).toString()] : [])),
  ];
  const redirects = [...new Set(callbacks)].join(",");
  return {
    officers: state.officers,
    directory: {
      STAFF_DIRECTORY_PORT: String(directoryPort),
      STAFF_DIRECTORY_FILE: file,
      STAFF_DIRECTORY_REDIRECT_URIS: redirects,
    },
    portal: {
      PORTAL_STAFF_ISSUER: `http://127.0.0.1:${directoryPort}`,
      PORTAL_STAFF_CLIENT_ID: state.client.id,
      PORTAL_STAFF_CLIENT_SECRET: state.client.secret,
      PORTAL_STAFF_REDIRECT_URI: redirects,
    },
  };
}
