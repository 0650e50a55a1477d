// The build's files as the web server sends them: read once when it starts (dist/ does not change while
// it runs), hashed assets with long cache lifetimes, each page with its own Content-Security-Policy.
import { createReadStream, readdirSync, readFileSync, statSync, type Stats } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { PortalConfig } from "../config";
import { splitLanguage } from "./brand";
import { externalSources, inlineScriptHashes, mayBeFramed, pagePolicy } from "./csp";

const types: Readonly<Record<string, string>> = {
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
  ".webmanifest": "application/manifest+json",
};

/**
 * The counter app's service worker (scripts/counter-sw.mjs): a worker runs under its own script's
 * policy, so it gets one that lets it fetch the portal's own files (to keep them for offline use) and
 * nothing else; every other file that is not a page keeps the resource policy, which allows nothing.
 */
export const COUNTER_WORKER_PATH = "/counter-sw.js";
export const COUNTER_WORKER_POLICY =
  "default-src 'none'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** One built file: where it is, its size and time, and for a page its policy and whether it may be framed. */
export interface StaticFile {
  readonly file: string;
  readonly info: Stats;
  policy?: string;
  framed?: boolean;
}

/** Every built file by URL path (`/calculator/index.html`). */
export type StaticFiles = ReadonlyMap<string, StaticFile>;

/** Files named with a content hash never change, so browsers and CDNs may keep them for a year. */
const isHashed = (urlPath: string) => urlPath.startsWith("/_astro/");

/**
 * Every file of the build by URL path, read once: dist/ does not change while the server runs (the
 * launcher builds before it starts the server), so no request touches the disk to find out.
 */
export function indexStatic(dir: string, config: PortalConfig): StaticFiles {
  const files = new Map<string, StaticFile>();
  const walk = (folder: string, prefix: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file, `${prefix}${entry.name}/`);
      else if (entry.isFile()) files.set(`${prefix}${entry.name}`, { file, info: statSync(file) });
    }
  };
  walk(dir, "/");
  // Each page's policy, from the inline scripts it was built with (the files do not change).
  const sources = externalSources(config);
  const worker = files.get(COUNTER_WORKER_PATH);
  if (worker) worker.policy = COUNTER_WORKER_POLICY;
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
export function findStatic(files: StaticFiles, urlPath: string): StaticFile | undefined {
  let decoded: string;
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
export function enrolmentFallback(files: StaticFiles, urlPath: string): StaticFile | undefined {
  const { prefix, rest } = splitLanguage(urlPath);
  const match = /^((?:\/[a-z0-9-]+)?\/enrollment)\/[^/]/.exec(rest);
  return match ? findStatic(files, `${prefix}${match[1]}`) : undefined;
}

/** Send a built file (a 304 when the browser's copy is current), with its page's policy if it has one. */
export function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  { file, info, policy, framed }: StaticFile,
  status = 200,
): void {
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
