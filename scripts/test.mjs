// `npm test`: every quality gate in order, stopping at the first failing stage with a clear message.
// Ends with one line `N passed, N failed` over all stages (tests counted one by one; each check-only
// stage counts as one).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureChromium } from "./lib/ensure-chromium.mjs";
import { ensureHaproxy } from "./lib/haproxy.mjs";
import { ensurePoppler } from "./lib/ensure-poppler.mjs";
import { ensurePostgres } from "./lib/ensure-postgres.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (pkg, file) => path.join(root, "node_modules", pkg, file);
const reports = path.join(root, "reports");
mkdirSync(reports, { recursive: true });

const run = (args, env = {}) =>
  spawnSync(process.execPath, args, {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      ASTRO_TELEMETRY_DISABLED: "1",
      FORCE_COLOR: process.env.CI ? "0" : "1",
      ...env,
    },
  }).status === 0;

/** A stage that is one check: passes or fails as a whole. */
const check = (args) => () => (run(args) ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });

/** A vitest project, counted test by test from its JSON report. */
const vitest =
  (project, extra = []) =>
  () => {
    const out = path.join(reports, `${project}.json`);
    rmSync(out, { force: true });
    const ok = run([
      bin("vitest", "vitest.mjs"),
      "run",
      "--project",
      project,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${out}`,
      ...extra,
    ]);
    try {
      const r = JSON.parse(readFileSync(out, "utf8"));
      const failed = r.numFailedTests + (ok ? 0 : r.numFailedTests === 0 ? 1 : 0);
      return { passed: r.numPassedTests, failed, empty: r.numTotalTests === 0 };
    } catch {
      return { passed: 0, failed: 1 };
    }
  };

/** Integration tests on PGlite, and on PostgreSQL too when one is reachable or can be started. */
const integration = async () => {
  const postgres = await ensurePostgres();
  if (postgres.url) {
    process.env.TEST_DATABASE_URL = postgres.url;
    console.log("Integration tests run on PGlite and on PostgreSQL.");
  } else {
    console.log(`Integration tests run on PGlite only: ${postgres.reason}.`);
  }
  return vitest("integration")();
};

const playwright = () => {
  // Chromium; poppler-utils for the receipts; HAProxy and openssl for the console behind TLS.
  for (const ensure of [
    ensureChromium,
    ensurePoppler,
    () => ensureHaproxy({ withOpenssl: true }),
  ]) {
    const tool = ensure();
    if (!tool.ok) {
      console.error(tool.message);
      return { passed: 0, failed: 1 };
    }
  }
  const out = path.join(reports, "e2e.json");
  rmSync(out, { force: true });
  const ok = run([bin("@playwright/test", "cli.js"), "test"]);
  try {
    const { stats } = JSON.parse(readFileSync(out, "utf8"));
    const failed = stats.unexpected + stats.flaky + (ok ? 0 : stats.unexpected === 0 ? 1 : 0);
    return { passed: stats.expected, failed, empty: stats.expected + stats.unexpected === 0 };
  } catch {
    return { passed: 0, failed: 1 };
  }
};

const stages = [
  ["Type check (tsc -b)", check([bin("typescript", "bin/tsc"), "-b"])],
  ["Lint (ESLint)", check([bin("eslint", "bin/eslint.js"), "."])],
  ["Format (Prettier)", check([bin("prettier", "bin/prettier.cjs"), "--check", "."])],
  ["Dependency rule", check(["scripts/check-deps.mjs"])],
  [
    "Unit and property tests (vitest, with domain coverage)",
    vitest("unit", ["--coverage.enabled"]),
  ],
  ["Build (astro build)", check(["scripts/build.mjs"])],
  ["Integration tests (vitest; PGlite and PostgreSQL)", integration],
  ["Browser tests (Playwright, Chromium)", playwright],
  ["JavaScript size budget", check(["scripts/size-budget.mjs"])],
];

let passed = 0;
let failed = 0;
const started = Date.now();
for (const [index, [name, stage]] of stages.entries()) {
  console.log(`\n━━ ${index + 1}/${stages.length} ${name}`);
  const stageStarted = Date.now();
  const result = await stage();
  const took = `${Math.round((Date.now() - stageStarted) / 1000)} s`;
  passed += result.passed;
  failed += result.failed;
  if (result.failed > 0 || result.empty) {
    const why = result.empty ? "ran no test" : "failed";
    console.error(
      `\n✗ Stage "${name}" ${why} (after ${took}); later stages were not run. Fix it and run \`npm test\` again.`,
    );
    if (result.empty) failed += 1;
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(1);
  }
  console.log(`✓ ${name} (${took})`);
}
console.log(
  `\nAll ${stages.length} stages passed in ${Math.round((Date.now() - started) / 1000)} s.`,
);
console.log(`${passed} passed, ${failed} failed`);
