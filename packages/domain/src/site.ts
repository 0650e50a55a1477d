import { DEFAULT_PRODUCT_ROUTE, homePath, type FlowType } from "./flow.ts";
import { ALL_FUNDS, brandHome } from "./funds/lookup.ts";
import type { Brand } from "./funds/fund.ts";

/** Site variants (§1): each fund's flow in lower case (`zakat`, `fidyah`, `kaffarah`, `ilmu`, `wms`). */
export type SiteVariant = Lowercase<FlowType>;

/** The site variant of a flow. */
export const variantOf = (flow: FlowType): SiteVariant => flow.toLowerCase() as SiteVariant;

/** A configured site entry: the variant, its path and its url. */
export interface SiteEntry {
  readonly variant: SiteVariant;
  readonly path: string;
  readonly url: string;
}

const trimSlash = (p: string): string => (p.length > 1 ? p.replace(/\/+$/, "") : p);

/** Whether `path` equals `base` or lies below it (`/fidyah/profile` is below `/fidyah`). */
export const isPathAtOrBelow = (path: string, base: string): boolean => {
  const p = trimSlash(path);
  const b = trimSlash(base);
  return b === "/" ? p.startsWith("/") : p === b || p.startsWith(`${b}/`);
};

/**
 * Site variant (§1): the entry whose path is equal to or above the current path (the most specific one
 * when several match); if none matches and the host contains the product route name, the entry of the
 * wakaf brand's home fund (ilmu); otherwise none.
 */
export const siteVariant = (input: {
  readonly entries: ReadonlyArray<SiteEntry>;
  readonly path: string;
  readonly host: string;
  readonly productRoute?: string;
}): SiteEntry | null => {
  const matches = input.entries
    .filter((e) => isPathAtOrBelow(input.path, e.path))
    .sort((a, b) => trimSlash(b.path).length - trimSlash(a.path).length);
  const best = matches[0];
  if (best !== undefined) return best;
  if (input.host.toLowerCase().includes(input.productRoute ?? DEFAULT_PRODUCT_ROUTE)) {
    const home = variantOf(brandHome("wakaf"));
    return input.entries.find((e) => e.variant === home) ?? null;
  }
  return null;
};

/** The brand a variant wears: its fund's (`zakat` for zakat, fidyah and kaffarah; `wakaf` for ilmu, wms). */
export const brandOfVariant = (variant: SiteVariant): Brand =>
  ALL_FUNDS.find((fund) => variantOf(fund.flow) === variant)?.brand ?? "zakat";

/** The host of an entry's url, lower case without its port; undefined for a url that is only a path. */
const hostOfUrl = (url: string): string | undefined =>
  /^[a-z][a-z\d+.-]*:\/\/([^/?#:@]+)/i.exec(url)?.[1]?.toLowerCase();

/** A request's host without its port (`wakaf.localhost:4321` -> `wakaf.localhost`). */
const bareHost = (host: string): string => host.toLowerCase().replace(/:\d+$/, "");

/**
 * The site variant of a request (§1), host and path, from the configured site entries. The entries
 * whose url names this host are that host's: `siteVariant` over them, and their brand's home entry for
 * a path none of them covers (the wakaf host's `/` is Wakaf Ilmu's). On a host no entry names (a url
 * that is only a path, an address not configured), §1's rule as written: `siteVariant` over the
 * entries below the root (the root would cover every path, and the host rule never be reached).
 */
export const requestVariant = (input: {
  readonly entries: ReadonlyArray<SiteEntry>;
  readonly host: string;
  readonly path: string;
  readonly productRoute?: string;
}): SiteEntry | null => {
  const host = bareHost(input.host);
  const named = input.entries.filter((entry) => hostOfUrl(entry.url) === host);
  const first = named[0];
  if (first === undefined) {
    const belowRoot = input.entries.filter((entry) => trimSlash(entry.path) !== "/");
    return siteVariant({ ...input, entries: belowRoot });
  }
  const home = variantOf(brandHome(brandOfVariant(first.variant)));
  return (
    siteVariant({ ...input, entries: named }) ??
    named.find((entry) => entry.variant === home) ??
    first
  );
};

/** The brand a host wears (§1: its home page's variant), `zakat` when no entry or rule names one. */
export const hostBrand = (input: {
  readonly entries: ReadonlyArray<SiteEntry>;
  readonly host: string;
  readonly productRoute?: string;
}): Brand => {
  const variant = requestVariant({ ...input, path: "/" });
  return variant === null ? "zakat" : brandOfVariant(variant.variant);
};

/** The site entries of a configuration as stored (`siteEntries`), each checked; others left out. */
export const readSiteEntries = (config: unknown): ReadonlyArray<SiteEntry> => {
  const list =
    typeof config === "object" && config !== null
      ? (config as Record<string, unknown>)["siteEntries"]
      : undefined;
  if (!Array.isArray(list)) return [];
  const variants = new Set<string>(ALL_FUNDS.map((fund) => variantOf(fund.flow)));
  return list.flatMap((entry: unknown) => {
    if (typeof entry !== "object" || entry === null) return [];
    const { variant, path, url } = entry as Record<string, unknown>;
    return typeof variant === "string" &&
      variants.has(variant) &&
      typeof path === "string" &&
      path.startsWith("/") &&
      typeof url === "string"
      ? [{ variant: variant as SiteVariant, path, url }]
      : [];
  });
};

/**
 * The site entries as configured for a portal (§1): each fund's home path, its url on its brand's
 * host (`sites.zakat` or `sites.wakaf`, origins such as `https://www.zakat.sg`), or only the path
 * when the hosts are not given.
 */
export const siteEntriesFor = (
  productRoute: string,
  sites?: { readonly zakat: string; readonly wakaf: string },
): ReadonlyArray<SiteEntry> =>
  ALL_FUNDS.map((fund) => {
    const path = homePath(fund.flow, productRoute);
    const origin = sites === undefined ? "" : sites[fund.brand].replace(/\/+$/, "");
    return { variant: variantOf(fund.flow), path, url: `${origin}${path}` };
  });

/** Page head of a variant, as translation keys. */
export interface SiteHead {
  readonly titleKey: string;
  readonly descriptionKey: string;
  readonly iconKey: string;
}

const zakatHead: SiteHead = {
  titleKey: "site.zakat.title",
  descriptionKey: "site.zakat.description",
  iconKey: "zakat",
};
const wakafHead: SiteHead = {
  titleKey: "site.wakaf.title",
  descriptionKey: "site.wakaf.description",
  iconKey: "wakaf",
};

/** Each variant wears its fund's brand: zakat, fidyah and kaffarah the zakat head, the wakaf funds the wakaf one. */
export const siteHead = (variant: SiteVariant): SiteHead =>
  ALL_FUNDS.find((fund) => variantOf(fund.flow) === variant)?.brand === "wakaf"
    ? wakafHead
    : zakatHead;

/** English texts of the site head keys. */
export const siteMessages = {
  "site.zakat.title": "Zakat Singapore",
  "site.zakat.description":
    "A one-stop portal for zakat, fidyah and kaffarah payments online in Singapore",
  "site.wakaf.title": "Wakaf Singapore",
  "site.wakaf.description": "Wakaf: donating assets for pious causes",
} as const;
