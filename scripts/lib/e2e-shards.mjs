// The browser tests run as parallel shards, each a Playwright process with its own portal (its own
// port, data folder and embedded services), so no journey sees another's state. Playwright's own
// `--shard` deals files by count; these are dealt by their measured seconds
// (tests/e2e/durations.json, written from a run's reports by `npm run e2e:durations`): longest
// first, each to the shard with the least time so far. A spec the file does not know yet counts as
// the median, so a new journey always runs somewhere.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Seconds of a spec file, keyed by its name under tests/e2e/. */
export const durationsFile = (root) => path.join(root, "tests", "e2e", "durations.json");

export const readDurations = (root) => {
  try {
    return JSON.parse(readFileSync(durationsFile(root), "utf8"));
  } catch {
    return {};
  }
};

export const specFiles = (root) =>
  readdirSync(path.join(root, "tests", "e2e"))
    .filter((name) => name.endsWith(".spec.ts"))
    .sort();

const median = (values) => {
  if (values.length === 0) return 1;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * Deal `specs` into `count` shards by `durations` (seconds by file name). Every spec lands in
 * exactly one shard; shards that get nothing are dropped; the result is the same for the same input.
 */
export function planShards(specs, durations, count) {
  const known = specs.map((spec) => durations[spec]).filter((s) => typeof s === "number" && s >= 0);
  const guess = median(known);
  const weight = (spec) =>
    typeof durations[spec] === "number" && durations[spec] >= 0 ? durations[spec] : guess;
  const shards = Array.from({ length: Math.max(1, count) }, () => ({ seconds: 0, specs: [] }));
  const ordered = [...specs].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  for (const spec of ordered) {
    const lightest = shards.reduce((best, shard) => (shard.seconds < best.seconds ? shard : best));
    lightest.specs.push(spec);
    lightest.seconds += weight(spec);
  }
  return shards
    .filter((shard) => shard.specs.length > 0)
    .map((shard) => ({ seconds: Math.round(shard.seconds), specs: shard.specs.sort() }));
}

/** Seconds per spec file from Playwright JSON reports (the sum of its tests' durations). */
export function durationsFromReports(reports) {
  const seconds = {};
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        for (const result of t.results ?? []) {
          const name = path.basename(here);
          seconds[name] = (seconds[name] ?? 0) + (result.duration ?? 0) / 1000;
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const report of reports) for (const suite of report.suites ?? []) walk(suite, suite.file);
  return Object.fromEntries(
    Object.entries(seconds)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, s]) => [name, Math.round(s)]),
  );
}
