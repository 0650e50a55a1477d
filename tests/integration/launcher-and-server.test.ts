import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { root, startPortal, type RunningPortal } from "../support/portal";

let portal: RunningPortal;

beforeAll(async () => {
  portal = await startPortal(4411);
});

afterAll(async () => {
  await portal?.stop();
});

describe("the portal server", () => {
  it("serves the home page in English and Malay", async () => {
    const en = await fetch(`${portal.base}/`);
    expect(en.status).toBe(200);
    expect(await en.text()).toContain('<html lang="en"');
    const ms = await fetch(`${portal.base}/ms/`);
    expect(await ms.text()).toContain("Zakat Singapura");
  });

  it("answers the health API route with the spec's envelope", async () => {
    const response = await fetch(`${portal.base}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toMatchObject({ status: 1, message: "ok" });
  });

  it("compresses pages with brotli or gzip, as the browser accepts", async () => {
    // fetch() decodes transparently; read the raw header through a plain request.
    const head = (encoding: string) =>
      fetch(`${portal.base}/`, { headers: { "accept-encoding": encoding } }).then((r) => ({
        encoding: r.headers.get("content-encoding"),
        vary: r.headers.get("vary"),
      }));
    expect(await head("br, gzip")).toEqual({ encoding: "br", vary: "Accept-Encoding" });
    expect(await head("gzip")).toEqual({ encoding: "gzip", vary: "Accept-Encoding" });
    expect((await head("identity")).encoding).toBeNull();
  });

  it("serves hashed assets for a year and pages for revalidation", async () => {
    const asset = readdirSync(path.join(root, "dist/client/_astro")).find((f) => f.endsWith(".js"));
    const js = await fetch(`${portal.base}/_astro/${asset}`);
    expect(js.status).toBe(200);
    expect(js.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(js.headers.get("content-type")).toMatch(/javascript/);
    const page = await fetch(`${portal.base}/`);
    expect(page.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const again = await fetch(`${portal.base}/`, {
      headers: { "if-none-match": page.headers.get("etag") ?? "" },
    });
    expect(again.status).toBe(304);
  });

  it("answers an unknown path with 404 and never serves files outside the build", async () => {
    expect((await fetch(`${portal.base}/no-such-page`)).status).toBe(404);
    expect((await fetch(`${portal.base}/..%2f..%2fpackage.json`)).status).toBe(404);
    expect((await fetch(`${portal.base}/%2e%2e/server/entry.mjs`)).status).toBe(404);
  });
});

describe("the launcher", () => {
  it("keeps readable logs under the data folder", () => {
    const log = readFileSync(path.join(portal.dataDir, "logs/web.log"), "utf8");
    expect(log).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z \[web\] listening on port 4411/m);
  });

  it("refuses a second start on the same data folder and leaves the first running", async () => {
    const second = spawnSync(process.execPath, [path.join(root, "scripts/start.mjs")], {
      cwd: root,
      env: { ...process.env, PORT: "4412", PORTAL_DATA_DIR: portal.dataDir },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`already running (pid ${portal.child.pid}`);
    expect(existsSync(path.join(portal.dataDir, "portal.lock"))).toBe(true);
    expect((await fetch(`${portal.base}/api/health`)).status).toBe(200);
  });

  it("refuses a start on a port another program holds, rather than take its answers for its own", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "portal-taken-"));
    const second = spawnSync(process.execPath, [path.join(root, "scripts/start.mjs")], {
      cwd: root,
      env: { ...process.env, PORT: String(portal.port), PORTAL_DATA_DIR: dataDir },
      encoding: "utf8",
      timeout: 90_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(
      `Port ${portal.port} on 127.0.0.1 is in use by another program`,
    );
    expect(second.stdout).not.toContain("Ctrl-C stops everything");
    // It left nothing behind: its data folder is free, and the first portal still answers.
    expect(existsSync(path.join(dataDir, "portal.lock"))).toBe(false);
    expect((await fetch(`${portal.base}/api/health`)).status).toBe(200);
  });

  it("stops everything it started on Ctrl-C and releases the data folder", async () => {
    const code = await portal.stop("SIGINT");
    expect(code).toBe(0);
    expect(existsSync(path.join(portal.dataDir, "portal.lock"))).toBe(false);
    await expect(fetch(`${portal.base}/api/health`)).rejects.toThrow();
    expect(portal.output()).toContain("[portal] stopped");
  });
});
