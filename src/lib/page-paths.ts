import { FLOW_TYPES, brandHome, flowPrefix, type FlowType } from "@portal/domain";
import { languagePrefix, languages, type Language } from "../i18n/paths";
import { productRoute } from "../components/chrome/site";

// The static paths of the route files under src/pages/[...lang]/ (docs/add-a-page.md): one file per
// page builds it in every language of src/i18n/languages.ts, and a page that every flow has once per
// flow. A rest parameter left undefined is no path segment at all (the default language, the zakat flow).

/** A path prefix as a rest parameter: `/ms` -> `ms`, `/ms/fidyah` -> `ms/fidyah`, `` -> undefined. */
const rest = (prefix: string): string | undefined => prefix.replace(/^\//, "") || undefined;

/** `[...lang]/page.astro`: the page in every language. */
export const languagePaths = () =>
  languages.map((lang) => ({ params: { lang: rest(languagePrefix(lang)) }, props: { lang } }));

/**
 * `[...lang]/[...flow]/page.astro`: the page in every language under each flow's prefix (`/profile`,
 * `/fidyah/profile`, `/ms/wakaf-ilmu/profile`...). The wakaf host's twins of the shared pages are the
 * ILMU flow's (src/server/http/brand.ts serves them in place there).
 */
export const flowPaths = (flows: ReadonlyArray<FlowType> = FLOW_TYPES) =>
  languagePaths().flatMap(({ params, props }) =>
    flows.map((flow) => ({
      params: { ...params, flow: rest(flowPrefix(flow, productRoute())) },
      props: { ...props, flow },
    })),
  );

/** The shared pages' flows: the zakat brand's page and the wakaf host's twin. */
export const brandTwinFlows: ReadonlyArray<FlowType> = [brandHome("zakat"), brandHome("wakaf")];

/** Every built path of a set of static paths, for the tests. */
export const pathsOf = (
  paths: ReadonlyArray<{ readonly params: Readonly<Record<string, string | undefined>> }>,
  pattern: string,
): string[] =>
  paths.map(({ params }) => {
    const filled = pattern.replace(
      /\[(?:\.\.\.)?(\w+)\]/g,
      (_, name: string) => params[name] ?? "",
    );
    return `/${filled.split("/").filter(Boolean).join("/")}`;
  });

export type { Language };
