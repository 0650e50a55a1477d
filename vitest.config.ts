import { defineConfig } from "vitest/config";

// Two suites: `unit` (pure, fast, beside the code) and `integration` (real embedded services and the
// built server). `npm test` runs them as separate stages; see scripts/test.mjs.
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
            "server/**/*.test.mjs",
            "bench/**/*.test.mjs",
          ],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
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
