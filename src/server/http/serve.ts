// The portal's web server process (built to dist/server/serve.mjs; run by scripts/start.mjs, or alone in
// production: `node dist/server/serve.mjs`; see docs/configuration.md). It reads the configuration once
// (src/server/config.ts, through the services bundle dist/server/services.mjs), starts the portal
// (`startPortal`, the composition root) and hands it to the service calls and, through `locals.portal`,
// to the Astro routes (./listener.ts). SIGTERM and SIGINT stop it gracefully.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { startServer, type Services, type Shutdown } from "./listener";

// The one setting read before the configuration module is loaded: where that module is. This file is
// dist/server/serve.mjs once built, so the build it belongs to is the folder above it.
const distDir = path.resolve(
  process.env["PORTAL_DIST_DIR"] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."),
);

/** The built services (dist/server/services.mjs): configuration, composition root, service calls. */
export const loadServices = (): Promise<Services> =>
  import(pathToFileURL(path.join(distDir, "server", "services.mjs")).href) as Promise<Services>;

async function main(): Promise<void> {
  const services = await loadServices();
  // Every setting read and checked once; refused settings stop the server here, each named.
  const config = services.configOrExit(process.env, "web", "[web]");
  const portal = await services.startPortal(config);
  const { log } = portal;
  const shutdown: Shutdown = { draining: false };
  const servers = await startServer({ services, portal, distDir, shutdown });
  const { port, hosts } = config;
  log.info(`[web] listening on port ${port} (${hosts.join(", ")})`);
  const graceMs = config.shutdownGraceMs;
  const stop = (signal: string) => {
    if (shutdown.draining) return;
    shutdown.draining = true;
    shutdown.closeConnections?.();
    log.info(`[web] ${signal}: finishing the requests in progress (at most ${graceMs / 1000} s)`);
    let open = servers.length;
    const done = () => {
      if (--open > 0) return;
      // The last answer is out: now the database may close (PGlite's files left consistent).
      Promise.resolve(shutdown.close?.())
        .catch((error: unknown) =>
          log.error(
            `[web] closing the database failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
        .finally(() => {
          log.info("[web] stopped");
          // pino writes asynchronously: let the last lines out before the process ends.
          log.flush(() => process.exit(0));
        });
    };
    for (const server of servers) {
      // No new connections; idle keep-alive ones close now, busy ones after their answer.
      server.close(done);
      server.closeIdleConnections();
    }
    setTimeout(() => {
      log.warn("[web] requests still open after the grace period: closing them");
      for (const server of servers) server.closeAllConnections();
    }, graceMs).unref();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
