import { brandOf, productRouteOf, type FlowType } from "@portal/domain";

/**
 * The wakaf brand's route name (`/wakaf-ilmu`, host `wakaf.localhost`), read when the pages are built.
 * Changing PORTAL_PRODUCT_ROUTE therefore needs a rebuild (PORTAL_FORCE_BUILD=1).
 */
export const productRoute = (): string =>
  productRouteOf(typeof process === "undefined" ? undefined : process.env["PORTAL_PRODUCT_ROUTE"]);

/** Which brand a flow belongs to (the fund registry's): zakat, fidyah and kaffarah the zakat site. */
export { brandOf, type Brand } from "@portal/domain";

/** A build-time setting from the environment (undefined in the browser, where islands import this). */
const setting = (name: string): string | undefined => {
  const value = typeof process === "undefined" ? undefined : process.env[name]?.trim();
  return value === undefined || value === "" ? undefined : value;
};

/**
 * The council's web site (the domain of its seeded contact e-mail). Neither the spec ("addresses not
 * reproduced") nor design/facts.md gives the back-to-site or legal addresses, so each is configuration
 * (README, Configuration) with a default from the council's public sites:
 * - zakat (with kaffarah) and fidyah: Zakat Singapore, www.zakat.sg, the council's zakat site, which the
 *   header's link names ("Back to zakat.sg"); the fidyah flow goes to its home until the address of
 *   its fidyah page is confirmed;
 * - wakaf: www.ourwakaf.sg, the council's wakaf site (Wakaf Masyarakat Singapura);
 * - privacy statement and terms of use: this site's home page, rather than a guessed address, until
 *   their addresses are confirmed.
 */
export const COUNCIL_SITE = "https://www.muis.gov.sg/";
export const ZAKAT_SITE = "https://www.zakat.sg/";
export const WAKAF_SITE = "https://www.ourwakaf.sg/";

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
    ? addressSetting("PORTAL_FIDYAH_SITE_URL", ZAKAT_SITE)
    : brandOf(flow) === "wakaf"
      ? addressSetting("PORTAL_WAKAF_SITE_URL", WAKAF_SITE)
      : addressSetting("PORTAL_ZAKAT_SITE_URL", ZAKAT_SITE);

/** The council's privacy statement and terms of use (footer, error page), read when built. */
export const legalLinks = (): { readonly privacy: string; readonly terms: string } => ({
  privacy: addressSetting("PORTAL_PRIVACY_URL"),
  terms: addressSetting("PORTAL_TERMS_URL"),
});

/** A map search for an address (the footer's and error page's map link). */
export const mapLink = (address: string): string =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
