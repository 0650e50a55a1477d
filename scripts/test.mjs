// `npm test`: every quality gate in order, stopping at the first failing stage with a clear message.
// Ends with one line `N passed, N failed` over all stages (tests counted one by one; each check-only
// stage counts as one).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { ensureChromium } from "./lib/ensure-chromium.mjs";
import { ensureHaproxy } from "./lib/haproxy.mjs";
import { ensurePoppler } from "./lib/ensure-poppler.mjs";
import { ensurePostgres } from "./lib/ensure-postgres.mjs";
import { planShards, readDurations, specFiles } from "./lib/e2e-shards.mjs";

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

/** One shard's Playwright run, its output lines prefixed with the shard's name; resolves to its stats. */
const playwrightShard = (index, specs, port) =>
  new Promise((resolve) => {
    const out = path.join(reports, `e2e-${index + 1}.json`);
    rmSync(out, { force: true });
    const env = {
      ...process.env,
      ASTRO_TELEMETRY_DISABLED: "1",
      FORCE_COLOR: "0",
      E2E_PORT: String(port),
      E2E_REPORT: out,
      E2E_OUTPUT_DIR: path.join(root, "test-results", `shard-${index + 1}`),
    };
    // Each shard's config makes its own data folder and test-control token.
    delete env.E2E_DATA_DIR;
    delete env.E2E_TEST_CONTROL_TOKEN;
    const child = spawn(
      process.execPath,
      [bin("@playwright/test", "cli.js"), "test", ...specs.map((s) => `tests/e2e/${s}`)],
      { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] },
    );
    const prefix = `[shard ${index + 1}] `;
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: from }).on("line", (line) => to.write(prefix + line + "\n"));
    }
    child.on("close", (code) => {
      try {
        const { stats } = JSON.parse(readFileSync(out, "utf8"));
        const failed =
          stats.unexpected + stats.flaky + (code === 0 ? 0 : stats.unexpected === 0 ? 1 : 0);
        resolve({ passed: stats.expected, failed, total: stats.expected + stats.unexpected });
      } catch {
        resolve({ passed: 0, failed: 1, total: 0 });
      }
    });
  });

/**
 * The browser tests, as E2E_SHARDS (default 2) Playwright processes side by side, each with its own
 * portal on its own ports (E2E_PORT + 10 × shard; a spec may use its port + 1 to + 3), the spec files
 * dealt by their measured seconds (scripts/lib/e2e-shards.mjs). Much of a journey is waiting on the
 * portal and the browser, so two shards finish sooner than one on this 2-core machine.
 */
const playwright = async () => {
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
  const count = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);
  const base = Number(process.env.E2E_PORT ?? 4399);
  const shards = planShards(specFiles(root), readDurations(root), count);
  for (const [i, shard] of shards.entries()) {
    console.log(
      `[shard ${i + 1}] ${shard.specs.length} files, about ${shard.seconds} s: ${shard.specs.join(", ")}`,
    );
  }
  const results = await Promise.all(
    shards.map((shard, i) => playwrightShard(i, shard.specs, base + 10 * i)),
  );
  const total = results.reduce((n, r) => n + r.total, 0);
  return {
    passed: results.reduce((n, r) => n + r.passed, 0),
    failed: results.reduce((n, r) => n + r.failed, 0),
    empty: total === 0,
  };
};

const stages = [
  ["Type check (tsc -b)", check([bin("typescript", "bin/tsc"), "-b"])],
  ["Lint (ESLint)", check([bin("eslint", "bin/eslint.js"), "."])],
  ["Format (Prettier)", check([bin("prettier", "bin/prettier.cjs"), "--check", "."])],
  ["Dependency rule", check(["scripts/check-deps.mjs"])],
  [
    "Unit and property tests (vitest, with domain coverage)",
    vitest("unit", ["--project", "unit-isolated", "--coverage.enabled"]),
  ],
  ["Build (astro build)", check(["scripts/build.mjs"])],
  ["Integration tests (vitest; PGlite and PostgreSQL)", integration],
  ["Browser tests (Playwright, Chromium)", playwright],
  ["JavaScript size budget", check(["scripts/size-budget.mjs"])],
];

// `npm test -- --only 7,8` runs those stages alone (say, after `npm run build`); the default is all.
const onlyArg = process.argv.indexOf("--only");
const only =
  onlyArg === -1
    ? null
    : new Set(
        (process.argv[onlyArg + 1] ?? "")
          .split(",")
          .map(Number)
          .filter((n) => n >= 1 && n <= stages.length),
      );
if (only && only.size === 0) {
  console.error(`--only takes stage numbers 1 to ${stages.length}, separated by commas.`);
  process.exit(2);
}

let passed = 0;
let failed = 0;
const started = Date.now();
for (const [index, [name, stage]] of stages.entries()) {
  if (only && !only.has(index + 1)) continue;
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
  `\nAll ${only ? only.size : stages.length} stages passed in ${Math.round((Date.now() - started) / 1000)} s.`,
);
console.log(`${passed} passed, ${failed} failed`);
