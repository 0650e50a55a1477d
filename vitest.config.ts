import { defineConfig } from "vitest/config";

// Two suites: `unit` (pure, fast, beside the code; `unit-isolated` holds its module-mocking files)
// and `integration` (real embedded services and the built server). `npm test` runs them as separate
// stages; see scripts/test.mjs.
/** Unit files that mock modules (vi.mock), run in a project of their own with vitest's isolation. */
const isolatedUnitFiles = ["src/i18n/fixture-language.test.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "src/**/*.test.ts",
            "scripts/**/*.test.mjs",
            "bench/**/*.test.mjs",
          ],
          // Module-mocking files run apart (`unit-isolated`): a mock would leak through the shared
          // module cache.
          exclude: [...isolatedUnitFiles, "**/node_modules/**"],
          environment: "node",
          // Files share their worker's module cache instead of loading every module again per file:
          // on this 2-core machine the unit stage took 210 s isolated (forks or threads alike) and
          // about 85 s so. A unit test keeps no state between files (none mocks, stubs or fakes
          // timers but the files below).
          isolate: false,
          // A few unit tests start PGlite or run the type checker; on a busy 2-core machine they
          // outlast vitest's 5 s and 10 s defaults. Timing is never what a test here asserts.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "unit-isolated",
          include: isolatedUnitFiles,
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time: each starts its own portals on its own ports and its own databases
          // (tests/support/databases.ts), and much of a file's time is spent waiting on them. On this
          // 2-core machine two at a time took the stage from 693 s to 476 s.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
    coverage: {
      provider: "v8",
      include: ["packages/domain/src/**/*.ts"],
      exclude: ["**/*.test.ts", "**/index.ts"],
      reporter: ["text-summary", "json-summary"],
      reportsDirectory: "reports/coverage",
      thresholds: { lines: 95 },
    },
  },
});
