import type { PortalConfig } from "../config";
import { forwardedScheme } from "../forwarded";
import { siteOrigins } from "../site-origins";

type OriginSettings = Pick<
  PortalConfig,
  "publicUrl" | "wakafPublicUrl" | "productRoute" | "trustProxy"
>;

/**
 * The request's own origin as the browser was on it: the `Host` it asked for, with the scheme the
 * trusted proxy reports (PORTAL_TRUST_PROXY=true) or, without one, the scheme of this very connection.
 * Behind a TLS load balancer the instance itself sees http, which is never the browser's origin then.
 */
const requestOrigin = (request: Request, settings: OriginSettings): string => {
  // The URL's host is the request's `Host` header; its scheme is this connection's.
  const own = new URL(request.url);
  const scheme = forwardedScheme(request.headers, settings.trustProxy) ?? own.protocol.slice(0, -1);
  return new URL(`${scheme}://${own.host}`).origin;
};

/**
 * Whether a console change comes from the console's own pages (CSRF, with the session's token): its
 * `Origin` is one of the configured public origins (PORTAL_PUBLIC_URL, PORTAL_WAKAF_PUBLIC_URL) or the
 * request's own origin (`requestOrigin`). A missing, `null` or any other origin is refused.
 */
export const fromConsoleOrigin = (request: Request, settings: OriginSettings): boolean => {
  const origin = request.headers.get("origin");
  // An opaque origin ("null": a sandboxed frame, a file) is nobody's, whatever is configured.
  if (origin === null || origin === "null") return false;
  const { zakat, wakaf } = siteOrigins(settings);
  return origin === zakat || origin === wakaf || origin === requestOrigin(request, settings);
};
