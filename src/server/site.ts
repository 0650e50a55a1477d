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
import { database } from "./database";
import { config } from "./root";

/** How long the configured entries are kept between reads (an officer's change shows within it). */
const KEEP_MS = 5_000;
let kept: { readonly at: number; readonly entries: Promise<ReadonlyArray<SiteEntry>> } | undefined;

const readEntries = async (): Promise<ReadonlyArray<SiteEntry>> =>
  readSiteEntries(await readSiteConfiguration(await database(), MAIN_CHARITY_ID));

/** The configured site entries, read at most every five seconds; none when they cannot be read. */
export const configuredSiteEntries = (
  now: number = Date.now(),
): Promise<ReadonlyArray<SiteEntry>> => {
  if (kept === undefined || now - kept.at > KEEP_MS) {
    kept = { at: now, entries: readEntries().catch(() => []) };
  }
  return kept.entries;
};

/** The brand a request's host wears (§1), from the configured site entries (`hostBrand`). */
export const siteBrandOfHost = async (host: string | undefined): Promise<Brand> =>
  hostBrand({
    entries: await configuredSiteEntries(),
    host: host ?? "",
    productRoute: config().productRoute,
  });
