import { createHash } from "node:crypto";
import type { RateWindows } from "@portal/adapters/db";
import type { PortalConfig } from "../config";
import type { Deferred } from "../records";
import { RequestError } from "../api/envelope";
import type { RequestHeaders } from "../api/types";

/**
 * A limit on the service calls: at most `limit` events per key in a fixed window of `windowMs`, counted
 * in the database (`rate_window`, keys kept only as hashes), so every instance behind the load balancer
 * counts against the same window and a restart forgets nothing. `name` keeps one limit's keys apart
 * from another's.
 */
/** Where shared limits count: the portal's `rate_window` (the services' `records.rateWindows`). */
export interface LimitStore {
  readonly records: { readonly rateWindows: Deferred<RateWindows> };
}

export interface SharedLimit {
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
}

/** Count one event under `limit` for `key`: whether it fits, and else the seconds to wait. */
export const hitLimit = async (
  { records }: LimitStore,
  limit: SharedLimit,
  key: string,
  now = Date.now(),
): Promise<{ readonly allowed: boolean; readonly retryAfterSeconds: number }> =>
  (await records.rateWindows()).hit(`${limit.name}:${key}`, limit.limit, limit.windowMs, now);

/**
 * Count one event under each (limit, key) pair, in order (a pair without a key is skipped); the first
 * limit exceeded answers 429 `rate.limited` with `retry-after`.
 */
export const enforceLimits = async (
  store: LimitStore,
  pairs: ReadonlyArray<readonly [SharedLimit, string | undefined]>,
): Promise<void> => {
  for (const [limit, key] of pairs) {
    if (key === undefined) continue;
    const result = await hitLimit(store, limit, key);
    if (!result.allowed) {
      throw new RequestError(429, "Too many requests. Please try again later.", "rate.limited", {
        "retry-after": String(result.retryAfterSeconds),
      });
    }
  }
};

/** The caller's session (guest cookie or sign-in token), hashed; undefined without one. */
export const callerSession = (headers: RequestHeaders): string | undefined => {
  const cookie = /(?:^|;\s*)portal_session=([^;]+)/.exec(headers.get("cookie") ?? "")?.[1];
  const bearer = /^Bearer\s+(\S+)/i.exec(headers.get("authorization") ?? "")?.[1];
  const session = cookie ?? bearer ?? headers.get("givepls_token") ?? undefined;
  return session ? createHash("sha256").update(session).digest("base64url") : undefined;
};

const WINDOW_MS = 60_000;
const receiptLimits = (config: PortalConfig) => ({
  ip: {
    name: "receiptLookups:ip",
    limit: config.receiptLookups.perIp,
    windowMs: WINDOW_MS,
  },
  session: {
    name: "receiptLookups:session",
    limit: config.receiptLookups.perSession,
    windowMs: WINDOW_MS,
  },
});

/**
 * Receipt lookups per minute, per address (PORTAL_RECEIPT_LOOKUPS_PER_IP, default 60) and per session
 * (PORTAL_RECEIPT_LOOKUPS_PER_SESSION, default 20): enough for a family printing receipts, far too few
 * to try tokens or transaction numbers. A signed-in owner's lookup by transaction number (`by:
 * "owner"`) can read only the owner's own receipts, so it counts against its sign-in alone: others
 * trying tokens from a shared address (an office, a mosque's network) never lock the owner out.
 * Answers the seconds to wait, or 0 when the lookup may go ahead.
 */
export const receiptLookupWait = async (
  store: LimitStore & { readonly config: PortalConfig },
  headers: RequestHeaders,
  clientAddress: string,
  by: "token" | "owner",
  now = Date.now(),
): Promise<number> => {
  const limits = receiptLimits(store.config);
  if (by === "token") {
    const ip = await hitLimit(store, limits.ip, clientAddress, now);
    if (!ip.allowed) return ip.retryAfterSeconds;
  }
  const session = callerSession(headers);
  if (session === undefined) return 0;
  const bySession = await hitLimit(store, limits.session, session, now);
  return bySession.allowed ? 0 : bySession.retryAfterSeconds;
};
