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

const scripts = {
  "_astro/page.js": 'import"./shared.js";console.log(1)',
  "_astro/island.js": `import{a as b}from"./shared.js";const lazy=()=>import("./pdf.js");${noise(50)}`,
  "_astro/client.js": noise(2000),
  "_astro/shared.js": "export const a=1;",
};

describe("JavaScript size budget", () => {
  const dir = site({
    "index.html":
      '<script type="module" src="/_astro/page.js"></script>' +
      '<astro-island component-url="/_astro/island.js" renderer-url="/_astro/client.js"></astro-island>',
    ...scripts,
    "_astro/pdf.js": noise(20000),
  });

  it("counts scripts, islands, renderers and their static imports once, but not lazy imports", () => {
    const { files, gzip } = measurePage(dir, "index.html");
    expect(files.map((f) => f.url).sort()).toEqual(
      Object.keys(scripts)
        .map((f) => `/${f}`)
        .sort(),
    );
    const expected = Object.values(scripts)
      .map((code) => gzipSync(Buffer.from(code), { level: 9 }).length)
      .reduce((a, b) => a + b, 0);
    expect(gzip).toBe(expected);
  });

  it("fails a page over its budget and passes one within it", () => {
    const { gzip } = measurePage(dir, "index.html");
    const [over] = checkBudgets(dir, { "index.html": gzip - 1 });
    const [within] = checkBudgets(dir, { "index.html": gzip });
    expect(over.ok).toBe(false);
    expect(within.ok).toBe(true);
  });

  it("reports a page that refers to a script the build lacks", () => {
    const broken = site({ "index.html": '<script src="/_astro/missing.js"></script>' });
    expect(() => measurePage(broken, "index.html")).toThrow(/missing\.js/);
  });
});
