// The peak-night sections of bench/report.md (issue 21): each run of bench/crash.mjs or
// bench/soak.mjs replaces its own marked block, and bench/run.mjs keeps the blocks when it rewrites
// the rest of the report.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { benchDir } from "./processes.mjs";
import { prettified } from "./report.mjs";

const reportFile = path.join(benchDir, "report.md");
// Every marked block: the peak-night ones (peak:crash, peak:soak) and the finance bench's
// (finance-bench, written by bench/finance-bench.mjs), so that no bench's rewrite drops another's.
const blockPattern = /<!-- ((?:peak:)?[a-z-]+) -->[\s\S]*?<!-- \/\1 -->\n?/g;

/** Every peak-night block now in `text`, in order. */
export function peakBlocks(text) {
  return [...text.matchAll(blockPattern)].map((match) => match[0].trimEnd() + "\n");
}

/** `text` with the block `id` replaced by `body` (appended when it was not there). */
export function withPeakBlock(text, id, body) {
  const block = `<!-- peak:${id} -->\n${body.trim()}\n<!-- /peak:${id} -->\n`;
  const own = new RegExp(`<!-- peak:${id} -->[\\s\\S]*?<!-- /peak:${id} -->\\n?`);
  if (own.test(text)) return text.replace(own, block);
  return `${text.trimEnd()}\n\n${block}`;
}

/** Write one peak-night section into bench/report.md, formatted as `npm run lint` expects. */
export async function writePeakSection(id, body) {
  const text = existsSync(reportFile) ? readFileSync(reportFile, "utf8") : "# Benchmarks\n";
  writeFileSync(reportFile, await prettified(reportFile, withPeakBlock(text, id, body)));
}

/** The peak-night blocks of the report on disk, for bench/run.mjs to carry into its new report. */
export function existingPeakBlocks() {
  return existsSync(reportFile) ? peakBlocks(readFileSync(reportFile, "utf8")) : [];
}
