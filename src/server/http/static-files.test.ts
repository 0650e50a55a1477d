import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { PortalConfig } from "../config";
import { COUNTER_WORKER_POLICY, indexStatic } from "./static-files";

// The counter app's service worker runs under its own script's policy (issue 32): one that lets it
// fetch the portal's own files, and nothing else; every other file keeps the resource policy (none).
const config = {
  payments: { gateway: "sandbox" },
  identity: {},
  cspConnectExtra: [],
} as unknown as PortalConfig;

describe("the built files' policies", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "static-files-"));
  mkdirSync(path.join(dir, "counter"));
  mkdirSync(path.join(dir, "_astro"));
  writeFileSync(path.join(dir, "counter", "index.html"), "<!doctype html><p>counter</p>");
  writeFileSync(path.join(dir, "counter-sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(path.join(dir, "_astro", "page.js"), "export {};");
  const files = indexStatic(dir, config);

  it("lets the counter's service worker fetch this origin only", () => {
    expect(files.get("/counter-sw.js")?.policy).toBe(COUNTER_WORKER_POLICY);
    expect(COUNTER_WORKER_POLICY).toContain("connect-src 'self'");
    expect(COUNTER_WORKER_POLICY).toContain("default-src 'none'");
  });

  it("gives no other script a policy of its own, and each page its own", () => {
    expect(files.get("/_astro/page.js")?.policy).toBeUndefined();
    expect(files.get("/counter/index.html")?.policy).toContain("worker-src 'self'");
  });
});
