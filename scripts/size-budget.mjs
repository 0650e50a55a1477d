// The JavaScript size budget: gzip bytes of the JavaScript a page runs before any interaction, as a
// visitor without a session meets it (the Lighthouse case), against size-budget.json. What loads later
// is measured and printed too, never hidden:
//
// - before any interaction (budgeted): the page's inline scripts; every script, island component,
//   renderer and before-hydration script it names; and every module those reach through static
//   `import`/`export … from` AND dynamic `import()`, since a page may import lazily while it loads
//   (the API client where a page calls the services as it loads, Sentry after the page is shown). Islands count whatever
//   their client directive, as if they hydrated at once.
// - on the donor's action: a dynamic `import()` of a module whose file name starts with one of the
//   budget file's `onAction` names (the receipt's PDF libraries, imported when "Download" is pressed),
//   with whatever only it reaches.
// - by script tag: a bundle whose address a script holds as a string (`/_astro/….js`) rather than
//   imports: the accounts bundle, which the header loads on sign-in, or at load when a session exists
//   in the tab (so a signed-in donor's page loads it before any interaction; the output says so).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const htmlRefs =
  /(?:src|href|component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.m?js)"/g;
const inlineScripts = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const staticImports = /(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'`]([^"'`]+\.m?js)["'`]/g;
const dynamicImports = /\bimport\(\s*["'`]([^"'`]+\.m?js)["'`]\s*\)/g;
const scriptAddresses = /["'`](\/_astro\/[^"'`]+\.m?js)["'`]/g;

const gzip = (code) => gzipSync(code, { level: 9 }).length;

/** An inline script's body when it is JavaScript (not JSON data), else undefined. */
const javascriptOf = ([, attributes, body]) => {
  if (/\bsrc\s*=/.test(attributes) || body.trim() === "") return undefined;
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === "module" || type.endsWith("javascript") ? body : undefined;
};

/** The script's references: static and dynamic imports and script-tag addresses, resolved. */
function referencesOf(code, base) {
  const resolve = (spec) =>
    spec.startsWith("/") ? spec : path.posix.join(path.posix.dirname(base), spec);
  const imports = new Set([...code.matchAll(staticImports)].map((m) => resolve(m[1])));
  const lazy = new Set([...code.matchAll(dynamicImports)].map((m) => resolve(m[1])));
  for (const url of lazy) imports.delete(url);
  const tags = new Set(
    [...code.matchAll(scriptAddresses)]
      .map((m) => m[1])
      .filter((url) => !imports.has(url) && !lazy.has(url)),
  );
  return { imports: [...imports], lazy: [...lazy], tags: [...tags] };
}

/**
 * What a prerendered page loads: `before` (before any interaction, with the inline scripts' bytes in
 * `inline`), `onAction` and `byScriptTag`, each with raw and gzip sizes per file and a gzip total.
 */
export function measurePage(clientDir, htmlFile, { onAction = [] } = {}) {
  const html = readFileSync(path.join(clientDir, htmlFile), "utf8");
  const inline = [...html.matchAll(inlineScripts)].map(javascriptOf).filter((c) => c !== undefined);
  const inlineCode = inline.join("\n");
  const loaded = new Map();
  const read = (url) => {
    if (!loaded.has(url)) {
      const file = path.join(clientDir, url);
      if (!existsSync(file))
        throw new Error(`${htmlFile} refers to ${url}, which the build does not have`);
      const code = readFileSync(file);
      loaded.set(url, { code: code.toString("utf8"), raw: code.length, gzip: gzip(code) });
    }
    return loaded.get(url);
  };
  const deferred = (url) => onAction.some((name) => path.posix.basename(url).startsWith(name));

  /** Everything reachable from the roots, not in `skip`; lazy and tag references sorted out. */
  const walk = (roots, skip) => {
    const seen = new Set();
    const later = { onAction: new Set(), tags: new Set() };
    const queue = [...roots];
    while (queue.length > 0) {
      const url = queue.shift();
      if (seen.has(url) || skip.has(url)) continue;
      seen.add(url);
      const refs = referencesOf(read(url).code, url);
      queue.push(...refs.imports);
      for (const lazy of refs.lazy) {
        if (deferred(lazy)) later.onAction.add(lazy);
        else queue.push(lazy);
      }
      for (const tag of refs.tags) later.tags.add(tag);
    }
    return { seen, later };
  };

  const roots = [...html.matchAll(htmlRefs)].map((m) => m[1]);
  const inlineRefs = referencesOf(inlineCode, `/${htmlFile}`);
  roots.push(...inlineRefs.imports, ...inlineRefs.lazy.filter((url) => !deferred(url)));
  const before = walk(roots, new Set());
  for (const url of inlineRefs.lazy.filter(deferred)) before.later.onAction.add(url);
  for (const url of inlineRefs.tags) before.later.tags.add(url);
  const onActionPart = walk(before.later.onAction, before.seen);
  const tagPart = walk(
    [...before.later.tags, ...onActionPart.later.tags],
    new Set([...before.seen, ...onActionPart.seen]),
  );

  const part = (urls) => {
    const files = [...urls].map((url) => ({
      url,
      raw: loaded.get(url).raw,
      gzip: loaded.get(url).gzip,
    }));
    return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
  };
  const scripts = part(before.seen);
  const inlineGzip = inlineCode === "" ? 0 : gzip(Buffer.from(inlineCode));
  return {
    files: scripts.files,
    inline: { count: inline.length, raw: Buffer.byteLength(inlineCode), gzip: inlineGzip },
    gzip: scripts.gzip + inlineGzip,
    onAction: part(onActionPart.seen),
    byScriptTag: part(tagPart.seen),
  };
}

/** Each budgeted page with its size and whether it fits. */
export function checkBudgets(clientDir, budgets, options = {}) {
  return Object.entries(budgets).map(([page, budget]) => {
    const measured = measurePage(clientDir, page, options);
    return { page, budget, ...measured, ok: measured.gzip <= budget };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const { pages, onAction } = JSON.parse(readFileSync(path.join(root, "size-budget.json"), "utf8"));
  const results = checkBudgets(path.join(root, "dist", "client"), pages, { onAction });
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  for (const r of results) {
    const later = [
      r.onAction.gzip > 0 ? `${kb(r.onAction.gzip)} on the donor's action` : "",
      r.byScriptTag.gzip > 0
        ? `${kb(r.byScriptTag.gzip)} accounts bundle (on sign-in, or at load with a session)`
        : "",
    ].filter((s) => s !== "");
    console.log(
      `${r.ok ? "ok  " : "OVER"} ${r.page}: ${kb(r.gzip)} gzip of ${kb(r.budget)} before any interaction` +
        ` (${r.files.length} files, ${r.inline.count} inline scripts ${kb(r.inline.gzip)})` +
        (later.length > 0 ? `; later: ${later.join(", ")}` : ""),
    );
    if (!r.ok) {
      for (const f of r.files) console.log(`       ${f.url} ${kb(f.gzip)}`);
      console.log(`       inline scripts ${kb(r.inline.gzip)}`);
    }
  }
  if (results.some((r) => !r.ok)) {
    console.error("A page is over its JavaScript size budget (size-budget.json).");
    process.exit(1);
  }
}
