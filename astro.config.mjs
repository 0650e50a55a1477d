// @ts-check
import { defineConfig } from "astro/config";
import node from "@astrojs/node";
import react from "@astrojs/react";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { languages } from "./src/i18n/languages.ts";
import { writeCounterWorker } from "./scripts/counter-sw.mjs";

// Error reporting (spec §8, §9) is src/lib/error-reporting.ts: Sentry's browser SDK, loaded after the
// page is shown and only in a build with PUBLIC_SENTRY_DSN (read by Vite at build time); without one,
// no Sentry code is built into any page.

// Pages are prerendered per language (src/i18n/languages.ts: the first unprefixed, the others under
// their code; src/pages/[...lang]/); API routes opt out of
// prerendering. The Node adapter builds a middleware that src/server/http/listener.ts mounts behind its own
// static-file, compression and caching layer.
/** The minifier, dropping every `console.*` call. */
const quietMinify = { compress: { dropConsole: true } };

/** A test matching the module at one of these paths (relative to the repository). */
const modulesAt = (...paths) => {
  const tests = paths.map(
    (path) => new RegExp(`[\\\\/]${path.replaceAll("/", "[\\\\/]").replaceAll(".", "\\.")}$`),
  );
  return (moduleId) => tests.some((test) => test.test(moduleId));
};

/**
 * Chunks of modules that the same pages load together (scripts/size-budget.mjs counts gzip file by
 * file, and so does the network): Rolldown splits by the set of islands and scripts that import a
 * module, so one page loaded React in four files and every page its chrome in seven. Each group
 * holds only modules that every page loading one of them loads anyway, so no page loads more. Vite's
 * preload helper stays a chunk of its own: the error reporting's lazy Sentry import names it, and
 * the chrome would otherwise carry it to pages that load nothing lazily.
 */
const sharedChunks = [
  { name: "preload-helper", test: /preload-helper/, priority: 1 },
  // React and React DOM: the renderer and every island.
  { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  // What every page's layout scripts (remembered language, footer contacts) need.
  {
    name: "chrome",
    test: modulesAt(
      "src/i18n/paths.ts",
      "src/lib/language-choice.ts",
      "src/lib/home-config.ts",
      "src/stores/session-storage.ts",
      "src/lib/error-reporting.ts",
    ),
  },
  // The header's and the lifecycle's flow of the page.
  { name: "page-flow", test: modulesAt("src/lib/page-flow.ts", "packages/domain/src/flow.ts") },
];

/** The counter app's service worker, written into the build once the pages are (scripts/counter-sw.mjs). */
const counterWorker = {
  name: "counter-worker",
  hooks: {
    "astro:build:done": ({ dir }) => {
      const out = fileURLToPath(dir);
      const client = [out, path.join(out, "client"), path.join(out, "..", "client")].find(
        (folder) => existsSync(path.join(folder, "counter", "index.html")),
      );
      if (!client) throw new Error("counter-worker: the counter page was not built");
      writeCounterWorker(client);
    },
  },
};

export default defineConfig({
  output: "static",
  adapter: node({ mode: "middleware" }),
  integrations: [react(), counterWorker],
  i18n: {
    locales: [...languages],
    defaultLocale: languages[0],
    routing: { prefixDefaultLocale: false },
  },
  build: { assets: "_astro", inlineStylesheets: "auto" },
  compressHTML: true,
  server: { port: 4321, host: true },
  vite: {
    build: { assetsInlineLimit: 2048 },
    // The pages' JavaScript writes nothing to the browser's console in a build: what goes wrong there is
    // shown to the donor, or reported (src/lib/error-reporting.ts). Server code keeps its logs.
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: { minify: quietMinify, codeSplitting: { groups: sharedChunks } },
          },
        },
      },
    },
    worker: { rolldownOptions: { output: { minify: quietMinify } } },
  },
});
