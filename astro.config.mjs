// @ts-check
import { defineConfig } from "astro/config";
import node from "@astrojs/node";
import react from "@astrojs/react";
import sentry from "@sentry/astro";

// Error reporting (spec §9) only when a DSN is given at build time: without one, no Sentry code is
// built into any page. The SDK's options (sample rates) are in src/lib/sentry.client.config.ts.
const sentryDsn = process.env.PUBLIC_SENTRY_DSN;
const reporting = sentryDsn
  ? [
      sentry({
        clientInitPath: "src/lib/sentry.client.config.ts",
        enabled: { client: true, server: false },
        telemetry: false,
        sourcemaps: { disable: true },
      }),
    ]
  : [];

// Pages are prerendered per locale (English unprefixed, Malay under /ms/); API routes opt out of
// prerendering. The Node adapter builds a middleware that server/serve.mjs mounts behind its own
// static-file, compression and caching layer.
export default defineConfig({
  output: "static",
  adapter: node({ mode: "middleware" }),
  integrations: [react(), ...reporting],
  i18n: {
    locales: ["en", "ms"],
    defaultLocale: "en",
    routing: { prefixDefaultLocale: false },
  },
  build: { assets: "_astro", inlineStylesheets: "auto" },
  compressHTML: true,
  server: { port: 4321, host: true },
  vite: {
    build: { assetsInlineLimit: 2048 },
  },
});
