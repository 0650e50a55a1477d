// `npm start`: build when the sources changed, then start the embedded services and the portal.
// Data lives under PORTAL_DATA_DIR (default .data/), logs under its logs/ folder. One launcher per
// data folder: a second start while one runs says so and exits without touching the data.
// Ctrl-C stops everything this launcher started.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import {
  appendFileSync,
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { build } from "./build.mjs";
import { configOrExit } from "../src/server/config.ts";
import { isBuildCurrent } from "./lib/build-stamp.mjs";
import { applicationRole } from "./lib/database-roles.mjs";
import { standinEnvironment, standinPort, usesStandin } from "./lib/singpass-standin.mjs";
import { adminKey, ensurePool, writeCognitoConfig } from "./lib/cognito-pool.mjs";
import {
  staffDirectoryEnvironment,
  staffDirectoryPort,
  usesStaffDirectory,
} from "./lib/staff-directory.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Every setting read and checked before anything starts (src/server/config.ts): a value that does not
// parse, and under NODE_ENV=production the sandbox gateway or the embedded identity provider, stop here.
const config = configOrExit(process.env, "launcher", "[portal]");
const port = config.port;
const dataDir = path.resolve(root, config.dataDir ?? ".data");
const logDir = path.join(dataDir, "logs");
const lockFile = path.join(dataDir, "portal.lock");

const say = (message) => console.log(`[portal] ${message}`);

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** Take the data folder's lock, or return the pid of the launcher that holds it. */
function takeLock() {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(
        fd,
        JSON.stringify({ pid: process.pid, port, startedAt: new Date().toISOString() }),
      );
      closeSync(fd);
      return undefined;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      let holder;
      try {
        holder = JSON.parse(readFileSync(lockFile, "utf8"));
      } catch {
        holder = {};
      }
      if (typeof holder.pid === "number" && isAlive(holder.pid)) return holder;
      rmSync(lockFile, { force: true }); // left by a launcher that was killed: safe to take
    }
  }
  throw new Error(`could not take ${lockFile}`);
}

mkdirSync(logDir, { recursive: true });
const holder = takeLock();
if (holder) {
  console.error(
    `[portal] The portal is already running (pid ${holder.pid}, port ${holder.port}) with data in ${dataDir}.\n` +
      `[portal] Stop it first (Ctrl-C in its terminal), or set PORTAL_DATA_DIR and PORT to run another.`,
  );
  process.exit(1);
}

const children = new Map();
let stopping = false;

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  say("stopping…");
  for (const child of children.values()) child.kill("SIGTERM");
  // The web server finishes the requests in progress first (PORTAL_SHUTDOWN_GRACE_SECONDS).
  const graceMs = config.shutdownGraceMs;
  const deadline = setTimeout(() => {
    for (const child of children.values()) child.kill("SIGKILL");
  }, graceMs + 5000);
  const finish = () => {
    if (children.size > 0) return;
    clearTimeout(deadline);
    rmSync(lockFile, { force: true });
    say("stopped");
    process.exit(code);
  };
  for (const child of children.values()) child.once("exit", finish);
  finish();
}

process.once("SIGINT", () => stopAll(0));
process.once("SIGTERM", () => stopAll(0));

/** NRIC/FIN-shaped text in a service's output keeps its last four characters. */
const redactNric = (line) =>
  line.replace(/\b[STFGM]\d{7}[A-Z]\b/g, (nric) => `*****${nric.slice(-4)}`);

/**
 * The web server logs one JSON object per line (pino, for a log pipeline in production); on this
 * machine the console and logs/web.log show its message and the request id.
 */
const readable = (line) => {
  if (!line.startsWith("{")) return line;
  try {
    const entry = JSON.parse(line);
    if (typeof entry.msg !== "string") return line;
    const id = entry.requestId ? ` (request ${entry.requestId})` : "";
    return `${entry.msg}${id}`;
  } catch {
    return line;
  }
};

