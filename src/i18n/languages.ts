/**
 * The portal's languages: the one line to change to add one (docs/add-a-language.md). The first is the
 * default, served unprefixed (`/calculator`); each other is served under its code (`/ms/calculator`).
 * Read by the pages (`src/pages/[...lang]/`), Astro's i18n setting (astro.config.mjs) and the web server
 * (server/brand.mjs, run by Node, hence plain erasable TypeScript with no imports).
 */
export const languages = ["en", "ms"] as const;
