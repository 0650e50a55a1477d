/** The product's flows (§1). ZAKAT is the default. */
export type FlowType = "ZAKAT" | "FIDYAH" | "KAFFARAH" | "ILMU" | "WMS";

/** All flows. */
export const FLOW_TYPES: ReadonlyArray<FlowType> = ["ZAKAT", "FIDYAH", "KAFFARAH", "ILMU", "WMS"];

/** Default wakaf route name (`/wakaf-ilmu`, host `wakaf.localhost`). */
export const DEFAULT_PRODUCT_ROUTE = "wakaf";

/** The configured product route when it is a route name (`[a-z][a-z0-9-]{0,30}`), else the default. */
export const productRouteOf = (value: string | undefined): string =>
  value !== undefined && /^[a-z][a-z0-9-]{0,30}$/.test(value) ? value : DEFAULT_PRODUCT_ROUTE;

/** Whether a stored value is a flow type. */
export const isFlowType = (value: unknown): value is FlowType =>
  typeof value === "string" && (FLOW_TYPES as ReadonlyArray<string>).includes(value);

/**
 * Flow from a path and host (§1): fidyah or kaffarah in the path pick that flow; `{product}-ilmu` in the
 * path picks ILMU; `wms` picks WMS; otherwise the wakaf host picks ILMU, and anything else is ZAKAT. The
 * `wms` path is checked before the host so `/wms` on the wakaf host is WMS (the spec's order would make it
 * ILMU, which would make the WMS pages unreachable there).
 */
export const flowFromPath = (
  path: string,
  host: string = "",
  productRoute: string = DEFAULT_PRODUCT_ROUTE,
): FlowType => {
  const p = path.toLowerCase();
  if (p.includes("fidyah")) return "FIDYAH";
  if (p.includes("kaffarah")) return "KAFFARAH";
  if (p.includes(`${productRoute}-ilmu`)) return "ILMU";
  if (p.includes("wms")) return "WMS";
  if (host.toLowerCase().includes(productRoute)) return "ILMU";
  return "ZAKAT";
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
export const flowPrefix = (
  flow: FlowType,
  productRoute: string = DEFAULT_PRODUCT_ROUTE,
): string => {
  switch (flow) {
    case "ZAKAT":
      return "";
    case "FIDYAH":
      return "/fidyah";
    case "KAFFARAH":
      return "/kaffarah";
    case "ILMU":
      return `/${productRoute}-ilmu`;
    case "WMS":
      return "/wms";
  }
};

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

/** Flow roots (§2): `/`, `/fidyah`, `/{product}-ilmu`, `/wms`, `/kaffarah`, `/calculator`. */
export const flowRoots = (productRoute: string = DEFAULT_PRODUCT_ROUTE): ReadonlyArray<string> => [
  "/",
  "/fidyah",
  `/${productRoute}-ilmu`,
  "/wms",
  "/kaffarah",
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
  FLOW_TYPES.some((f) => f !== "ZAKAT" && path.startsWith(enrolmentPath(f, productRoute)));

/** Wakaf funds and charity ids of §3. */
export const wakafFunds = {
  ilmu: { charityId: 135, donationTypeId: 33 },
  wms: { charityId: 136, donationTypeId: 34 },
} as const;

/** Main charity id (§3). */
export const MAIN_CHARITY_ID = 25;
/** Default appeal id (§3). */
export const DEFAULT_APPEAL_ID = 0;
