import { createHash } from "node:crypto";
import type { RateLimit } from "../rate-limit";
import { shared } from "../shared";
import { RequestError } from "./envelope";
import type { RequestHeaders } from "./types";

/**
 * A fixed-window counter per key, in this process's memory: `take` answers whether one more request
 * under `key` fits in the current window. Keys are forgotten when their window has passed; when more
 * than `maxKeys` are live the oldest are dropped first, so a flood of new keys cannot grow the map
 * without bound. Instances behind a load balancer each count their own share.
 */
export const windowLimiter = (limit: number, windowMs: number, maxKeys = 50_000) => {
  const windows = new Map<string, { start: number; count: number }>();
  const sweep = (now: number) => {
    for (const [key, entry] of windows) if (now - entry.start >= windowMs) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  };
  return {
    take: (key: string, now: number): boolean => {
      let entry = windows.get(key);
      if (!entry || now - entry.start >= windowMs) {
        if (!entry && windows.size >= maxKeys) sweep(now);
        entry = { start: now, count: 0 };
        windows.delete(key);
        windows.set(key, entry);
      }
      entry.count += 1;
      return entry.count <= limit;
    },
    /** Seconds until `key`'s window ends (for Retry-After). */
    retryAfter: (key: string, now: number): number => {
      const entry = windows.get(key);
      return entry ? Math.max(1, Math.ceil((entry.start + windowMs - now) / 1000)) : 1;
    },
    size: () => windows.size,
  };
};

/** A whole positive number from configuration, or the fallback. */
export const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
};

/**
 * Count one event under each (limit, key) pair, in order (a pair without a key is skipped); the first
 * limit exceeded answers 429 `rate.limited` with `retry-after`.
 */
export const enforceLimits = (
  pairs: ReadonlyArray<readonly [RateLimit | undefined, string | undefined]>,
): void => {
  for (const [limit, key] of pairs) {
    const result = limit && key !== undefined ? limit.hit(key) : undefined;
    if (result && !result.allowed) {
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
const receiptLimits = () =>
  shared("receiptLookupLimits", () => ({
    ip: windowLimiter(positive(process.env["PORTAL_RECEIPT_LOOKUPS_PER_IP"], 60), WINDOW_MS),
    session: windowLimiter(
      positive(process.env["PORTAL_RECEIPT_LOOKUPS_PER_SESSION"], 20),
      WINDOW_MS,
    ),
  }));

/**
 * Receipt lookups per minute, per address (PORTAL_RECEIPT_LOOKUPS_PER_IP, default 60) and per session
 * (PORTAL_RECEIPT_LOOKUPS_PER_SESSION, default 20): enough for a family printing receipts, far too few
 * to try tokens or transaction numbers. Answers the seconds to wait, or 0 when the lookup may go ahead.
 */
export const receiptLookupWait = (
  headers: RequestHeaders,
  clientAddress: string,
  now = Date.now(),
): number => {
  const limits = receiptLimits();
  const ip = `ip:${clientAddress}`;
  if (!limits.ip.take(ip, now)) return limits.ip.retryAfter(ip, now);
  const session = callerSession(headers);
  if (session !== undefined && !limits.session.take(session, now)) {
    return limits.session.retryAfter(session, now);
  }
  return 0;
};
