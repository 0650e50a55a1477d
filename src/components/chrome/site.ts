import { productRouteOf } from "@portal/domain";

/**
 * The wakaf brand's route name (`/wakaf-ilmu`, host `wakaf.localhost`), read when the pages are built.
 * Changing PORTAL_PRODUCT_ROUTE therefore needs a rebuild (PORTAL_FORCE_BUILD=1).
 */
export const productRoute = (): string =>
  productRouteOf(typeof process === "undefined" ? undefined : process.env["PORTAL_PRODUCT_ROUTE"]);

/** Which brand a flow belongs to (the fund registry's): zakat, fidyah and kaffarah the zakat site. */
export { brandOf, type Brand } from "@portal/domain";

/** A map search for an address (the footer's and error page's map link). */
export const mapLink = (address: string): string =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
