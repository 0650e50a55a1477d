// @ts-check
import { defineConfig } from "astro/config";
import node from "@astrojs/node";
import react from "@astrojs/react";
import { languages } from "./src/i18n/languages.ts";

// Error reporting (spec §8, §9) is src/lib/error-reporting.ts: Sentry's browser SDK, loaded after the
// page is shown and only in a build with PUBLIC_SENTRY_DSN (read by Vite at build time); without one,
// no Sentry code is built into any page.

// Pages are prerendered per language (src/i18n/languages.ts: the first unprefixed, the others under
// their code; src/pages/[...lang]/); API routes opt out of
// prerendering. The Node adapter builds a middleware that src/server/http/listener.ts mounts behind its own
// static-file, compression and caching layer.
/** The minifier, dropping every `console.*` call. */
const quietMinify = { compress: { dropConsole: true } };

export default defineConfig({
  output: "static",
  adapter: node({ mode: "middleware" }),
  integrations: [react()],
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
      client: { build: { rolldownOptions: { output: { minify: quietMinify } } } },
    },
    worker: { rolldownOptions: { output: { minify: quietMinify } } },
  },
});