/**
 * Node's compile cache for the services (NODE_COMPILE_CACHE, or node_modules/.cache/node-compile): from
 * the second start on, each loads its modules without compiling them again, a second or more of a
 * start on this machine (every integration test file starts portals).
 */
const compileCache =
  process.env.NODE_COMPILE_CACHE ?? path.join(root, "node_modules", ".cache", "node-compile");

/** Start one service as a child process; its output goes to the console and to logs/<name>.log. */
function startService({ name, args, env, cwd = root, onLine }) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, NODE_COMPILE_CACHE: compileCache, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.set(name, child);
  const logFile = path.join(logDir, `${name}.log`);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (raw) => {
      const line = redactNric(readable(raw));
      console.log(line.startsWith(`[${name}]`) ? line : `[${name}] ${line}`);
      onLine?.(line);
      appendFileSync(logFile, `${new Date().toISOString()} ${line}\n`);
    });
  }
  child.once("exit", (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(
        `[portal] ${name} stopped unexpectedly (${signal ?? `exit ${code}`}); see ${logFile}`,
      );
      stopAll(1);
    }
  });
  return child;
}

/**
 * Whether another program already listens on the portal's port (say an earlier portal whose launcher
 * was killed): its `/api/health` would answer for ours, which could not listen. Each address is tried
 * as the web server will (an address family this machine lacks is no conflict).
 */
async function portTaken() {
  for (const host of config.hosts) {
    const taken = await new Promise((resolve) => {
      const probe = createServer();
      probe.once("error", (error) => resolve(error.code === "EADDRINUSE"));
      probe.listen(port, host, () => probe.close(() => resolve(false)));
    });
    if (taken) return host;
  }
  return undefined;
}

async function waitUntilReady(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && !stopping) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

try {
  if (!isBuildCurrent(root) || process.env.PORTAL_FORCE_BUILD === "1") {
    say("sources changed since the last build: building…");
    if (!build()) {
      console.error("[portal] The build failed; see the messages above.");
      rmSync(lockFile, { force: true });
      process.exit(1);
    }
  }
} catch (error) {
  rmSync(lockFile, { force: true });
  throw error;
}

/**
 * The embedded identity provider (cognito-local in dataDir/cognito, on a free port), its pool and app
 * client made on first start, and the settings that point the web server at it. Skipped when
 * PORTAL_IDENTITY_ISSUER names a real provider.
 */
async function startIdentity() {
  const folder = path.join(dataDir, "cognito");
  writeCognitoConfig(folder, port);
  const upstream = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("cognito-local did not start within 30 s")),
      30_000,
    );
    const child = startService({
      name: "identity",
      args: [path.join(root, "scripts", "services", "cognito-local.mjs")],
      env: { PORT: "0", HOST: "127.0.0.1", AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: "1" },
      cwd: folder,
      onLine: (line) => {
        const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      },
    });
    child.once("exit", () => reject(new Error("cognito-local stopped while starting")));
  });
  const { userPoolId, clientId } = await ensurePool(upstream);
  const issuer = `http://127.0.0.1:${port}/cognito-idp/${userPoolId}`;
  say(`identity provider: cognito-local, pool ${userPoolId}, client ${clientId}`);
  return {
    PORTAL_COGNITO_LOCAL_URL: upstream,
    PORTAL_COGNITO_ADMIN_KEY: adminKey(folder),
    PORTAL_IDENTITY_POOL_ID: userPoolId,
    PORTAL_IDENTITY_CLIENT_ID: clientId,
    PORTAL_IDENTITY_ISSUER: issuer,
    PORTAL_IDENTITY_JWKS_URL: `${upstream}/${userPoolId}/.well-known/jwks.json`,
  };
}

