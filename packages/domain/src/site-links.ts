/**
 * The links the pages lead out by (issue 34, spec §2 and §9): the privacy statement and terms of use
 * (footer, error page), the header's back-to-site links (zakat, fidyah, wakaf: "site base links") and
 * the council's external receipt sites (zakat, wakaf, korban and another fund). They are site content,
 * kept with the main charity's served configuration and changed by officers in the console, not build
 * settings. A link is an `https://` address or one of the portal's own paths (`/privacy`), which the
 * pages open in the reader's language (`/ms/privacy`). An empty link is not shown.
 */

export const SITE_LINK_NAMES = [
  "privacy",
  "terms",
  "zakatSite",
  "fidyahSite",
  "wakafSite",
  "zakatReceipts",
  "wakafReceipts",
  "korbanReceipts",
  "otherReceipts",
] as const;
export type SiteLinkName = (typeof SITE_LINK_NAMES)[number];
export type SiteLinks = Readonly<Record<SiteLinkName, string>>;

/** The links every page must have: the privacy statement and the terms of use. */
export const REQUIRED_SITE_LINKS: ReadonlyArray<SiteLinkName> = ["privacy", "terms"];

/** The longest link (characters). */
export const SITE_LINK_MAX = 300;

/**
 * The links before an officer changes them: the portal's own privacy statement and terms of use
 * (`/privacy`, `/terms`), the council's public sites (www.zakat.sg for zakat, kaffarah and fidyah;
 * www.ourwakaf.sg for wakaf). The spec gives no address of the external receipt sites ("addresses not
 * reproduced"), so they start empty and are not shown until an officer sets them.
 */
export const DEFAULT_SITE_LINKS: SiteLinks = {
  privacy: "/privacy",
  terms: "/terms",
  zakatSite: "https://www.zakat.sg/",
  fidyahSite: "https://www.zakat.sg/",
  wakafSite: "https://www.ourwakaf.sg/",
  zakatReceipts: "",
  wakafReceipts: "",
  korbanReceipts: "",
  otherReceipts: "",
};

/** One of the portal's own paths: `/` then letters, digits, `-`, `_`, `.`, `/`; never `//` (another host). */
const OWN_PATH = /^\/(?!\/)[A-Za-z0-9\-._/]*(?:#[A-Za-z0-9\-_]*)?$/;
/** An https address with a host, and no quotes, angle brackets, backslashes or spaces. */
const HTTPS_LINK =
  /^https:\/\/(?:[A-Za-z0-9-]+\.)+[A-Za-z0-9-]+(?::\d{1,5})?(?:[/?#][^\s<>"'`\\]*)?$/;

/** Whether a link may be stored and shown: an https address or an own path, within the length. */
export const isSiteLink = (value: string): boolean =>
  value.length <= SITE_LINK_MAX && (OWN_PATH.test(value) || HTTPS_LINK.test(value));

/** Whether a link is one of the portal's own paths (opened in the reader's language). */
export const isOwnPath = (value: string): boolean => OWN_PATH.test(value);

/**
 * The links as served and stored (an object, maybe partial): each usable one, the default for any
 * other. Never throws: a bad stored value must not take a page down.
 */
export const siteLinksOf = (stored: unknown): SiteLinks => {
  const record =
    typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(
    SITE_LINK_NAMES.map((name) => {
      const value = record[name];
      const usable =
        typeof value === "string" &&
        (value === "" ? !REQUIRED_SITE_LINKS.includes(name) : isSiteLink(value));
      return [name, usable ? value : DEFAULT_SITE_LINKS[name]];
    }),
  ) as SiteLinks;
};

/** Which back-to-site link a flow's header shows (spec §9 site base links: zakat, fidyah, wakaf). */
export const siteLinkOfFlow = (flow: string, brand: "zakat" | "wakaf"): SiteLinkName =>
  flow === "FIDYAH" ? "fidyahSite" : brand === "wakaf" ? "wakafSite" : "zakatSite";
