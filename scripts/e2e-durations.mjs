// `npm run e2e:durations`: after `npm test` (or `npm test -- --only 8`), writes each browser spec's
// seconds from the shards' reports (reports/e2e-*.json) to tests/e2e/durations.json, which deals the
// spec files into shards (scripts/lib/e2e-shards.mjs). Commit it when a journey was added or grew.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { durationsFile, durationsFromReports } from "./lib/e2e-shards.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.join(root, "reports");
const files = readdirSync(reports).filter((f) => /^e2e(-\d+)?\.json$/.test(f));
if (files.length === 0) {
  console.error("No browser test report in reports/: run `npm test -- --only 8` first.");
  process.exit(1);
}
const durations = durationsFromReports(
  files.map((f) => JSON.parse(readFileSync(path.join(reports, f), "utf8"))),
);
writeFileSync(durationsFile(root), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`Wrote ${Object.keys(durations).length} specs' seconds to tests/e2e/durations.json.`);
