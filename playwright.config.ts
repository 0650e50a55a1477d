import { defineConfig, devices } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromiumFlags } from "./scripts/lib/chromium-flags.mjs";

// Browser tests drive Debian's Chromium (no browser downloads here) against the built portal, started
// through the real launcher on its own port and a throwaway data folder.
const port = Number(process.env.E2E_PORT ?? 4399);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "portal-e2e-"));
process.env.E2E_DATA_DIR = dataDir;
// Lets a journey change the rates mid-session (POST /__test/rates; see src/server/api/test-control.ts).
const testControlToken = process.env.E2E_TEST_CONTROL_TOKEN ?? randomBytes(24).toString("hex");
process.env.E2E_TEST_CONTROL_TOKEN = testControlToken;

// Journeys that move the portal's clock (POST /__test/clock) run after every other journey of the
// same Playwright process, whatever their names: a draft's "now" or a counter entry's time in a
// journey after them would otherwise fall behind the portal's clock. Found by what the file calls.
const clockMovers = readdirSync("tests/e2e").filter(
  (name) =>
    name.endsWith(".spec.ts") &&
    readFileSync(path.join("tests/e2e", name), "utf8").includes("/__test/clock"),
);
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", ...chromiumFlags],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  // A shard of `npm test` (scripts/test.mjs) has its own artifacts folder and report.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? "reports/e2e.json" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "chromium", use: chromium, testIgnore: clockMovers },
    // Listed second: one worker runs a project's journeys after the first's. Not `dependencies`: a
    // dependency project ignores the command line's files, and each shard names its own.
    { name: "chromium-clock", use: chromium, testMatch: clockMovers },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      PORTAL_DATA_DIR: dataDir,
      // The launcher's own modules from Node's compile cache too (it gives its services the same).
      NODE_COMPILE_CACHE: path.resolve("node_modules", ".cache", "node-compile"),
      PORTAL_TEST_CONTROL_TOKEN: testControlToken,
      // social-sign-in.spec.ts configures the pool's OAuth domain in the browser only; its pages
      // exchange the code there, so their Content-Security-Policy must allow it.
      PORTAL_CSP_CONNECT_EXTRA: "https://social-login.portal.test",
      // As behind the load balancer: the caller's address is X-Forwarded-For's last entry. The journeys
      // that make accounts come from their own addresses (tests/e2e/identity.ts ownAddress), as donors'
      // devices do, so the per-address limits do not count the whole suite as one caller.
      PORTAL_TRUST_PROXY: "true",
    },
    stdout: "ignore",
    stderr: "pipe",
  },
});