// The embedded services start here, each with its data under dataDir, side by side (none needs
// another); the web server last, with what they answer.
const startSingpass = async () => {
  if (!usesStandin()) return {};
  const singpass = standinEnvironment(await standinPort(), port, dataDir);
  startService({
    name: "singpass",
    args: [path.join(root, "scripts", "services", "singpass-standin.mjs")],
    env: singpass.standin,
  });
  const discovery = `${singpass.portal.PORTAL_SINGPASS_ISSUER}/.well-known/openid-configuration`;
  if (await waitUntilReady(discovery)) {
    say(`Singpass stand-in: ${singpass.portal.PORTAL_SINGPASS_ISSUER} (pick a test persona)`);
  } else if (!stopping) {
    console.error("[portal] The Singpass stand-in did not answer within 60 s; stopping.");
    stopAll(1);
  }
  return singpass.portal;
};

// The console's staff directory (embedded unless PORTAL_STAFF_ISSUER names the council's own).
let staffOfficers = [];
const startStaff = async () => {
  if (!usesStaffDirectory()) return {};
  const staff = staffDirectoryEnvironment(await staffDirectoryPort({}), port, dataDir, [
    config.publicUrl,
    config.wakafPublicUrl,
  ]);
  startService({
    name: "staff",
    args: [path.join(root, "scripts", "services", "staff-directory.mjs")],
    env: staff.directory,
  });
  staffOfficers = staff.officers;
  if (
    !(await waitUntilReady(`${staff.portal.PORTAL_STAFF_ISSUER}/.well-known/openid-configuration`))
  ) {
    if (!stopping) {
      console.error("[portal] The staff directory did not answer within 60 s; stopping.");
      stopAll(1);
    }
  }
  return staff.portal;
};

const startIdentityProvider = async () => {
  if (config.identity.issuer) return {};
  try {
    return await startIdentity();
  } catch (error) {
    if (!stopping) {
      console.error(`[portal] The identity provider did not start: ${error.message}`);
      stopAll(1);
    }
    return {};
  }
};

const [singpassEnv, staffEnv, identityEnv] = stopping
  ? [{}, {}, {}]
  : await Promise.all([startSingpass(), startStaff(), startIdentityProvider()]);
const portalEnv = { ...singpassEnv, ...staffEnv };
// PostgreSQL given as one role: it migrates, the web server serves as an application role.
let databaseEnv = {};
if (!stopping && config.databaseUrl && !config.databaseMigrationUrl && !config.production) {
  try {
    const roles = await applicationRole(config.databaseUrl);
    if (roles.env) {
      databaseEnv = roles.env;
      say(`database: migrated as ${roles.owner}, served as ${roles.role} (owns nothing)`);
    } else {
      say(`database: served as DATABASE_URL's role, which owns the tables (${roles.reason})`);
    }
  } catch (error) {
    console.error(`[portal] Could not reach DATABASE_URL to set up its roles: ${error.message}`);
    stopAll(1);
  }
}
const takenOn = stopping ? undefined : await portTaken();
if (takenOn) {
  console.error(
    `[portal] Port ${port} on ${takenOn} is in use by another program (an earlier portal still running?).\n` +
      `[portal] Stop it, or set PORT to run this one on another port.`,
  );
  stopAll(1);
}
if (!stopping) {
  startService({
    name: "web",
    // A young generation capped at 16 MB keeps a download's resident memory flat (docs/finance.md).
    args: ["--max-semi-space-size=16", path.join(root, "dist", "server", "serve.mjs")],
    env: {
      ...portalEnv,
      ...databaseEnv,
      PORT: String(port),
      PORTAL_DATA_DIR: dataDir,
      ...identityEnv,
    },
  });
}

if (await waitUntilReady(`http://127.0.0.1:${port}/api/health`)) {
  say(`zakat site: http://localhost:${port}`);
  say(`wakaf site: http://wakaf.localhost:${port}`);
  if (staffOfficers.length > 0) {
    say(`console: http://localhost:${port}/console; officers (username / password / role):`);
    for (const officer of staffOfficers) {
      say(`  ${officer.username} / ${officer.password} / ${officer.groups.join(" ")}`);
    }
  }
  say(`data in ${dataDir}, logs in ${logDir}; Ctrl-C stops everything`);
} else if (!stopping) {
  console.error("[portal] The web server did not answer within 60 s; stopping.");
  stopAll(1);
}
