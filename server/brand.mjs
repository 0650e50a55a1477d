// Checkout serves every flow from one address, but its header and footer belong to a brand (spec §1):
// the wakaf host paying a wakaf fund gets the wakaf chrome, as the wakaf landing pages have. The build
// makes both (`/checkout` and its wakaf twin `/checkout/wakaf`); this picks one per request.

/**
 * The wakaf brand's route name, as the pages were built with it: the domain's `productRouteOf`, written
 * again here because this plain-JavaScript server does not load the TypeScript packages.
 */
export const productRouteOf = (value) =>
  value !== undefined && /^[a-z][a-z0-9-]{0,30}$/.test(value) ? value : "wakaf";

const checkoutPaths = new Set(["/checkout", "/checkout/", "/ms/checkout", "/ms/checkout/"]);
const wakafFlows = new Set(["ILMU", "WMS"]);

/**
 * The built page to serve for `urlPath`: on a host naming the product route (as spec §1's site
 * variant reads it), checkout for a wakaf flow, or with no flow named (back from the bank's page, where
 * the flow is the tab's stored one, a wakaf one on this host), is the wakaf twin. Anything else is
 * served as asked.
 */
export function brandedPagePath(urlPath, searchParams, host, productRoute) {
  if (!checkoutPaths.has(urlPath)) return urlPath;
  const hostname = (host ?? "").toLowerCase().replace(/:\d+$/, "");
  if (!hostname.includes(productRoute)) return urlPath;
  const flow = searchParams.get("flow")?.toUpperCase();
  if (flow !== undefined && !wakafFlows.has(flow)) return urlPath;
  return `${urlPath.replace(/\/$/, "")}/wakaf`;
}
