// The portal's request listener: hashed assets with long cache lifetimes, prerendered pages, then the
// Astro middleware for API routes and on-demand pages. Everything compressible is compressed (brotli or
// gzip, as the browser accepts). The service calls under /svc/ go to the services bundle
// (dist/server/services.mjs) directly, outside Astro's request pipeline.
import { randomUUID, timingSafeEqual } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import type * as ServicesModule from "../api/node";
import type { PortalConfig } from "../config";
import { brandedPagePath, landingRedirect, notFoundPagePath, siteLinkRequest } from "./brand";
import { HSTS, isHttps, RESOURCE_POLICY } from "./csp";
import {
  enrolmentFallback,
  findStatic,
  indexStatic,
  sendFile,
  type StaticFiles,
} from "./static-files";
import { writeGate } from "./write-gate";

/** The built services (dist/server/services.mjs): configuration, composition root, service calls. */
export type Services = typeof ServicesModule;
/** The started portal (`services.startPortal`), handed to the Astro routes as `locals.portal`. */
export type Portal = ServicesModule.Portal;

/** The Astro Node adapter's middleware-mode handler (dist/server/entry.mjs `handler`). */
export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => unknown,
  locals: App.Locals,
) => Promise<unknown>;

/** The web server's stopping state, shared by the listener and the process's signal handlers. */
export interface Shutdown {
  draining: boolean;
  /** Each answer still being made closes its connection (set by the listener). */
  closeConnections?: () => void;
  /** Stop the portal's loops and close the database (the portal's `close`). */
  close?: () => Promise<void>;
}

// Every answer; a page's own Content-Security-Policy replaces the resource one (./csp.ts).
const securityHeaders = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "content-security-policy": RESOURCE_POLICY,
};

/**
 * Whether the request's host wears the wakaf brand: spec §1's site variant from the configured site
 * entries, else §1's host rule (the services bundle's `siteBrandOfHost`, src/server/site.ts).
 */
const wakafHostOf = async (portal: Portal, host: string | undefined): Promise<boolean> =>
  (await portal.siteBrandOfHost(host)) === "wakaf";

