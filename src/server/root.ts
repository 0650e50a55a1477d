import { randomBytes, randomUUID } from "node:crypto";
import { Effect } from "effect";
import type { ClockShape, IdsShape } from "@portal/domain";
import type { PortalConfig } from "./config";
import type { ReportError } from "./error-reporting";
import type { Logger } from "./log";

/**
 * The composition root's state: the configuration read once at start-up, the clock and ids ports,
 * the logger, and every service built from them (each made once, on first use, for this root only).
 * `startPortal` (src/server/api/node.ts) builds it when the web server starts; nothing is built when a
 * module is imported. The Astro bundle never reads it: the web server hands the Astro routes the
 * started portal through `locals.portal`.
 */
export interface Root {
  readonly config: PortalConfig;
  readonly clock: PortalClock;
  readonly ids: IdsShape;
  readonly log: Logger;
  /** Server-side error reporting (Sentry when PORTAL_SENTRY_DSN is set; otherwise nothing). */
  readonly report: ReportError;
  /** Services built from this root, by name (`scoped`). */
  readonly services: Map<string, unknown>;
  /** How to stop the loops `startPortal` started (jobs, sweeps); called by `close`. */
  readonly stops: Array<() => void>;
}

/**
 * The domain's Clock port on the process clock, with an offset that browser and integration tests move
 * forward through `POST /__test/clock` (mounted only with PORTAL_TEST_CONTROL_TOKEN), so a journey can
 * outlive a PayNow QR without waiting five minutes. The gateway keeps its own clock, as a bank does.
 */
export interface PortalClock extends ClockShape {
  /** The same time as a plain number, for the repositories' `now` option. */
  readonly nowMs: () => number;
  /** Tests only: move the portal's clock forward by `ms`; returns the offset now. */
  readonly advance: (ms: number) => number;
}

export const portalClock = (): PortalClock => {
  let offsetMs = 0;
  const nowMs = () => Date.now() + offsetMs;
  return {
    nowMs,
    now: () => Effect.sync(nowMs),
    advance: (ms) => {
      if (!Number.isFinite(ms) || ms < 0)
        throw new Error("advanceMs must be a non-negative number");
      offsetMs += ms;
      return offsetMs;
    },
  };
};

/** The domain's Ids port: random UUIDs, and tokens of 256 random bits (base64url). */
export const systemIds: IdsShape = {
  newId: () => Effect.sync(() => randomUUID()),
  newToken: () => Effect.sync(() => randomBytes(32).toString("base64url")),
};

let current: Root | undefined;

/** Install the root built at start-up; a second root in one process is a mistake and refused. */
export function installRoot(root: Root): Root {
  if (current) throw new Error("the portal is already started in this process");
  current = root;
  return root;
}

/**
 * The Astro bundle's side: the web server hands every Astro request the started portal
 * (`locals.portal`), and src/middleware.ts adopts its root here, so the console's routes and the
 * sandbox's pages use the same services as the service calls. Adopting another root is refused.
 */
export function adoptRoot(started: Root): void {
  if (current === started) return;
  if (current) throw new Error("another portal is already started in this process");
  current = started;
}

/** Forget the root (after `close`), so a test may start another. */
export const uninstallRoot = (): void => {
  current = undefined;
};

/** The started portal's root; throws when asked before `startPortal`. */
export function root(): Root {
  if (!current) throw new Error("the portal is not started: startPortal(config) builds it first");
  return current;
}

/** The started portal's configuration. */
export const config = (): PortalConfig => root().config;

/**
 * A service of the started portal, made on its first use from the root and kept for the root's life.
 * One made asynchronously that fails (the database unreachable or its connection cut while it was
 * opened, migrated or seeded) is forgotten, so the next use makes it again: an instance recovers by
 * itself rather than failing every request until it is restarted.
 */
export function scoped<T>(name: string, make: (root: Root) => T): T {
  const started = root();
  if (!started.services.has(name)) {
    const made = make(started);
    started.services.set(name, made);
    if (made instanceof Promise) {
      made.catch(() => {
        if (started.services.get(name) === made) started.services.delete(name);
      });
    }
  }
  return started.services.get(name) as T;
}
