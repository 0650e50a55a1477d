// Checkout serves every flow from one address, but its header and footer belong to a brand (spec §1):
// the wakaf host paying a wakaf fund gets the wakaf chrome, as the wakaf landing pages have. The build
// makes both (`/checkout` and its wakaf twin `/checkout/wakaf`); this picks one per request. The pages
// every flow shares, and the not-found page, have wakaf twins under the wakaf brand's home fund's route
// (`/{route}-ilmu/`, as src/lib/page-paths.ts builds them) likewise.

import { brandHome, flowPrefix } from "@portal/domain";
import { languages } from "../../i18n/languages.ts";

/** The language prefixes of the paths (src/i18n/languages.ts: the first language has none). */
const prefixes = languages.slice(1).map((code) => `/${code}`);

/** A path's language prefix (`/ms`) or "" for the default language, and the path without it. */
export function splitLanguage(urlPath: string): { prefix: string; rest: string } {
  const prefix = prefixes.find((p) => urlPath === p || urlPath.startsWith(`${p}/`)) ?? "";
  return { prefix, rest: urlPath.slice(prefix.length) };
}

/**
 * Where the wakaf host's twins of the shared pages are built: the wakaf brand's home fund's path
 * prefix in the fund registry (`/wakaf-ilmu` with the default route name), as the pages are built.
 */
const wakafTwinPrefix = (productRoute: string): string =>
  flowPrefix(brandHome("wakaf"), productRoute);

const checkoutPaths = new Set(["/checkout", "/checkout/"]);

/**
 * Spec §1's rule for a host no configured site entry names: it wears the wakaf brand when it contains
 * the product route. The server asks the configured entries first (the services bundle's
 * `siteBrandOfHost`, src/server/site.ts) and passes their answer as `wakafHost`; this is the default.
 */
export const onWakafHost = (host: string | undefined, productRoute: string): boolean =>
  (host ?? "").toLowerCase().replace(/:\d+$/, "").includes(productRoute);

/**
 * The pages every flow shares (profile, enrolment, the manual enrolment form, tax registration, the
 * receipt check of issue 32; issue 34's privacy statement, terms of use, session expiry and a
 * recurring gift's manage page): on the wakaf host they are served as their wakaf twins
 * (`/{route}-ilmu/...`, built with the wakaf brand), so they wear the wakaf brand there; the forms keep
 * the donor's stored flow (a wakaf one).
 */
const sharedPage =
  /^(\/profile|\/enrollment|\/enrollment\/enroll-individual|\/enrollment\/singpass|\/enrollment\/singpass-update|\/register|\/register\/tax-deduction|\/verify|\/privacy|\/terms|\/session-expire|\/manage-gift|\/collections)\/?$/;

/** The not-found page for a request: the wakaf host's wears the wakaf brand; /ms/ paths get Malay. */
export function notFoundPagePath(
  urlPath: string,
  host: string | undefined,
  productRoute: string,
  wakafHost: boolean = onWakafHost(host, productRoute),
): string {
  const { prefix } = splitLanguage(urlPath);
  return `${prefix}${wakafHost ? wakafTwinPrefix(productRoute) : ""}/404`;
}

/**
 * The built page to serve for `urlPath`: on a host naming the product route (as spec §1's site
 * variant reads it), checkout for a wakaf flow, or with no flow named (back from the bank's page, where
 * the flow is the tab's stored one, a wakaf one on this host), is the wakaf twin. Anything else is
 * served as asked. `wakafFlows`: the flows of the wakaf brand, from the fund registry as the services
 * bundle has it (its `wakafFlows`). `wakafHost`: whether the host wears the wakaf brand, as the
 * configured site entries say.
 */
export function brandedPagePath(
  urlPath: string,
  searchParams: URLSearchParams,
  host: string | undefined,
  productRoute: string,
  wakafFlows: ReadonlySet<string> = new Set(),
  wakafHost: boolean = onWakafHost(host, productRoute),
): string {
  if (!wakafHost) return urlPath;
  const { prefix, rest } = splitLanguage(urlPath);
  const twins = wakafTwinPrefix(productRoute);
  // Home on the wakaf host is the wakaf landing: its twin page sends the donor to the stored wakaf
  // flow's landing (the browser keeps that flow), in the remembered language.
  if (rest === "" || rest === "/") return `${prefix}${twins}/home`;
  const shared = sharedPage.exec(rest);
  if (shared) return `${prefix}${twins}${shared[1]}`;
  if (!checkoutPaths.has(rest)) return urlPath;
  const flow = searchParams.get("flow")?.toUpperCase();
  if (flow !== undefined && !wakafFlows.has(flow)) return urlPath;
  return `${urlPath.replace(/\/$/, "")}/wakaf`;
}

/**
 * Spec §2: the wakaf landings open only on the wakaf host. Elsewhere the answer is a redirect home, in
 * the same language (`wakafHost` as the configured site entries say); undefined when the page may be
 * served. `landings`: the wakaf funds' landing paths without a language prefix (`/wakaf-ilmu`, `/wms`).
 */
export function landingRedirect(
  urlPath: string,
  landings: ReadonlySet<string>,
  wakafHost: boolean,
): string | undefined {
  if (wakafHost) return undefined;
  const { prefix, rest } = splitLanguage(urlPath);
  const page = rest.length > 1 ? rest.replace(/\/$/, "") : rest;
  return landings.has(page) ? `${prefix}/` : undefined;
}

/**
 * Issue 34: a request for one of the site's links (`/go/privacy`, `/ms/go/wakafSite`): its name and
 * language prefix, which the server turns into a redirect to the address officers set; undefined for
 * any other path.
 */
export function siteLinkRequest(
  urlPath: string,
): { readonly name: string; readonly prefix: string } | undefined {
  const { prefix, rest } = splitLanguage(urlPath);
  const name = /^\/go\/([A-Za-z]{1,40})\/?$/.exec(rest)?.[1];
  return name === undefined ? undefined : { name, prefix };
}
