// Spec §1's site variants on the server: which brand a request's host wears, from the configured site
// entries (the site configuration the database keeps, seeded from the portal's two public addresses).
import { readSiteConfiguration } from "@portal/adapters/db";
import {
  hostBrand,
  MAIN_CHARITY_ID,
  readSiteEntries,
  type Brand,
  type SiteEntry,
} from "@portal/domain";
import type { PortalDatabase } from "./database";

/** How long the configured entries are kept between reads (an officer's change shows within it). */
const KEEP_MS = 5_000;

/**
 * The brand a request's host wears (§1), from the configured site entries (`hostBrand`), read at most
 * every five seconds (none when they cannot be read).
 */
export function siteBrands(
  database: PortalDatabase,
  productRoute: string,
): (host: string | undefined) => Promise<Brand> {
  let kept:
    { readonly at: number; readonly entries: Promise<ReadonlyArray<SiteEntry>> } | undefined;
  const readEntries = async (): Promise<ReadonlyArray<SiteEntry>> =>
    readSiteEntries(await readSiteConfiguration(await database.open(), MAIN_CHARITY_ID));
  const entries = (now: number): Promise<ReadonlyArray<SiteEntry>> => {
    if (kept === undefined || now - kept.at > KEEP_MS) {
      kept = { at: now, entries: readEntries().catch(() => []) };
    }
    return kept.entries;
  };
  return async (host) =>
    hostBrand({ entries: await entries(Date.now()), host: host ?? "", productRoute });
}
