// The JavaScript size budget: gzip bytes of every script a page loads up front (its scripts, island
// components and renderers, and everything they import statically). Lazy `import()` is not counted.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const htmlRefs =
  /(?:src|href|component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.m?js)"/g;
const staticImports = /(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+\.m?js)["']/g;

/** The scripts a prerendered page loads, with raw and gzip sizes. */
export function measurePage(clientDir, htmlFile) {
  const html = readFileSync(path.join(clientDir, htmlFile), "utf8");
  const queue = [...html.matchAll(htmlRefs)].map((m) => m[1]);
  const seen = new Map();
  while (queue.length > 0) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    const file = path.join(clientDir, url);
    if (!existsSync(file))
      throw new Error(`${htmlFile} refers to ${url}, which the build does not have`);
    const code = readFileSync(file);
    seen.set(url, { raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
    for (const [, spec] of code.toString("utf8").matchAll(staticImports)) {
      queue.push(spec.startsWith("/") ? spec : path.posix.join(path.posix.dirname(url), spec));
    }
  }
  const files = [...seen].map(([url, size]) => ({ url, ...size }));
  return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
}

/** Each budgeted page with its size and whether it fits. */
export function checkBudgets(clientDir, budgets) {
  return Object.entries(budgets).map(([page, budget]) => {
    const { gzip, files } = measurePage(clientDir, page);
    return { page, budget, gzip, files, ok: gzip <= budget };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const { pages } = JSON.parse(readFileSync(path.join(root, "size-budget.json"), "utf8"));
  const results = checkBudgets(path.join(root, "dist", "client"), pages);
  for (const r of results) {
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `${r.ok ? "ok  " : "OVER"} ${r.page}: ${kb(r.gzip)} gzip of ${kb(r.budget)} (${r.files.length} files)`,
    );
    if (!r.ok) for (const f of r.files) console.log(`       ${f.url} ${kb(f.gzip)}`);
  }
  if (results.some((r) => !r.ok)) {
    console.error("A page is over its JavaScript size budget (size-budget.json).");
    process.exit(1);
  }
}
