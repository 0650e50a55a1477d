import { DEFAULT_PRODUCT_ROUTE, type FlowType } from "@portal/domain";

/**
 * The wakaf brand's route name (`/wakaf-ilmu`, host `wakaf.localhost`), read when the pages are built.
 * Changing PORTAL_PRODUCT_ROUTE therefore needs a rebuild (PORTAL_FORCE_BUILD=1).
 */
export const productRoute = (): string => {
  const value = typeof process === "undefined" ? undefined : process.env["PORTAL_PRODUCT_ROUTE"];
  return value !== undefined && /^[a-z][a-z0-9-]{0,30}$/.test(value)
    ? value
    : DEFAULT_PRODUCT_ROUTE;
};

/** Which brand a flow belongs to: zakat, fidyah and kaffarah share the zakat site; ILMU and WMS are wakaf. */
export type Brand = "zakat" | "wakaf";
export const brandOf = (flow: FlowType): Brand =>
  flow === "ILMU" || flow === "WMS" ? "wakaf" : "zakat";

/**
 * The council's public sites the header's back-to-site link returns to (spec §9 "site base links: zakat,
 * fidyah, {product}"; the spec does not reproduce the addresses). Kept in one place so an officer's
 * correction is one edit.
 */
export const backToSiteLinks = {
  zakat: "https://www.zakat.sg/",
  fidyah: "https://www.zakat.sg/fidyah/",
  wakaf: "https://www.muis.gov.sg/wakaf/",
} as const;

export const backToSiteLink = (flow: FlowType): string =>
  flow === "FIDYAH"
    ? backToSiteLinks.fidyah
    : brandOf(flow) === "wakaf"
      ? backToSiteLinks.wakaf
      : backToSiteLinks.zakat;

/** The council's privacy statement and terms of use (footer, error page). */
export const legalLinks = {
  privacy: "https://www.muis.gov.sg/privacy-statement/",
  terms: "https://www.muis.gov.sg/terms-of-use/",
} as const;

/** A map search for an address (the footer's and error page's map link). */
export const mapLink = (address: string): string =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
