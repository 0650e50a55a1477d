import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import type * as Translations from "./translations";

// docs/add-a-language.md followed on a fixture language, `xx`: its code added to the configuration
// (src/i18n/languages.ts), its translation file (here made from English) registered with the others
// (src/i18n/translations.ts), and its name (`language_xx`) added to every file. Then every page is built
// in it, every key is translated, and the server's language rules know it.

vi.mock("./languages", () => ({ languages: ["en", "ms", "xx"] }));
vi.mock("./translations", async (importOriginal) => {
  const real = await importOriginal<typeof Translations>();
  const named = (file: Readonly<Record<string, string>>) => ({ ...file, language_xx: "Xx" });
  const xx = Object.fromEntries(
    Object.entries(real.translations.en).map(([key, text]) => [key, `[xx] ${text}`]),
  );
  return {
    ...real,
    translations: {
      en: named(real.translations.en),
      ms: named(real.translations.ms),
      xx: named(xx),
    },
  };
});

const { languages, localizedPath, languageOfPath, barePath } = await import("./paths");
// The language type is fixed when the code is compiled; the fixture exists only while this file runs.
const xx = "xx" as (typeof languages)[number];
const { translations } = await import("./translations");
const { translationGaps } = await import("./language-check");
const { labelsFor } = await import("./labels");
const { flowPaths, languagePaths, brandTwinFlows, pathsOf } = await import("../lib/page-paths");
const { brandedPagePath, notFoundPagePath } = await import("../server/http/brand");

const pagesDir = path.resolve(import.meta.dirname, "../pages/[...lang]");
const routeFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? routeFiles(path.join(dir, entry.name))
      : entry.name.endsWith(".astro")
        ? [path.join(dir, entry.name)]
        : [],
  );

describe("a fixture language added as docs/add-a-language.md says", () => {
  it("is one of the configured languages, served under its code", () => {
    expect(languages).toContain("xx");
    expect(localizedPath("/fidyah", xx)).toBe("/xx/fidyah");
    expect(localizedPath("/", xx)).toBe("/xx/");
    expect(localizedPath("/xx/fidyah", "ms")).toBe("/ms/fidyah");
    expect(languageOfPath("/xx/calculator")).toBe("xx");
    expect(barePath("/xx")).toBe("/");
  });

  it("has every key translated, and every file names it", () => {
    expect(translationGaps(languages, translations)).toEqual([]);
    expect(labelsFor(xx, ["checkout_name"]).checkout_name).toMatch(/^\[xx\] /);
  });

  it("reports a key the language lacks", () => {
    const { checkout_name: _dropped, ...rest } = translations[xx];
    expect(translationGaps(languages, { ...translations, [xx]: rest })).toEqual([
      "xx: checkout_name",
    ]);
  });

  it("gets every page: each route file builds its paths for every language", () => {
    const files = routeFiles(pagesDir);
    expect(files.length).toBeGreaterThan(15);
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      expect(source, file).toMatch(/getStaticPaths = \(\(\) =>\s*(languagePaths|flowPaths)\(/);
    }
    const english = pathsOf(languagePaths(), "[...lang]/calculator").filter(
      (p) => languageOfPath(p) === "en",
    );
    expect(english).toEqual(["/calculator"]);
    expect(pathsOf(languagePaths(), "[...lang]/calculator")).toEqual([
      "/calculator",
      "/ms/calculator",
      "/xx/calculator",
    ]);
    const profiles = pathsOf(flowPaths(), "[...lang]/[...flow]/profile");
    for (const page of profiles.filter((p) => languageOfPath(p) === "en")) {
      expect(profiles).toContain(localizedPath(page, xx));
    }
    expect(pathsOf(flowPaths(brandTwinFlows), "[...lang]/[...flow]/404")).toContain(
      "/xx/wakaf-ilmu/404",
    );
  });

  it("is known to the web server's brand rules", () => {
    expect(notFoundPagePath("/xx/no-such-page", "localhost", "wakaf")).toBe("/xx/404");
    expect(notFoundPagePath("/xx/no-such-page", "wakaf.localhost", "wakaf")).toBe(
      "/xx/wakaf-ilmu/404",
    );
    const none = new URLSearchParams();
    expect(brandedPagePath("/xx/profile", none, "wakaf.localhost", "wakaf")).toBe(
      "/xx/wakaf-ilmu/profile",
    );
    expect(brandedPagePath("/xx/checkout", none, "wakaf.localhost", "wakaf")).toBe(
      "/xx/checkout/wakaf",
    );
  });
});
