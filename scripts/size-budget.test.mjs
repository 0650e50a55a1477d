import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { checkBudgets, measurePage } from "./size-budget.mjs";

function site(files) {
  const dir = mkdtempSync(path.join(tmpdir(), "size-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const noise = (n) =>
  Array.from({ length: n }, (_, i) => `var v${i}=${(i * 7919) % 10007};`).join("");
const gzip = (code) => gzipSync(Buffer.from(code), { level: 9 }).length;
const urls = (files) => files.map((f) => f.url).sort();

// What the page loads before any interaction: its script and island with their static imports, the
// API client it imports lazily while loading, and what that imports.
const upFront = {
  "_astro/page.js": 'import"./shared.js";const api=()=>import("./api-client.js");api()',
  "_astro/island.js": `import{a as b}from"./shared.js";const pdf=()=>import("./jspdf.es.js");${noise(50)}`,
  "_astro/client.js": noise(2000),
  "_astro/shared.js": "export const a=1;",
  "_astro/api-client.js": `import{t}from"./table.js";${noise(30)}`,
  "_astro/table.js": `export const t=[${noise(5)}];`,
};
// Loaded on the donor's action (the PDF library and what only it reaches) and by a script tag.
const onAction = {
  "_astro/jspdf.es.js": `import"./purify.js";import"./shared.js";${noise(20000)}`,
  "_astro/purify.js": noise(300),
};
const byTag = { "_astro/controller-1.js": noise(4000) };
const inlineHead = "(function(){if(location.hostname.includes('wakaf'))location.replace('/w')})();";
const inlineModule = "var s=document.createElement('script');s.src=`/_astro/controller-1.js`;";

describe("JavaScript size budget", () => {
  const dir = site({
    "index.html":
      `<head><script>${inlineHead}</script><script type="application/ld+json">{"a":1}</script></head>` +
      '<script type="module" src="/_astro/page.js"></script>' +
      `<script type="module">${inlineModule}</script>` +
      '<astro-island component-url="/_astro/island.js" renderer-url="/_astro/client.js"></astro-island>',
    ...upFront,
    ...onAction,
    ...byTag,
  });
  const options = { onAction: ["jspdf"] };

  it("counts inline scripts, scripts, islands, renderers and their static and lazy imports once", () => {
    const { files, inline, gzip: total } = measurePage(dir, "index.html", options);
    expect(urls(files)).toEqual(
      Object.keys(upFront)
        .map((f) => `/${f}`)
        .sort(),
    );
    expect(inline.count).toBe(2);
    expect(inline.gzip).toBe(gzip(`${inlineHead}\n${inlineModule}`));
    const scripts = Object.values(upFront)
      .map(gzip)
      .reduce((a, b) => a + b, 0);
    expect(total).toBe(scripts + inline.gzip);
  });

  it("reports lazy imports made on the donor's action and script-tag bundles apart", () => {
    const page = measurePage(dir, "index.html", options);
    expect(urls(page.onAction.files)).toEqual(["/_astro/jspdf.es.js", "/_astro/purify.js"]);
    expect(page.onAction.gzip).toBe(gzip(onAction["_astro/jspdf.es.js"]) + gzip(noise(300)));
    expect(urls(page.byScriptTag.files)).toEqual(["/_astro/controller-1.js"]);
    expect(page.byScriptTag.gzip).toBe(gzip(byTag["_astro/controller-1.js"]));
  });

  it("counts a lazy import up front unless it is named as loaded on the donor's action", () => {
    const everything = measurePage(dir, "index.html");
    expect(urls(everything.files)).toContain("/_astro/jspdf.es.js");
    expect(everything.onAction.files).toEqual([]);
    expect(everything.gzip).toBeGreaterThan(measurePage(dir, "index.html", options).gzip);
  });

  it("fails a page over its budget and passes one within it", () => {
    const { gzip: total } = measurePage(dir, "index.html", options);
    const [over] = checkBudgets(dir, { "index.html": total - 1 }, options);
    const [within] = checkBudgets(dir, { "index.html": total }, options);
    expect(over.ok).toBe(false);
    expect(within.ok).toBe(true);
  });

  it("reports a page that refers to a script the build lacks", () => {
    const broken = site({ "index.html": '<script src="/_astro/missing.js"></script>' });
    expect(() => measurePage(broken, "index.html")).toThrow(/missing\.js/);
    const lazy = site({
      "index.html": '<script type="module">import("/_astro/gone.js")</script>',
    });
    expect(() => measurePage(lazy, "index.html")).toThrow(/gone\.js/);
  });
});
