import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, isHttps, mayBeFramed, pagePolicy } from "./csp";

/** A request as the web server sees it: its headers, and whether its socket is TLS. */
const request = (headers: Record<string, string | string[]>, encrypted = false) =>
  ({ headers, socket: { encrypted } }) as unknown as IncomingMessage;

describe("isHttps (when HSTS is sent)", () => {
  it("believes TLS on the socket, whatever the headers", () => {
    expect(isHttps(request({}, true), false)).toBe(true);
  });

  it("reads X-Forwarded-Proto only from a trusted proxy, its last entry (the proxy's own)", () => {
    expect(isHttps(request({ "x-forwarded-proto": "https" }), false)).toBe(false);
    expect(isHttps(request({ "x-forwarded-proto": "https" }), true)).toBe(true);
    expect(isHttps(request({ "x-forwarded-proto": "https, http" }), true)).toBe(false);
    expect(isHttps(request({ "x-forwarded-proto": "http, https" }), true)).toBe(true);
    expect(isHttps(request({}), true)).toBe(false);
  });
});

describe("a page's policy", () => {
  it("names the hashes of its inline scripts, not those that load a file", () => {
    const hashes = inlineScriptHashes(
      '<script>alert(1)</script><script src="/_astro/a.js"></script><script>alert(1)</script>',
    );
    expect(hashes).toHaveLength(1);
    const policy = pagePolicy({
      hashes,
      framed: false,
      sources: { script: [], frame: [], connect: [] },
    });
    expect(policy).toContain(`script-src 'self' ${hashes[0]}`);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("lets only the sandbox's 3-D Secure page be framed, by the portal itself", () => {
    expect(mayBeFramed("/sandbox/3ds")).toBe(true);
    expect(mayBeFramed("/ms/sandbox/3ds.html")).toBe(true);
    expect(mayBeFramed("/checkout")).toBe(false);
  });
});
