// The portal's HTTP server: hashed assets with long cache lifetimes, prerendered pages, then the
// Astro middleware for API routes and on-demand pages. Everything compressible is compressed
// (brotli or gzip, as the browser accepts). Run by scripts/start.mjs; see docs/configuration.md.
// This file is the process's entry: it reads the configuration once (src/server/config.ts, bundled
// into dist/server/services.mjs), starts the portal (`startPortal`, the composition root) and hands it
// to the service calls and, through `locals.portal`, to the Astro routes.
import { createReadStream, readdirSync, readFileSync, statSync } from "node:fs";
import { randomUUID, timingSafeEqual } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import compression from "compression";
import {
  brandedPagePath,
  landingRedirect,
  notFoundPagePath,
  onWakafHost,
  splitLanguage,
} from "./brand.mjs";
import { writeGate } from "./write-gate.mjs";
import {
  externalSources,
  HSTS,
  inlineScriptHashes,
  isHttps,
  mayBeFramed,
  pagePolicy,
  RESOURCE_POLICY,
} from "./csp.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The one setting read before the configuration module is loaded: where that module is.
const distDir = path.resolve(process.env.PORTAL_DIST_DIR ?? path.join(root, "dist"));
const clientDir = path.join(distDir, "client");

/** The built services (dist/server/services.mjs): configuration, composition root, service calls. */
export const loadServices = () =>
  import(pathToFileURL(path.join(distDir, "server", "services.mjs")).href);

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".pdf": "application/pdf",
};

// Every answer; a page's own Content-Security-Policy replaces the resource one (server/csp.mjs).
const securityHeaders = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "content-security-policy": RESOURCE_POLICY,
};

/** Files named with a content hash never change, so browsers and CDNs may keep them for a year. */
const isHashed = (urlPath) => urlPath.startsWith("/_astro/");

/**
 * Every file of the build by URL path, read once: dist/ does not change while the server runs (the
 * launcher builds before it starts the server), so no request touches the disk to find out.
 */
function indexStatic(dir, config) {
  const files = new Map();
  const walk = (folder, prefix) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file, `${prefix}${entry.name}/`);
      else if (entry.isFile()) files.set(`${prefix}${entry.name}`, { file, info: statSync(file) });
    }
  };
  walk(dir, "/");
  // Each page's policy, from the inline scripts it was built with (the files do not change).
  const sources = externalSources(config);
  for (const [urlPath, entry] of files) {
    if (!urlPath.endsWith(".html")) continue;
    const framed = mayBeFramed(urlPath);
    entry.policy = pagePolicy({
      hashes: inlineScriptHashes(readFileSync(entry.file, "utf8")),
      framed,
      sources,
    });
    entry.framed = framed;
  }
  return files;
}

/** The built file a URL path names (directly, as a folder's index.html, or without .html). */
function findStatic(files, urlPath) {
  let decoded;
  try {
    decoded = path.posix.normalize(decodeURIComponent(urlPath));
  } catch {
    return undefined;
  }
  const candidates = decoded.endsWith("/")
    ? [`${decoded}index.html`]
    : [decoded, `${decoded}/index.html`, `${decoded}.html`];
  for (const candidate of candidates) {
    const found = files.get(candidate);
    if (found) return found;
  }
  return undefined;
}

/**
 * Spec §2's `/enrollment/:id?` is optional and not exact: the build has pages for ids 1 and 2 and the
 * named enrolment pages only, so any other id or path under a flow's enrolment (`/enrollment/7`,
 * `/ms/fidyah/enrollment/x/y`) shows that flow's enrolment choice, as the route would, not "not found".
 */
function enrolmentFallback(files, urlPath) {
  const { prefix, rest } = splitLanguage(urlPath);
  const match = /^((?:\/[a-z0-9-]+)?\/enrollment)\/[^/]/.exec(rest);
  return match ? findStatic(files, `${prefix}${match[1]}`) : undefined;
}

