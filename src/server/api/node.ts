import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { constants, gzip } from "node:zlib";
import { startMailJobs, startPaymentJobs, startReminderJobs, startSweeps } from "./jobs";
import { startConsoleJobs } from "../console/jobs";
import { serviceRouter, type ServiceRouter } from "./router";
import { serveTestControl } from "./test-control";
export { configOrExit, readConfig } from "../config";
import type { PortalConfig } from "../config";
import { createLogger, reason, type Logger } from "../log";
import { buildServices, type Services } from "../main";
import { startErrorReporting } from "../error-reporting";
import { serveIdentity } from "../identity-provider/http";
import { serveConsole } from "../console/http";
import { consoleRouter } from "../console/router";
export { isConsolePath } from "../console/router";
import {
  fundsOfBrand,
  homePath,
  isOwnPath,
  landingFunds,
  LAST_TEN_NIGHTS_FLOW,
  MAIN_CHARITY_ID,
  SITE_LINK_NAMES,
  type Brand,
} from "@portal/domain";

/** The flows of the wakaf brand (the fund registry's), for the web server's page choice. */
export const wakafFlows: ReadonlySet<string> = new Set(
  fundsOfBrand("wakaf").map((fund) => fund.flow),
);

/** The last ten nights' pages under the WMS landing (docs/last-ten-nights.md). */
const NIGHTS_PAGES = ["/last-ten-nights", "/manage-nights"] as const;

/**
 * The wakaf funds' landing paths (`/wakaf-ilmu`, `/wms`: the registry's funds of the wakaf brand with a
 * landing page) and the last ten nights' pages (`/wms/last-ten-nights`, `/wms/manage-nights`), which
 * open on the wakaf host only (§2).
 */
export const wakafLandings = (productRoute: string): ReadonlySet<string> =>
  new Set([
    ...landingFunds()
      .filter((fund) => fund.brand === "wakaf")
      .map((fund) => homePath(fund.flow, productRoute)),
    // The last ten nights' pages (docs/last-ten-nights.md): a WMS gift, on the wakaf host alone.
    ...NIGHTS_PAGES.map((page) => `${homePath(LAST_TEN_NIGHTS_FLOW, productRoute)}${page}`),
  ]);
import { ping, readHomePageConfiguration } from "@portal/adapters/db";
import { readLimited } from "./body";
import type { RequestHeaders, ServiceRequest } from "./types";

type Serve = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

/**
 * The started portal as the web server and the Astro routes (through `locals.portal`) use it: the
 * services built once by `startPortal` from the configuration read at start-up.
 */
export interface Portal {
  readonly config: PortalConfig;
  readonly log: Logger;
  /** Whether the database answers, and which engine it is (`/api/health`). */
  readonly health: () => Promise<{ readonly engine: string }>;
  /** Every service, built once by the composition root (src/server/main.ts). */
  readonly services: Services;
  /** The service calls' router, over those services. */
  readonly handleServiceRequest: ServiceRouter;
  /** The brand a request's host wears (§1), from the configured site entries. */
  readonly siteBrandOfHost: (host: string | undefined) => Promise<Brand>;
  /** `/auth/config` and the embedded identity provider's layer (`/cognito-idp`). */
  readonly serveIdentity: Serve;
  /** `/sandbox/...`, the sandbox gateway's pages and calls (a stand-in): false when none is here. */
  readonly serveSandbox: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;
  /** `/__test/...` (mounted by the web server only with PORTAL_TEST_CONTROL_TOKEN). */
  readonly serveTestControl: Serve;
  /** The console's calls: /console/api/, and the console's sign-in, callback and sign-out. */
  readonly serveConsole: Serve;
  /**
   * Where one of the site's links leads (issue 34, `/go/<name>`): the address officers set, an own
   * path under the page's language prefix (`/ms`); undefined for an unknown name or a link not set.
   */
  readonly siteLinkTarget: (name: string, languagePrefix: string) => Promise<string | undefined>;
  /** Stop the loops and close the database (after the last answer: src/server/http/serve.ts). */
  readonly close: () => Promise<void>;
}

/** How long a loop that could not start waits before it is tried again. */
const LOOP_RETRY_MS = 5_000;

/**
 * Starts the portal from its configuration, once, when the web server starts (nothing is started by
 * importing a module): builds every service (`buildServices`, the composition root) and starts its
 * loops: reconciliation and recurring charges, the mail queue, the console's publication of approved
 * rates, and the sweeps of expired sessions and held NRICs.
 */
