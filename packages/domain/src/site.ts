import { DEFAULT_PRODUCT_ROUTE, type FlowType } from "./flow";
import { ALL_FUNDS, brandHome } from "./funds/lookup";

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
