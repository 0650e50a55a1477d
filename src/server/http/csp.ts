// Content-Security-Policy and HSTS for every answer of the web server (README "Security model").
// The pages are prerendered files: each page's inline scripts are hashed once when the server starts,
// and its policy names exactly those hashes, so an injected inline script (or an `on…=` attribute, or
// a script from another host) does not run. Stripe's hosts are named only when the portal takes cards
// through Stripe; the identity provider's and Sentry's only when they are configured. Only the pages
// another page of the portal frames (the sandbox's 3-D Secure page, inside checkout's challenge frame)
// may be framed, and only by the portal itself.
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import type { PortalConfig } from "../config";
import { forwardedScheme } from "../forwarded";

/** Pages shown inside a frame of the portal's own pages (checkout frames the sandbox's bank page). */
const FRAMED = /^\/(?:ms\/)?sandbox\/3ds(?:\/|\/index\.html|\.html)?$/;

export const mayBeFramed = (urlPath: string): boolean => FRAMED.test(urlPath);

/** The sha256 source expression of each inline `<script>` (no `src`) of a page, in order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? "")) continue;
    hashes.push(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...new Set(hashes)];
}

const originOf = (value: string): string | undefined => {
  try {
    const url = new URL(value);
    return url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
};

export interface ExternalSources {
  readonly script: ReadonlyArray<string>;
  readonly frame: ReadonlyArray<string>;
  readonly connect: ReadonlyArray<string>;
}

/** The hosts the pages talk to besides their own origin, from the configuration (src/server/config.ts). */
export function externalSources(config: PortalConfig): ExternalSources {
  const stripe = config.payments.gateway === "stripe";
  const connect: string[] = [];
  // Amplify calls Cognito in the pool's region (the embedded provider answers on this origin), and
  // a social sign-in's code is exchanged at the pool's hosted domain.
  const { identity } = config;
  const region = /^([a-z]{2}(?:-[a-z]+)+-\d)_/.exec(identity.poolId ?? "")?.[1];
  if (region && !identity.cognitoLocalUrl)
    connect.push(`https://cognito-idp.${region}.amazonaws.com`);
  if (identity.oauthDomain) connect.push(`https://${identity.oauthDomain}`);
  const sentry = config.pageSentryDsn ? originOf(config.pageSentryDsn) : undefined;
  if (sentry) connect.push(sentry);
  if (stripe) connect.push("https://api.stripe.com");
  // Further https hosts the pages may call (PORTAL_CSP_CONNECT_EXTRA, space- or comma-separated).
  for (const extra of config.cspConnectExtra) {
    const origin = extra ? originOf(extra) : undefined;
    if (origin) connect.push(origin);
  }
  return {
    script: stripe ? ["https://js.stripe.com"] : [],
    frame: stripe ? ["https://js.stripe.com", "https://hooks.stripe.com"] : [],
    connect,
  };
}

/** A page's policy: its own inline scripts' hashes, the configured hosts, framing only where allowed. */
export function pagePolicy({
  hashes,
  framed,
  sources,
}: {
  readonly hashes: ReadonlyArray<string>;
  readonly framed: boolean;
  readonly sources: ExternalSources;
}): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...hashes, ...sources.script].join(" ")}`.trim(),
    // Styles: the page's stylesheets and inline ones (no script runs from a style).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${sources.connect.join(" ")}`.trim(),
    `frame-src 'self' ${sources.frame.join(" ")}`.trim(),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${framed ? "'self'" : "'none'"}`,
  ].join("; ");
}

/** Every answer that is not a page (API, assets, files): nothing may run, load or frame it. */
export const RESOURCE_POLICY =
  "default-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A Node request's headers as `forwardedScheme` reads them (a repeated header's values joined). */
const headersOf = (req: IncomingMessage) => ({
  get: (name: string): string | null => {
    const value = req.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  },
});

/**
 * HSTS, only when the request came over HTTPS: TLS on this socket, or a trusted proxy
 * (PORTAL_TRUST_PROXY=true) saying `x-forwarded-proto: https` (src/server/forwarded.ts, the one
 * reader of that header).
 */
export function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as Partial<TLSSocket> | undefined)?.encrypted) return true;
  return forwardedScheme(headersOf(req), trustProxy) === "https";
}

export const HSTS = "max-age=31536000; includeSubDomains";
