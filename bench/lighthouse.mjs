// Lighthouse (mobile, its default simulated slow 4G and 4x CPU slowdown) of the main pages in both
// languages against a running portal, in Debian's Chromium (issue 6: performance at least 95,
// accessibility 100). Used by bench/run.mjs; see bench/README.md.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromiumFlags } from "../scripts/lib/chromium-flags.mjs";

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const lighthouseCategories = ["performance", "accessibility", "best-practices"];
export const lighthouseTargets = { performance: 95, accessibility: 100 };
/** Runs per page; the run with the median performance score is reported (Lighthouse varies by run). */
export const lighthouseRuns = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

/** The pages measured: every landing page of issue 6, the wakaf landing pages and checkout. */
export const lighthousePages = [
  { name: "Home", path: "/" },
  { name: "Calculator", path: "/calculator" },
  { name: "Fidyah", path: "/fidyah" },
  { name: "Kaffarah", path: "/kaffarah" },
  { name: "Wakaf Ilmu", path: "/wakaf-ilmu", wakafHost: true },
  { name: "WMS", path: "/wms", wakafHost: true },
  { name: "Checkout", path: "/checkout?flow=ZAKAT" },
  // Issue 34: the collections page, on both brands.
  { name: "Collections", path: "/collections" },
  { name: "Collections, wakaf", path: "/collections", wakafHost: true },
].flatMap((page) => [
  { ...page, lang: "en" },
  { ...page, lang: "ms", path: page.path === "/" ? "/ms/" : `/ms${page.path}` },
]);

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Debian's Chromium, headless, with a DevTools port for Lighthouse; `stop()` ends it. */
async function startChromium() {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), "portal-lighthouse-"));
  const child = spawn(
    chromiumPath(),
    [
      "--headless=new",
      ...chromiumFlags,
      "--no-default-browser-check",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.race([exited, sleep(5_000)]);
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(profile, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return { port, stop };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`Chromium (${chromiumPath()}) did not open its DevTools port`);
}

/** What Lighthouse found below full marks in a category: audit ids and titles, with counts. */
const findingsOf = (lhr, category) =>
  lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      items: audit.details?.items?.length ?? 0,
    }));

const metric = (lhr, id) => lhr.audits[id]?.numericValue ?? null;

/**
 * Lighthouse on every page of `lighthousePages` against `base` (`http://127.0.0.1:<port>`); the wakaf
 * pages on `wakaf.localhost` (which Chromium resolves to this machine).
 */
export async function runLighthouse(base, say = console.log, onCleanup = () => {}) {
  const { default: lighthouse } = await import("lighthouse");
  const { version } = (await import("lighthouse/package.json", { with: { type: "json" } })).default;
  const chromium = await startChromium();
  // An interrupted bench exits from its signal handler: Chromium must be on its cleanup list too.
  onCleanup(chromium.stop);
  const pages = [];
  try {
    // BENCH_LIGHTHOUSE_PAGES=Collections: only the pages whose name starts so (run.mjs keeps the others'
    // last figures).
    const only = process.env.BENCH_LIGHTHOUSE_PAGES;
    for (const page of lighthousePages.filter((one) => !only || one.name.startsWith(only))) {
      const url = new URL(page.path, base);
      if (page.wakafHost) url.hostname = "wakaf.localhost";
      else url.hostname = "localhost";
      const runs = [];
      for (let run = 0; run < lighthouseRuns; run++) {
        const result = await lighthouse(url.toString(), {
          port: chromium.port,
          output: "json",
          logLevel: "error",
          onlyCategories: lighthouseCategories,
        });
        runs.push(result.lhr);
      }
      runs.sort(
        (a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0),
      );
      const lhr = runs[Math.floor((runs.length - 1) / 2)];
      const performanceRuns = runs.map((r) =>
        Math.round((r.categories.performance.score ?? 0) * 100),
      );
      const scores = Object.fromEntries(
        lighthouseCategories.map((id) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)]),
      );
      const entry = {
        ...page,
        url: url.toString(),
        finalUrl: lhr.finalDisplayedUrl,
        scores,
        performanceRuns,
        metrics: {
          firstContentfulPaintMs: metric(lhr, "first-contentful-paint"),
          largestContentfulPaintMs: metric(lhr, "largest-contentful-paint"),
          totalBlockingTimeMs: metric(lhr, "total-blocking-time"),
          cumulativeLayoutShift: metric(lhr, "cumulative-layout-shift"),
          speedIndexMs: metric(lhr, "speed-index"),
        },
        findings: Object.fromEntries(lighthouseCategories.map((id) => [id, findingsOf(lhr, id)])),
        runtimeError: lhr.runtimeError?.message ?? null,
      };
      pages.push(entry);
      say(
        `lighthouse ${page.path}${page.wakafHost ? " (wakaf host)" : ""}: ` +
          lighthouseCategories.map((id) => `${id} ${scores[id]}`).join(", "),
      );
    }
  } finally {
    await chromium.stop();
  }
  return {
    version,
    chromium: chromiumPath(),
    formFactor: "mobile (Lighthouse default: simulated slow 4G, 4x CPU slowdown)",
    runs: lighthouseRuns,
    targets: lighthouseTargets,
    pages,
  };
}

