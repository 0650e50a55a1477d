import {
  ALL_FUNDS,
  brandHome,
  DEFAULT_FLOW,
  FLOW_TYPES,
  fundOf,
  isFlowType,
  routeOf,
  type FlowType,
} from "./funds/lookup.ts";

export { FLOW_TYPES, isFlowType, type FlowType };

/** Default wakaf route name (`/wakaf-ilmu`, host `wakaf.localhost`). */
export const DEFAULT_PRODUCT_ROUTE = "wakaf";

/** The configured product route when it is a route name (`[a-z][a-z0-9-]{0,30}`), else the default. */
export const productRouteOf = (value: string | undefined): string =>
  value !== undefined && /^[a-z][a-z0-9-]{0,30}$/.test(value) ? value : DEFAULT_PRODUCT_ROUTE;

/**
 * Flow from a path and host (§1): a fund's route name in the path picks that fund (in the registry's
 * order: `fidyah`, `kaffarah`, `{product}-ilmu`, `wms`); otherwise the wakaf host picks the wakaf
 * brand's home fund (ILMU), and anything else is ZAKAT. The paths are checked before the host so `/wms`
 * on the wakaf host is WMS (the spec's order would make it ILMU, which would make the WMS pages
 * unreachable there).
 */
export const flowFromPath = (
  path: string,
  host: string = "",
  productRoute: string = DEFAULT_PRODUCT_ROUTE,
): FlowType => {
  const p = path.toLowerCase();
  for (const fund of ALL_FUNDS) {
    const name = routeOf(fund.flow, productRoute).slice(1);
    if (name !== "" && p.includes(name)) return fund.flow;
  }
  if (host.toLowerCase().includes(productRoute)) return brandHome("wakaf");
  return DEFAULT_FLOW;
};

/** Flow from session storage when it holds a flow type, otherwise from the path. */
export const resolveFlow = (input: {
  readonly stored: unknown;
  readonly path: string;
  readonly host?: string;
  readonly productRoute?: string;
}): FlowType =>
  isFlowType(input.stored)
    ? input.stored
    : flowFromPath(input.path, input.host, input.productRoute);

/** Path prefix of a flow: '' for zakat, `/fidyah`, `/kaffarah`, `/{product}-ilmu`, `/wms`. */
export const flowPrefix = (flow: FlowType, productRoute: string = DEFAULT_PRODUCT_ROUTE): string =>
  routeOf(flow, productRoute);

/** The flow's home path: `/`, `/fidyah`, `/kaffarah`, `/{product}-ilmu`, `/wms`. */
export const homePath = (flow: FlowType, productRoute?: string): string =>
  flowPrefix(flow, productRoute) || "/";

/** Enrolment path of a flow: `/enrollment` or `{prefix}/enrollment`. */
export const enrolmentPath = (flow: FlowType, productRoute?: string): string =>
  `${flowPrefix(flow, productRoute)}/enrollment`;

/** Session-expire path of a flow: `/session-expire` or `{prefix}/session-expire`. */
export const sessionExpirePath = (flow: FlowType, productRoute?: string): string =>
  `${flowPrefix(flow, productRoute)}/session-expire`;

/** Profile path of a flow: `/profile` or `{prefix}/profile`. */
export const profilePath = (flow: FlowType, productRoute?: string): string =>
  `${flowPrefix(flow, productRoute)}/profile`;

/** Flow roots (§2): every fund's home (`/`, `/fidyah`, `/kaffarah`, `/{product}-ilmu`, `/wms`) and `/calculator`. */
export const flowRoots = (productRoute: string = DEFAULT_PRODUCT_ROUTE): ReadonlyArray<string> => [
  ...FLOW_TYPES.map((flow) => homePath(flow, productRoute)),
  "/calculator",
];

/** Whether a path is a flow root (landing route); a trailing slash is ignored. */
export const isFlowRoot = (path: string, productRoute?: string): boolean => {
  const p = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return flowRoots(productRoute).includes(p);
};

/** Enrolment paths (§2): `/enrollment` (with optional id and sub-pages) and each flow's enrolment path. */
export const isEnrolmentPath = (path: string, productRoute?: string): boolean =>
  path.startsWith("/enrollment") ||
  FLOW_TYPES.some((f) => f !== DEFAULT_FLOW && path.startsWith(enrolmentPath(f, productRoute)));

/** Main charity id (§3). */
export const MAIN_CHARITY_ID = fundOf(DEFAULT_FLOW).charityId;
/** Default appeal id (§3). */
export const DEFAULT_APPEAL_ID = 0;
