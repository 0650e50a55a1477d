// Checkout serves every flow from one address, but its header and footer belong to a brand (spec §1):
// the wakaf host paying a wakaf fund gets the wakaf chrome, as the wakaf landing pages have. The build
// makes both (`/checkout` and its wakaf twin `/checkout/wakaf`); this picks one per request. The pages
// every flow shares, and the not-found page, have wakaf twins under `/{route}-ilmu/` likewise.

import { languages } from "../src/i18n/languages.ts";

/** The language prefixes of the paths (src/i18n/languages.ts: the first language has none). */
const prefixes = languages.slice(1).map((code) => `/${code}`);

/** A path's language prefix (`/ms`) or "" for the default language, and the path without it. */
export function splitLanguage(urlPath) {
  const prefix = prefixes.find((p) => urlPath === p || urlPath.startsWith(`${p}/`)) ?? "";
  return { prefix, rest: urlPath.slice(prefix.length) };
}

/**
 * The wakaf brand's route name, as the pages were built with it: the domain's `productRouteOf`, written
 * again here because this plain-JavaScript server does not load the TypeScript packages.
 */
export const productRouteOf = (value) =>
  value !== undefined && /^[a-z][a-z0-9-]{0,30}$/.test(value) ? value : "wakaf";

const checkoutPaths = new Set(["/checkout", "/checkout/"]);

/**
 * Spec §1's rule for a host no configured site entry names: it wears the wakaf brand when it contains
 * the product route. The server asks the configured entries first (the services bundle's
 * `siteBrandOfHost`, src/server/site.ts) and passes their answer as `wakafHost`; this is the default.
 */
export const onWakafHost = (host, productRoute) =>
  (host ?? "").toLowerCase().replace(/:\d+$/, "").includes(productRoute);

/**
 * The pages every flow shares (profile, enrolment, the manual enrolment form, tax registration): on the
 * wakaf host they are served as their wakaf twins (`/{route}-ilmu/...`, built with the wakaf brand), so
 * they wear the wakaf brand there; the forms keep the donor's stored flow (a wakaf one).
 */
const sharedPage =
  /^(\/profile|\/enrollment|\/enrollment\/enroll-individual|\/register|\/register\/tax-deduction)\/?$/;

/** The not-found page for a request: the wakaf host's wears the wakaf brand; /ms/ paths get Malay. */
export function notFoundPagePath(
  urlPath,
  host,
  productRoute,
  wakafHost = onWakafHost(host, productRoute),
) {
  const { prefix } = splitLanguage(urlPath);
  return `${prefix}${wakafHost ? `/${productRoute}-ilmu` : ""}/404`;
}

/**
 * The built page to serve for `urlPath`: on a host naming the product route (as spec §1's site
 * variant reads it), checkout for a wakaf flow, or with no flow named (back from the bank's page, where
 * the flow is the tab's stored one, a wakaf one on this host), is the wakaf twin. Anything else is
 * served as asked. `wakafFlows`: the flows of the wakaf brand, from the fund registry (the services
 * bundle's `wakafFlows`, since this plain-JavaScript server does not load the TypeScript packages).
 * `wakafHost`: whether the host wears the wakaf brand, as the configured site entries say.
 */
export function brandedPagePath(
  urlPath,
  searchParams,
  host,
  productRoute,
  wakafFlows,
  wakafHost = onWakafHost(host, productRoute),
) {
  if (!wakafHost) return urlPath;
  const { prefix, rest } = splitLanguage(urlPath);
  // Home on the wakaf host is the wakaf landing: its twin page sends the donor to the stored wakaf
  // flow's landing (the browser keeps that flow), in the remembered language.
  if (rest === "" || rest === "/") return `${prefix}/${productRoute}-ilmu/home`;
  const shared = sharedPage.exec(rest);
  if (shared) return `${prefix}/${productRoute}-ilmu${shared[1]}`;
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
export function landingRedirect(urlPath, landings, wakafHost) {
  if (wakafHost) return undefined;
  const { prefix, rest } = splitLanguage(urlPath);
  const page = rest.length > 1 ? rest.replace(/\/$/, "") : rest;
  return landings.has(page) ? `${prefix}/` : undefined;
}