export async function startPortal(
  config: PortalConfig,
  log = createLogger(config.logLevel),
): Promise<Portal> {
  const services = buildServices({ config, log, report: await startErrorReporting(config, log) });
  const stops: Array<() => void> = [];
  stops.push(startSweeps(services));
  // Publish approved rates when their time comes; forget ended console sessions.
  stops.push(startConsoleJobs(services));
  // The day's reminders (opted-in donors), from 9 am Singapore time.
  stops.push(startReminderJobs(services));
  // Not awaited: a database that is not up yet shows in /api/health, not as a failed start; a loop
  // that cannot start yet (its database unreachable, or its connection cut while it started) is
  // tried again until it starts, so no instance is left without reconciliation or mail.
  const started = (name: string, start: () => Promise<() => void>) => {
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const attempt = () =>
      start().then(
        (stop) => (closed ? stop() : void stops.push(stop)),
        (error: unknown) => {
          if (closed) return;
          log.error(`[${name}] not started: ${reason(error)}; trying again in 5 s`);
          retry = setTimeout(attempt, LOOP_RETRY_MS);
          retry.unref();
        },
      );
    stops.push(() => {
      closed = true;
      clearTimeout(retry);
    });
    void attempt();
  };
  started("jobs", () => startPaymentJobs(services));
  started("mail", () => startMailJobs(services));
  // The embedded stand-ins, when the settings ask for them (never in production), warmed now: their
  // tables are made at start rather than in a donor's request (a request that comes sooner waits).
  void services.standins
    .running()
    .catch((error: unknown) => log.error(`[standins] not started: ${reason(error)}`));
  const consoleCalls = consoleRouter(services);
  return {
    config,
    log,
    health: async () => {
      const sql = await services.database.open();
      await ping(sql);
      return { engine: sql.engine };
    },
    services,
    handleServiceRequest: serviceRouter(services),
    siteBrandOfHost: services.brandOfHost,
    serveIdentity: (req, res, url) => serveIdentity(services, req, res, url),
    serveSandbox: services.standins.serveSandbox,
    serveTestControl: (req, res, url) => serveTestControl(services, req, res, url),
    serveConsole: (req, res, url) => serveConsole(consoleCalls, req, res, url),
    siteLinkTarget: async (name, languagePrefix) => {
      const link = SITE_LINK_NAMES.find((known) => known === name);
      if (link === undefined) return undefined;
      const config = await readHomePageConfiguration(
        await services.database.open(),
        MAIN_CHARITY_ID,
      );
      const target = config?.siteLinks[link];
      if (!target) return undefined;
      return isOwnPath(target) ? `${languagePrefix}${target}` : target;
    },
    close: async () => {
      for (const stop of stops.splice(0)) stop();
      await services.database.close();
    },
  };
}

const headersOf = (req: IncomingMessage): RequestHeaders => ({
  get: (name) => {
    const value = req.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  },
});

/**
 * The services on Node's own request and response, for `src/server/http/listener.ts`: the hot calls (the
 * configuration read on every page load, the payment calls at the fitrah deadline) skip the page
 * framework's request pipeline entirely. See bench/report.md.
 */
export async function serveService(
  portal: Pick<Portal, "handleServiceRequest">,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  requestId?: string,
): Promise<void> {
  const request: ServiceRequest = {
    requestId,
    method: req.method ?? "GET",
    url,
    headers: headersOf(req),
    body: () => readLimited(req),
    remoteAddress: req.socket.remoteAddress,
  };
  const response = await portal.handleServiceRequest(request);
  res.statusCode = response.status;
  res.setHeader("content-type", "application/json");
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  // Long lists (a page of 100 transactions) are worth compressing; the hot small reads are not.
  if (
    response.body.length >= COMPRESS_FROM &&
    /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")
  ) {
    res.setHeader("content-encoding", "gzip");
    res.setHeader("vary", "accept-encoding");
    res.end(await gzipped(response.body));
    return;
  }
  res.end(response.body);
}

const COMPRESS_FROM = 4096;
const gzipAsync = promisify(gzip) as (
  body: string | Uint8Array,
  options: { level: number },
) => Promise<Buffer>;
/**
 * Bodies given as bytes are answers kept and sent again (src/server/api/kept-answers.ts): compressed
 * once, for as long as the answer is kept.
 */
const compressed = new WeakMap<Uint8Array, Promise<Buffer>>();
const gzipped = (body: string | Uint8Array): Promise<Buffer> => {
  // Level 1: most of the saving for a fraction of the time on a busy server.
  if (typeof body === "string") return gzipAsync(body, { level: constants.Z_BEST_SPEED });
  let done = compressed.get(body);
  if (!done) {
    done = gzipAsync(body, { level: constants.Z_BEST_SPEED });
    compressed.set(body, done);
  }
  return done;
};

/** Where the identity configuration and the embedded provider's layer are, for the web server. */
export { LAYER_PATH, CONFIG_PATH } from "../identity-provider/http";
