/**
 * The portal's languages: the one line to change to add one (docs/add-a-language.md). The first is the
 * default, served unprefixed (`/calculator`); each other is served under its code (`/ms/calculator`).
 * Read by the pages (`src/pages/[...lang]/`), the web server (src/server/http/brand.ts) and Astro's
 * i18n setting (astro.config.mjs): plain erasable TypeScript with no imports, so the configuration file
 * can read it as it is.
 */
export const languages = ["en", "ms"] as const;
