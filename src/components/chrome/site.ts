import { productRouteOf, type FlowType } from "@portal/domain";

/**
 * The wakaf brand's route name (`/wakaf-ilmu`, host `wakaf.localhost`), read when the pages are built.
 * Changing PORTAL_PRODUCT_ROUTE therefore needs a rebuild (PORTAL_FORCE_BUILD=1).
 */
export const productRoute = (): string =>
  productRouteOf(typeof process === "undefined" ? undefined : process.env["PORTAL_PRODUCT_ROUTE"]);

/** Which brand a flow belongs to: zakat, fidyah and kaffarah share the zakat site; ILMU and WMS are wakaf. */
export type Brand = "zakat" | "wakaf";
export const brandOf = (flow: FlowType): Brand =>
  flow === "ILMU" || flow === "WMS" ? "wakaf" : "zakat";

/** A build-time setting from the environment (undefined in the browser, where islands import this). */
const setting = (name: string): string | undefined => {
  const value = typeof process === "undefined" ? undefined : process.env[name]?.trim();
  return value === undefined || value === "" ? undefined : value;
};

/**
 * The council's web site: the only council address the project holds (the seeded contact e-mail's
 * domain). Neither the spec nor design/facts.md gives the addresses of its zakat, fidyah and wakaf
 * pages or of its privacy statement and terms of use, so each is configuration (README, Configuration)
 * and, until it is set, goes to this site's home page rather than to a guessed address.
 */
export const COUNCIL_SITE = "https://www.muis.gov.sg/";

/** An address setting: an absolute http(s) URL, or the default; anything else stops the build. */
export const addressSetting = (name: string, fallback: string = COUNCIL_SITE): string => {
  const value = setting(name);
  if (value === undefined) return fallback;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== "https:" && url.protocol !== "http:")) {
    throw new Error(`${name} must be an http(s) address, not ${JSON.stringify(value)}`);
  }
  return url.toString();
};

/**
 * The sites the header's back-to-site link returns to (spec §9 "site base links: zakat, fidyah,
 * {product}"), read when the pages are built: after changing one, rebuild (PORTAL_FORCE_BUILD=1).
 */
export const backToSiteLink = (flow: FlowType): string =>
  flow === "FIDYAH"
    ? addressSetting("PORTAL_FIDYAH_SITE_URL")
    : brandOf(flow) === "wakaf"
      ? addressSetting("PORTAL_WAKAF_SITE_URL")
      : addressSetting("PORTAL_ZAKAT_SITE_URL");

/** The council's privacy statement and terms of use (footer, error page), read when built. */
export const legalLinks = (): { readonly privacy: string; readonly terms: string } => ({
  privacy: addressSetting("PORTAL_PRIVACY_URL"),
  terms: addressSetting("PORTAL_TERMS_URL"),
});

/** A map search for an address (the footer's and error page's map link). */
export const mapLink = (address: string): string =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