const pass = (scores) =>
  scores.performance >= lighthouseTargets.performance &&
  scores.accessibility >= lighthouseTargets.accessibility;

/** The report's Lighthouse section. */
export function lighthouseSection(lighthouseReport) {
  const out = ["## Lighthouse (issue 6)", ""];
  if (!lighthouseReport) return [...out, "Not run.", ""].join("\n");
  if (lighthouseReport.note) return [...out, lighthouseReport.note, ""].join("\n");
  out.push(
    `Lighthouse ${lighthouseReport.version} in ${lighthouseReport.chromium}, ${lighthouseReport.formFactor}, against the built portal on PGlite; ${lighthouseReport.runs ?? 1} run(s) per page, the median run by performance reported (every run's performance score in brackets). Targets: performance at least ${lighthouseTargets.performance}, accessibility ${lighthouseTargets.accessibility}. Best practices is reported, not judged.`,
    "",
    "| Page | Path | Performance | Accessibility | Best practices | FCP ms | LCP ms | TBT ms | CLS | Target |",
    "| ---- | ---- | ----------- | ------------- | -------------- | ------ | ------ | ------ | --- | ------ |",
  );
  const ms = (value) => (value == null ? "–" : String(Math.round(value)));
  for (const page of lighthouseReport.pages) {
    const s = page.scores;
    const m = page.metrics;
    out.push(
      `| ${page.name} (${page.lang}) | \`${page.path}\`${page.wakafHost ? " (wakaf host)" : ""} | ${s.performance}${page.performanceRuns && page.performanceRuns.length > 1 ? ` (${page.performanceRuns.join(", ")})` : ""} | ${s.accessibility} | ${s["best-practices"]} | ${ms(m.firstContentfulPaintMs)} | ${ms(m.largestContentfulPaintMs)} | ${ms(m.totalBlockingTimeMs)} | ${m.cumulativeLayoutShift == null ? "–" : m.cumulativeLayoutShift.toFixed(3)} | **${pass(s) ? "PASS" : "FAIL"}** |`,
    );
  }
  const findings = lighthouseReport.pages.flatMap((page) =>
    lighthouseCategories
      .filter((id) => id !== "performance")
      .flatMap((id) =>
        page.findings[id].map(
          (f) => `- ${page.name} (${page.lang}), ${id}: \`${f.id}\` ${f.title}`,
        ),
      ),
  );
  out.push("", "Accessibility and best-practice findings:", "");
  out.push(...(findings.length > 0 ? findings : ["- none"]), "");
  return out.join("\n");
}

export const lighthousePasses = (lighthouseReport) =>
  Boolean(lighthouseReport?.pages?.length) &&
  lighthouseReport.pages.every((page) => pass(page.scores));
