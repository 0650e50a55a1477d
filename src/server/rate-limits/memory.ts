import type { IncomingMessage } from "node:http";

/**
 * In-memory rate limits: at most `limit` events per key in a fixed window of `windowMs`. One process
 * keeps its own counts, so N instances behind a load balancer allow up to N times the limit; a shared
 * store (Redis, or the load balancer's own limits) is the step up when the portal runs on several.
 */
export interface RateLimit {
  /** Count one event for `key`; `retryAfterSeconds` is set when the key is over its limit. */
  readonly hit: (key: string) => { readonly allowed: boolean; readonly retryAfterSeconds: number };
  /** Whether `key` is over its limit now, without counting an event. */
  readonly blocked: (key: string) => boolean;
  /** Forget `key` (a successful sign-in clears its failures). */
  readonly reset: (key: string) => void;
}

export function rateLimit(options: {
  readonly limit: number;
  readonly windowMs: number;
  readonly now?: () => number;
}): RateLimit {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string) => {
    const at = now();
    const window = windows.get(key);
    if (window && at - window.start < options.windowMs) return window;
    if (windows.size > 50_000) {
      for (const [k, w] of windows) if (at - w.start >= options.windowMs) windows.delete(k);
    }
    const fresh = { start: at, count: 0 };
    windows.set(key, fresh);
    return fresh;
  };
  const retryAfter = (window: { start: number }) =>
    Math.max(1, Math.ceil((window.start + options.windowMs - now()) / 1000));
  return {
    hit: (key) => {
      const window = current(key);
      window.count += 1;
      return window.count > options.limit
        ? { allowed: false, retryAfterSeconds: retryAfter(window) }
        : { allowed: true, retryAfterSeconds: 0 };
    },
    blocked: (key) => current(key).count >= options.limit,
    reset: (key) => void windows.delete(key),
  };
}

/** The little of a request's headers the caller's address needs (met by `Headers` and by Node's). */
interface HeaderReader {
  readonly get: (name: string) => string | null;
}

/**
 * The caller's address, the key of every per-address limit (the service calls' and the embedded
 * identity provider's): the socket's, or with PORTAL_TRUST_PROXY=true the last X-Forwarded-For entry
 * (the one our own load balancer added; entries before it are the client's word and not trusted).
 * Without PORTAL_TRUST_PROXY the header is ignored, so a forged one cannot buy a fresh window.
 */
export const callerAddress = (
  headers: HeaderReader,
  socketAddress: string | undefined,
  trustProxy: boolean,
): string => {
  if (trustProxy) {
    const forwarded = headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress ?? "unknown";
};

/** `callerAddress` of a request on Node's own server. */
export const callerAddressOf = (req: IncomingMessage, trustProxy: boolean): string =>
  callerAddress(
    {
      get: (name) => {
        const value = req.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
    },
    req.socket.remoteAddress,
    trustProxy,
  );