function sendFile(req, res, { file, info, policy, framed }, status = 200) {
  const urlPath = new URL(req.url ?? "/", "http://x").pathname;
  if (policy) {
    res.setHeader("content-security-policy", policy);
    res.setHeader("x-frame-options", framed ? "SAMEORIGIN" : "DENY");
  }
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  res.setHeader("content-type", types[path.extname(file)] ?? "application/octet-stream");
  res.setHeader(
    "cache-control",
    isHashed(urlPath)
      ? "public, max-age=31536000, immutable"
      : "public, max-age=0, must-revalidate",
  );
  res.setHeader("etag", etag);
  if (status === 200 && req.headers["if-none-match"] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = status;
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}

/**
 * Whether the request's host wears the wakaf brand: spec §1's site variant from the configured site
 * entries (the services bundle's `siteBrandOfHost`), else §1's host rule alone.
 */
async function wakafHostOf(portal, host, productRoute) {
  if (!portal?.siteBrandOfHost) return onWakafHost(host, productRoute);
  return (await portal.siteBrandOfHost(host)) === "wakaf";
}

async function notFound(files, req, res, productRoute, portal) {
  // Under /ms/ the Malay not-found page (Malay header and footer); on the wakaf host, the wakaf one.
  const urlPath = new URL(req.url ?? "/", "http://x").pathname;
  const host = req.headers.host;
  const wakafHost = await wakafHostOf(portal, host, productRoute);
  const page =
    findStatic(files, notFoundPagePath(urlPath, host, productRoute, wakafHost)) ??
    files.get("/404.html");
  if (page) {
    sendFile(req, res, page, 404);
    return;
  }
  res.statusCode = 404;
  res.setHeader("content-type", "text/plain; charset=utf-8");
  res.end("Page Not Found");
}

/**
 * Browser tests change the rates mid-session through `POST /__test/rates` (PGlite has one opener, so the
 * test cannot reach the database itself). Mounted only when PORTAL_TEST_CONTROL_TOKEN is set, never
 * under NODE_ENV=production, and each request must carry the token as a bearer token.
 */
function testControlToken(config) {
  // Refused in production and when shorter than 32 characters (src/server/config.ts).
  const token = config.testControlToken;
  return token ? Buffer.from(`Bearer ${token}`) : undefined;
}

/** A caller's request id when it is a plain short token (a load balancer's), else a new one. */
const requestIdOf = (req) => {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && /^[\w.:-]{8,64}$/.test(given) ? given : randomUUID();
};

const hasToken = (req, expected) => {
  const given = Buffer.from(req.headers.authorization ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/**
 * Build the request listener. `astroHandler` is the adapter's middleware-mode handler; `services`
 * (dist/server/services.mjs) answers the service calls under /svc/ without going through Astro;
 * `portal` is the started portal (`services.startPortal`), handed to the Astro routes as
 * `locals.portal`.
 */
export function createListener(astroHandler, services, portal, shutdown = { draining: false }) {
  const { config, log } = portal;
  const compress = compression({ threshold: 1024 });
  const files = indexStatic(clientDir, config);
  const testToken = testControlToken(config);
  const productRoute = config.productRoute;
  const wakafLandings = services?.wakafLandings?.(productRoute) ?? new Set();
  // The portal's own pages may ask where the device is only when "use my current location" is on
  // (PORTAL_GOOGLE_GEOCODING_KEY); no page may use the camera or microphone.
  const permissionsPolicy = `camera=(), microphone=(), geolocation=(${config.address.google ? "self" : ""})`;
  const locals = { portal };
  // Stopping: requests already here are finished, and each answer closes its connection, so a
  // keep-alive client (a load balancer's pool) reconnects to another instance.
  const answering = new Set();
  shutdown.closeConnections = () => {
    for (const res of answering) if (!res.headersSent) res.setHeader("connection", "close");
  };
  const failed = (req, res, requestId, error) => {
    log.error(
      { requestId, err: error },
      `[web] ${req.method} ${req.url?.split("?")[0]} failed: ${error?.message ?? "unknown"}`,
    );
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  };
  return (req, res) => {
    const requestId = requestIdOf(req);
    res.setHeader("x-request-id", requestId);
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    res.setHeader("permissions-policy", permissionsPolicy);
    if (isHttps(req, config.trustProxy)) res.setHeader("strict-transport-security", HSTS);
    if (shutdown.draining) res.setHeader("connection", "close");
    else {
      answering.add(res);
      res.once("close", () => answering.delete(res));
    }
    if (testToken && portal.serveTestControl && req.url?.startsWith("/__test/")) {
      // Test control only (never in production): its stand-in social provider's form posts and
      // redirects back across origins, as a real provider's pages do under their own policy.
      res.removeHeader("content-security-policy");
      if (!hasToken(req, testToken)) {
        res.statusCode = 401;
        res.end();
        return;
      }
      const url = new URL(req.url, "http://localhost");
      portal.serveTestControl(req, res, url).catch(() => {
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
      return;
    }
    if (services?.isConsolePath?.(req.url?.split("?")[0] ?? "")) {
      // The console's calls (its API, sign-in, callback and sign-out): the services' too, on the
      // same services as /svc/, in the same bundle.
      const url = new URL(req.url, "http://localhost");
      portal.serveConsole(req, res, url).catch((error) => failed(req, res, requestId, error));
      return;
    }
    if (services && req.url?.startsWith("/svc/")) {
      // Every /svc/ path is the services' (an unknown one gets their 404). Small JSON answers:
      // compressing them costs more than it saves on the wire.
      const url = new URL(req.url, "http://localhost");
      services
        .serveService(portal, req, res, url, requestId)
        .catch((error) => failed(req, res, requestId, error));
      return;
    }
    if (
      portal.serveIdentity &&
      (req.url?.startsWith(`${services.LAYER_PATH}/`) ||
        req.url?.split("?")[0] === services.LAYER_PATH ||
        req.url?.split("?")[0] === services.CONFIG_PATH)
    ) {
      // The identity configuration and, when embedded, the layer in front of cognito-local.
      const url = new URL(req.url, "http://localhost");
      portal.serveIdentity(req, res, url).catch((error) => failed(req, res, requestId, error));
      return;
    }
    if (portal.serveSandbox && req.url?.startsWith("/sandbox/")) {
      // The sandbox gateway's pages and calls, when it is the gateway (a stand-in: src/server/standins.ts).
      const url = new URL(req.url, "http://localhost");
      portal
        .serveSandbox(req, res, url)
        .then((answered) => answered || notFound(files, req, res, productRoute, portal))
        .catch((error) => failed(req, res, requestId, error));
      return;
    }
    compress(req, res, async () => {
      try {
        const url = new URL(req.url ?? "/", "http://x");
        if (req.method === "GET" || req.method === "HEAD") {
          const wakafHost = await wakafHostOf(portal, req.headers.host, productRoute);
          const away = landingRedirect(url.pathname, wakafLandings, wakafHost);
          if (away !== undefined) {
            // Spec §2: a wakaf landing away from the wakaf host goes home, before anything shows.
            res.statusCode = 302;
            res.setHeader("location", away);
            res.setHeader("cache-control", "no-store");
            res.end();
            return;
          }
          const page = brandedPagePath(
            url.pathname,
            url.searchParams,
            req.headers.host,
            productRoute,
            services?.wakafFlows ?? new Set(),
            wakafHost,
          );
          const found = findStatic(files, page) ?? enrolmentFallback(files, url.pathname);
          if (found) {
            sendFile(req, res, found);
            return;
          }
        }
        // A streamed answer (a download) waits for the client before it makes its next chunk.
        const { ready } = writeGate(res);
        await astroHandler(
          req,
          res,
          () =>
            notFound(files, req, res, productRoute, portal).catch((error) =>
              failed(req, res, requestId, error),
            ),
          { ...locals, writable: ready },
        );
      } catch (error) {
        failed(req, res, requestId, error);
      }
    });
  };
}

/** Start listening; resolves with the servers once every address is bound. */
export async function startServer({ services, portal, shutdown = { draining: false } }) {
  const { port, hosts } = portal.config;
  const entry = path.join(distDir, "server", "entry.mjs");
  const { handler } = await import(pathToFileURL(entry).href);
  shutdown.close = portal.close;
  const listener = createListener(handler, services, portal, shutdown);
  const servers = [];
  for (const host of hosts) {
    const server = http.createServer({ keepAliveTimeout: 65_000 }, listener);
    await new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => resolve(undefined));
    }).catch((error) => {
      // An address family this machine lacks (no IPv6) is not fatal while another address serves.
      if (error.code === "EADDRNOTAVAIL" || error.code === "EAFNOSUPPORT") return;
      throw error;
    });
    if (server.listening) servers.push(server);
  }
  if (servers.length === 0) throw new Error(`could not listen on ${hosts.join(", ")}`);
  return servers;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const services = await loadServices();
  // Every setting read and checked once; refused settings stop the server here, each named.
  const config = services.configOrExit(process.env, "web", "[web]");
  const portal = await services.startPortal(config);
  const { log } = portal;
  const shutdown = { draining: false };
  const servers = await startServer({ services, portal, shutdown });
  const { port, hosts } = config;
  log.info(`[web] listening on port ${port} (${hosts.join(", ")})`);
  const graceMs = config.shutdownGraceMs;
  const stop = (signal) => {
    if (shutdown.draining) return;
    shutdown.draining = true;
    shutdown.closeConnections?.();
    log.info(`[web] ${signal}: finishing the requests in progress (at most ${graceMs / 1000} s)`);
    let open = servers.length;
    const done = () => {
      if (--open > 0) return;
      // The last answer is out: now the database may close (PGlite's files left consistent).
      Promise.resolve(shutdown.close?.())
        .catch((error) => log.error(`[web] closing the database failed: ${error?.message}`))
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
