// The report's page sections (issue 6): the JavaScript size budget, measured here from the build with
// scripts/size-budget.mjs (what `npm run size` prints), and the axe results the browser tests' route
// sweep (tests/e2e/routes.spec.ts) leaves in reports/axe/. Neither loads the machine.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { checkBudgets } from "../scripts/size-budget.mjs";

const kb = (bytes) => `${(bytes / 1024).toFixed(1)}`;

/** Each budgeted page's JavaScript before any interaction and later, from the current build. */
export function measureSizes(root) {
  const { pages, onAction } = JSON.parse(readFileSync(path.join(root, "size-budget.json"), "utf8"));
  const results = checkBudgets(path.join(root, "dist", "client"), pages, { onAction });
  return {
    date: new Date().toISOString(),
    pages: results.map((r) => ({
      page: r.page,
      gzip: r.gzip,
      budget: r.budget,
      ok: r.ok,
      files: r.files.length,
      inlineGzip: r.inline.gzip,
      onActionGzip: r.onAction.gzip,
      accountsGzip: r.byScriptTag.gzip,
    })),
  };
}

export const sizesPass = (size) => Boolean(size?.pages?.length) && size.pages.every((p) => p.ok);

/** The English page a Malay page is the twin of (`ms/x/index.html` → `x/index.html`). */
const englishOf = (page) => (page === "ms/404/index.html" ? "404.html" : page.replace(/^ms\//, ""));

export function sizeSection(size) {
  const out = ["## JavaScript size budget (issue 6)", ""];
  if (!size?.pages) return [...out, size?.note ?? "Not measured.", ""].join("\n");
  out.push(
    `Measured ${size.date} from the build by \`scripts/size-budget.mjs\` (\`npm run size\`): gzip KB (level 9, file by file) of the JavaScript each page runs before any interaction, as a visitor without a session meets it: its inline scripts, the scripts and islands it names, their static imports and the lazy imports made while it loads (\`size-budget.json\`'s \`$comment\`). English and Malay pages are one row when they weigh the same to 0.1 KB. Later: the receipt's PDF libraries (on Download) and the accounts bundle (on sign-in, or at load when a session exists in the tab). Targets: the home page at most 20 KB and the calculator at most 110 KB; every other page its budget.`,
    "",
    "| Page | Before any interaction KB | Budget KB | Later KB | Target |",
    "| ---- | ------------------------: | --------: | -------- | ------ |",
  );
  const byEnglish = new Map();
  for (const p of size.pages) {
    const key = englishOf(p.page);
    byEnglish.set(key, [...(byEnglish.get(key) ?? []), p]);
  }
  for (const variants of byEnglish.values()) {
    const same = new Set(variants.map((v) => kb(v.gzip))).size === 1;
    const name = same
      ? variants.map((v) => `\`${v.page}\``).join(", ")
      : variants.map((v) => `\`${v.page}\` ${kb(v.gzip)}`).join(", ");
    const first = variants[0];
    const later = [
      first.onActionGzip > 0 ? `${kb(first.onActionGzip)} on Download` : "",
      first.accountsGzip > 0 ? `${kb(first.accountsGzip)} accounts` : "",
    ]
      .filter((s) => s !== "")
      .join(", ");
    const gzip = same ? kb(first.gzip) : variants.map((v) => kb(v.gzip)).join(" / ");
    const budget = kb(Math.min(...variants.map((v) => v.budget)));
    const ok = variants.every((v) => v.ok);
    out.push(`| ${name} | ${gzip} | ${budget} | ${later || "–"} | **${ok ? "PASS" : "FAIL"}** |`);
  }
  out.push("");
  return out.join("\n");
}

/** The route sweep's axe results, one file per host and language, as the browser tests left them. */
export function readAxe(root) {
  const dir = path.join(root, "reports", "axe");
  if (!existsSync(dir))
    return { note: "Not available: run the browser tests (routes.spec.ts) first." };
  const runs = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")));
  return runs.length > 0 ? { runs } : { note: "Not available: reports/axe/ is empty." };
}

export const axePasses = (axe) =>
  Boolean(axe?.runs?.length) &&
  axe.runs.every((run) => run.complete && run.pages.every((p) => p.violations.length === 0));

export function axeSection(axe) {
  const out = ["## Accessibility: axe-core (issue 6)", ""];
  if (!axe?.runs) return [...out, axe?.note ?? "Not run.", ""].join("\n");
  const first = axe.runs[0];
  out.push(
    `axe-core ${first.axeVersion} in Chromium through \`@axe-core/playwright\`, rules tagged ${first.tags.map((t) => `\`${t}\``).join(", ")} (WCAG 2.0, 2.1 and 2.2, levels A and AA, with 2.2's 24 × 24 px target size), on every route of spec §2 (\`tests/e2e/routes.spec.ts\`) in both languages on both hosts, at 1280 px and at 375 px with the menu open. From the browser tests' run of ${first.date}. Target: no violation on any route.`,
    "",
    "| Host | Language | Checks (routes × widths) | Violations | Target size (pass / not applicable) | Target |",
    "| ---- | -------- | -------------: | ---------: | ----------------------------------- | ------ |",
  );
  for (const run of axe.runs) {
    const violations = run.pages.reduce((n, p) => n + p.violations.length, 0);
    const target = run.pages.reduce((counts, p) => {
      counts[p.targetSize] = (counts[p.targetSize] ?? 0) + 1;
      return counts;
    }, /** @type {Record<string, number>} */ ({}));
    const ok = run.complete && violations === 0;
    out.push(
      `| ${run.host} | ${run.lang} | ${run.pages.length}${run.complete ? "" : " (stopped early)"} | ${violations} | ${target.passed ?? 0} / ${target.inapplicable ?? 0}${target.violation ? `, ${target.violation} failing` : ""}${target.incomplete ? `, ${target.incomplete} to review` : ""} | **${ok ? "PASS" : "FAIL"}** |`,
    );
  }
  const found = axe.runs.flatMap((run) =>
    run.pages.flatMap((p) =>
      p.violations.map(
        (v) => `- ${run.host} ${run.lang} \`${p.path}\`${p.width ? ` at ${p.width} px` : ""}: ${v}`,
      ),
    ),
  );
  out.push("", "Violations:", "", ...(found.length > 0 ? found : ["- none"]), "");
  return out.join("\n");
}
