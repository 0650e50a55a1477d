// Several web instances of the portal on one PostgreSQL database behind a real load balancer
// (HAProxy from Debian's packages, installed here when missing and the bench runs as root). Each
// instance is `dist/server/serve.mjs` itself (not the launcher), so SIGKILL kills the process that holds
// the connections; every instance runs the portal's jobs, as in production. Used by bench/crash.mjs
// and bench/soak.mjs.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureHaproxy, haproxyConfig } from "../../scripts/lib/haproxy.mjs";
import {
  answersOk,
  cleanups,
  freePort,
  root,
  say,
  startChild,
  stopChild,
  waitReady,
} from "./processes.mjs";

/** HAProxy's path, installed when missing (the shared helper the browser journey uses too). */
function haproxyPath() {
  const found = ensureHaproxy();
  if (!found.ok) throw new Error(`${found.message}\nThen run the bench again.`);
  return found.haproxy;
}

/**
 * Start `count` instances on `databaseUrl` (one after another: the first migrates and seeds) and
 * HAProxy in front. `env` is added to each instance's environment (the shared secret key, identity).
 */
export async function startCluster({ count, databaseUrl, env }) {
  const dataRoot = mkdtempSync(path.join(os.tmpdir(), "portal-cluster-"));
  cleanups.push(async () => rmSync(dataRoot, { recursive: true, force: true }));
  const instances = [];
  for (let i = 0; i < count; i++) {
    const instance = {
      name: `web${i + 1}`,
      port: await freePort(),
      dataDir: path.join(dataRoot, `web${i + 1}`),
      child: null,
      starts: 0,
    };
    instances.push(instance);
  }
  let cluster = null;
  /**
   * Start `instance`; ready when it answers `/api/health` or logs its start-up reconciliation, or,
   * with `reconciled`, only once it has logged that its start-up reconciliation pass completed.
   */
  const start = async (instance, { reconciled = false, timeoutMs = 120_000 } = {}) => {
    // As `npm start` runs it (scripts/start.mjs): the young generation capped.
    const child = startChild(
      instance.name,
      ["--max-semi-space-size=16", path.join(root, "dist", "server", "serve.mjs")],
      {
        ...process.env,
        ...env,
        DATABASE_URL: databaseUrl,
        PORT: String(instance.port),
        HOST: "127.0.0.1",
        PORTAL_DATA_DIR: instance.dataDir,
      },
    );
    instance.child = child;
    instance.starts++;
    instance.stopping = false;
    // An exit the bench did not ask for (a crash): told to `onExit`, which a supervisor sets.
    void child.exited.then((how) => {
      if (instance.child === child && !instance.stopping)
        cluster?.onExit?.(instance, how, child.tail);
    });
    await waitReady(
      child,
      "start-up reconciliation",
      async () => !reconciled && (await answersOk(`http://127.0.0.1:${instance.port}/api/health`)),
      timeoutMs,
    );
    return instance;
  };
  for (const instance of instances) await start(instance);
  cleanups.push(async () => {
    for (const instance of instances) if (instance.child) await stopChild(instance.child);
  });

  const binary = haproxyPath();
  const listenPort = await freePort();
  const configFile = path.join(dataRoot, "haproxy.cfg");
  writeFileSync(
    configFile,
    haproxyConfig(
      listenPort,
      instances.map((instance) => instance.port),
    ),
  );
  const proxy = startChild("haproxy", ["-db", "-f", configFile], process.env, { command: binary });
  cleanups.push(() => stopChild(proxy));
  const base = `http://127.0.0.1:${listenPort}`;
  await waitReady(proxy, "__never__", () => answersOk(`${base}/api/health`), 20_000);
  say(`${count} instances behind HAProxy at ${base}`);

  cluster = {
    base,
    instances,
    /** Told of an instance that exited without being killed or stopped: `(instance, how, tail)`. */
    onExit: undefined,
    /** SIGKILL one instance now; resolves once it is gone. */
    kill: async (instance) => {
      const child = instance.child;
      instance.stopping = true;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGKILL");
      await child.exited;
    },
    start,
    /** SIGTERM every instance and wait (a graceful stop, as a deployment does). */
    stopAll: async () => {
      for (const instance of instances) {
        const child = instance.child;
        instance.stopping = true;
        if (!child || child.exitCode !== null || child.signalCode !== null) continue;
        child.kill("SIGTERM");
        await child.exited;
      }
    },
  };
  return cluster;
}