async function notFound(
  files: StaticFiles,
  req: IncomingMessage,
  res: ServerResponse,
  productRoute: string,
  portal: Portal,
): Promise<void> {
  // Under /ms/ the Malay not-found page (Malay header and footer); on the wakaf host, the wakaf one.
  const urlPath = new URL(req.url ?? "/", "http://x").pathname;
  const host = req.headers.host;
  const wakafHost = await wakafHostOf(portal, host);
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
function testControlToken(config: PortalConfig): Buffer | undefined {
  // Refused in production and when shorter than 32 characters (src/server/config.ts).
  const token = config.testControlToken;
  return token ? Buffer.from(`Bearer ${token}`) : undefined;
}

/** A caller's request id when it is a plain short token (a load balancer's), else a new one. */
const requestIdOf = (req: IncomingMessage): string => {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && /^[\w.:-]{8,64}$/.test(given) ? given : randomUUID();
};

const hasToken = (req: IncomingMessage, expected: Buffer): boolean => {
  const given = Buffer.from(req.headers.authorization ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
};

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : error === undefined ? "unknown" : String(error);

/**
 * Build the request listener. `astroHandler` is the adapter's middleware-mode handler; `services`
 * (dist/server/services.mjs) answers the service calls under /svc/ without going through Astro;
 * `portal` is the started portal (`services.startPortal`), handed to the Astro routes as
 * `locals.portal`; `clientDir` is the build's browser files (dist/client).
 */
export function createListener(
  astroHandler: AstroHandler,
  services: Services,
  portal: Portal,
  clientDir: string,
  shutdown: Shutdown = { draining: false },
): http.RequestListener {
  const { config, log } = portal;
  const compress = compression({ threshold: 1024 });
  const files = indexStatic(clientDir, config);
  const testToken = testControlToken(config);
  const productRoute = config.productRoute;
  const wakafLandings = services.wakafLandings(productRoute);
  // The portal's own pages may ask where the device is only when "use my current location" is on
  // (PORTAL_GOOGLE_GEOCODING_KEY); no page may use the camera or microphone.
  const permissionsPolicy = `camera=(), microphone=(), geolocation=(${config.address.google ? "self" : ""})`;
  const locals: App.Locals = { portal };
  // Stopping: requests already here are finished, and each answer closes its connection, so a
  // keep-alive client (a load balancer's pool) reconnects to another instance.
  const answering = new Set<ServerResponse>();
  shutdown.closeConnections = () => {
    for (const res of answering) if (!res.headersSent) res.setHeader("connection", "close");
  };
  const failed = (
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    error: unknown,
  ): void => {
    log.error(
      { requestId, err: error },
      `[web] ${req.method} ${req.url?.split("?")[0]} failed: ${messageOf(error)}`,
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
    if (testToken && req.url?.startsWith("/__test/")) {
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
    if (services.isConsolePath(req.url?.split("?")[0] ?? "")) {
      // The console's calls (its API, sign-in, callback and sign-out): the services' too, on the
      // same services as /svc/, in the same bundle.
      const url = new URL(req.url ?? "/", "http://localhost");
      portal
        .serveConsole(req, res, url)
        .catch((error: unknown) => failed(req, res, requestId, error));
      return;
    }
    if (req.url?.startsWith("/svc/")) {
      // Every /svc/ path is the services' (an unknown one gets their 404). Small JSON answers:
      // compressing them costs more than it saves on the wire.
      const url = new URL(req.url, "http://localhost");
      services
        .serveService(portal, req, res, url, requestId)
        .catch((error: unknown) => failed(req, res, requestId, error));
      return;
    }
    const bare = req.url?.split("?")[0];
    if (
      req.url?.startsWith(`${services.LAYER_PATH}/`) ||
      bare === services.LAYER_PATH ||
      bare === services.CONFIG_PATH
    ) {
      // The identity configuration and, when embedded, the layer in front of cognito-local.
      const url = new URL(req.url ?? "/", "http://localhost");
      portal
        .serveIdentity(req, res, url)
        .catch((error: unknown) => failed(req, res, requestId, error));
      return;
    }
    if (req.url?.startsWith("/sandbox/")) {
      // The sandbox gateway's pages and calls, when it is the gateway (a stand-in: src/server/standins.ts).
      const url = new URL(req.url, "http://localhost");
      portal
        .serveSandbox(req, res, url)
        .then(async (answered) => {
          if (!answered) await notFound(files, req, res, productRoute, portal);
        })
        .catch((error: unknown) => failed(req, res, requestId, error));
      return;
    }
    compress(req, res, async () => {
      try {
        const url = new URL(req.url ?? "/", "http://x");
        const go = siteLinkRequest(url.pathname);
        if (go && (req.method === "GET" || req.method === "HEAD")) {
          // Issue 34: one of the site's links (privacy, terms, back-to-site, receipt sites), where
          // officers last set it: the pages link here, never to the address itself.
          const target = await portal.siteLinkTarget(go.name, go.prefix);
          if (target !== undefined) {
            res.statusCode = 302;
            res.setHeader("location", target);
            res.setHeader("cache-control", "no-store");
            res.end();
            return;
          }
        }
        if (req.method === "GET" || req.method === "HEAD") {
          const wakafHost = await wakafHostOf(portal, req.headers.host);
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
            services.wakafFlows,
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
            notFound(files, req, res, productRoute, portal).catch((error: unknown) =>
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

/** Start listening on the configured port and hosts; resolves with the servers once every address is bound. */
export async function startServer({
  services,
  portal,
  distDir,
  shutdown = { draining: false },
}: {
  readonly services: Services;
  readonly portal: Portal;
  /** The build (dist/): its Astro handler (server/entry.mjs) and browser files (client/). */
  readonly distDir: string;
  readonly shutdown?: Shutdown;
}): Promise<http.Server[]> {
  const { port, hosts } = portal.config;
  const entry = path.join(distDir, "server", "entry.mjs");
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  shutdown.close = portal.close;
  const listener = createListener(
    handler,
    services,
    portal,
    path.join(distDir, "client"),
    shutdown,
  );
  const servers: http.Server[] = [];
  for (const host of hosts) {
    const server = http.createServer({ keepAliveTimeout: 65_000 }, listener);
    await new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => resolve(undefined));
    }).catch((error: NodeJS.ErrnoException) => {
      // An address family this machine lacks (no IPv6) is not fatal while another address serves.
      if (error.code === "EADDRNOTAVAIL" || error.code === "EAFNOSUPPORT") return;
      throw error;
    });
    if (server.listening) servers.push(server);
  }
  if (servers.length === 0) throw new Error(`could not listen on ${hosts.join(", ")}`);
  return servers;
}
