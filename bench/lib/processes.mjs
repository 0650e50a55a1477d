// Processes the benchmarks start and stop: children in their own process groups, free ports, the
// portal through its launcher, a fresh PostgreSQL database; every start registers its cleanup.
// Shared by bench/run.mjs, bench/crash.mjs and bench/soak.mjs.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { build } from "../../scripts/build.mjs";
import { isBuildCurrent } from "../../scripts/lib/build-stamp.mjs";
import { appRoleName } from "../../scripts/lib/database-roles.mjs";

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const root = path.resolve(benchDir, "..");
export const pgAdminUrl =
  process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const startTimeoutMs = 300_000; // the launcher rebuilds first when the sources changed

export const say = (message) => console.log(`[bench] ${message}`);

// ---------------------------------------------------------------------------------------------
// Children and cleanup

export const cleanups = [];
export const state = { interrupted: false };

export async function cleanUp() {
  while (cleanups.length > 0) {
    const step = cleanups.pop();
    try {
      await step();
    } catch (error) {
      console.error(`[bench] cleanup: ${error.message}`);
    }
  }
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    state.interrupted = true;
    say(`${signal}: stopping what the bench started…`);
    void cleanUp().then(() => process.exit(130));
  });
}

/** Run a bench's `main` (resolves whether it passed), clean up what it started, and exit 0 or 1. */
export async function runBench(main) {
  let passed = false;
  try {
    passed = await main();
  } catch (error) {
    console.error(`[bench] ${error.stack ?? error}`);
  } finally {
    await cleanUp();
  }
  process.exit(passed ? 0 : 1);
}

/** Start `node <args>` in its own process group; keeps the last lines of its output. */
export function startChild(name, args, env, { command = process.execPath } = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // own process group: a stray launcher can be stopped with its web server
  });
  child.tail = [];
  child.exited = new Promise((resolve) => child.once("exit", (code, sig) => resolve(sig ?? code)));
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => {
      child.tail.push(line);
      if (child.tail.length > 40) child.tail.shift();
      child.emit("line", line);
    });
  }
  child.label = name;
  return child;
}

/**
 * Run `bench/<script>` with `job` (JSON, its one argument) in its own process, stopped at cleanup;
 * resolves with the last JSON line it printed (its result). `what` names it in messages.
 */
export async function runChild(what, script, job) {
  const child = startChild(what, [path.join(benchDir, script), JSON.stringify(job)], process.env);
  cleanups.push(() => stopChild(child));
  let last = "";
  child.on("line", (line) => {
    if (line.startsWith("{")) last = line;
  });
  const exit = await child.exited;
  cleanups.pop();
  if (exit !== 0 || !last) {
    throw new Error(`${what} failed (${exit}):\n  ${child.tail.join("\n  ")}`);
  }
  return JSON.parse(last);
}

/** SIGINT, then wait for the exit; after 20 s SIGKILL the child's process group. */
export async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGINT");
  const timer = setTimeout(() => {
    say(`${child.label} did not stop within 20 s; killing its process group ${child.pid}`);
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }, 20_000);
  await child.exited;
  clearTimeout(timer);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function portAnswers(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolve when `child` prints a line containing `marker` or `probe()` answers true. */
export async function waitReady(child, marker, probe, timeoutMs) {
  let seen = false;
  const onLine = (line) => {
    if (line.includes(marker)) seen = true;
  };
  child.on("line", onLine);
  try {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${child.label} exited before it was ready:\n  ${child.tail.join("\n  ")}`);
      }
      if (seen || (await probe())) return;
      await sleep(200);
    }
    throw new Error(`${child.label} not ready within ${timeoutMs / 1000} s`);
  } finally {
    child.off("line", onLine);
  }
}

export async function answersOk(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Servers

/**
 * Build now when the sources changed since the last build (the same fingerprint `npm start` reads), so
 * the launchers the bench starts never rebuild, and never two at once.
 */
export function ensureBuild() {
  if (isBuildCurrent(root)) return;
  say("the sources changed since the last build: building…");
  if (!build()) throw new Error("the build failed");
}

export async function startCeiling() {
  const port = await freePort();
  const child = startChild("hello server", [path.join(benchDir, "hello.mjs")], {
    ...process.env,
    PORT: String(port),
  });
  cleanups.push(() => stopChild(child));
  const base = `http://127.0.0.1:${port}`;
  await waitReady(child, "listening", () => answersOk(`${base}/`), 10_000);
  return { child, base };
}

/** The portal through its launcher on a free port; `extraEnv` adds to or overrides its settings. */
export async function startPortal(engine, databaseUrl, identity, extraEnv = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
  const env = {
    ...process.env,
    ...identity.env,
    ...extraEnv,
    PORT: String(port),
    PORTAL_DATA_DIR: dataDir,
    HOST: "127.0.0.1",
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = startChild(`portal (${engine})`, [path.join(root, "scripts", "start.mjs")], env);
  const base = `http://127.0.0.1:${port}`;
  let ok = false;
  cleanups.push(async () => {
    await stopChild(child);
    if (ok) rmSync(dataDir, { recursive: true, force: true });
    else say(`kept ${dataDir} (logs under logs/) for a look`);
  });
  const started = Date.now();
  await waitReady(
    child,
    "Ctrl-C stops everything",
    () => answersOk(`${base}/api/health`),
    startTimeoutMs,
  );
  say(`portal on ${engine} ready at ${base} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    base,
    dataDir,
    /** The launcher's process id (the web server is its child). */
    pid: child.pid,
    /** Stop the portal now (SIGINT: it closes its database cleanly), to read its records. */
    stop: () => stopChild(child),
    finish: () => {
      ok = true;
    },
  };
}

/**
 * What the peak-night benches (crash, soak) start from: a current build and a fresh PostgreSQL
 * database (they need one: `what` names the bench in the error), and how many instances to run
 * (BENCH_INSTANCES, 3).
 */
export async function peakStart(what) {
  ensureBuild();
  const database = await freshPostgres();
  if (!database.url) throw new Error(`${what} needs PostgreSQL: ${database.reason}`);
  return { database, instances: Number(process.env.BENCH_INSTANCES ?? 3) };
}

/** A fresh PostgreSQL database, dropped at cleanup; undefined (with the reason) when none. */
export async function freshPostgres() {
  const admin = new URL(pgAdminUrl);
  if (!(await portAnswers(admin.hostname, Number(admin.port || 5432)))) {
    return { reason: `${admin.hostname}:${admin.port || 5432} does not answer` };
  }
  let pg;
  try {
    pg = (await import("pg")).default;
  } catch (error) {
    return { reason: `the pg package cannot be loaded (${error.message})` };
  }
  const name = `bench_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: pgAdminUrl });
  try {
    await client.connect();
    await client.query(`create database ${name}`);
  } catch (error) {
    await client.end().catch(() => {});
    return { reason: `cannot create a database via ${redact(pgAdminUrl)}: ${error.message}` };
  }
  await client.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: pgAdminUrl });
    await dropper.connect();
    try {
      await dropper.query(`drop database if exists ${name} with (force)`);
      // The application role the launcher made to serve it (scripts/lib/database-roles.mjs).
      await dropper.query(`drop role if exists ${appRoleName(name)}`);
      say(`dropped database ${name}`);
    } finally {
      await dropper.end();
    }
  });
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, name };
}

export const redact = (url) => url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
