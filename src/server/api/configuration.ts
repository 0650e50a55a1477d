import { readHomePageConfiguration, readSiteConfiguration } from "@portal/adapters/db";
import { readHijriMonths } from "@portal/adapters/console";
import { toHomePageWire, umAlQuraDateOf } from "@portal/adapters";
import {
  fitrahDeadline,
  hijriCalendar as calendarOf,
  MAIN_CHARITY_ID,
  SGT_OFFSET_MS,
  type SiteLinks,
} from "@portal/domain";
import { RequestError, success } from "./envelope";
import { homeFills } from "../home-fills";
import type { Handler, HandlerServices, ServiceResponse } from "./types";

/** A positive whole charity id from the query, or a 400. */
export const charityIdOf = (query: URLSearchParams): number => {
  const raw = query.get("charityId");
  if (raw === null || !/^[1-9]\d{0,8}$/.test(raw)) {
    throw new RequestError(400, "charityId must be a positive whole number");
  }
  return Number(raw);
};

/**
 * Configuration is read on every page load by every donor, and changes a few times a month: keep the
 * finished response for a few seconds per process. A payment checks its rates' version against the
 * database itself, so a stale read can never price a donation.
 */
const CACHE_MS = 5_000;
/**
 * The configuration answers kept by this portal (one per started portal, built by the composition
 * root): the console clears it when it publishes rates, and a test when it changes them.
 */
export interface ConfigurationCache {
  readonly answer: (key: string, load: () => Promise<ServiceResponse>) => Promise<ServiceResponse>;
  /** Forgets the cached answers. */
  readonly clear: () => void;
}

export function configurationCache(now: () => number = Date.now): ConfigurationCache {
  const cache = new Map<string, { until: number; value: Promise<ServiceResponse> }>();
  return {
    answer: (key, load) => {
      const hit = cache.get(key);
      if (hit && hit.until > now()) return hit.value;
      const value = load();
      cache.set(key, { until: now() + CACHE_MS, value });
      value.catch(() => cache.delete(key));
      return value;
    },
    clear: () => cache.clear(),
  };
}

const publicRead = { "cache-control": "public, max-age=5" };

/** The site's links as stored (issue 34), for the calls that name one (a receipt's `websiteUrl`). */
export const storedSiteLinks = async (
  services: HandlerServices["services"],
): Promise<SiteLinks | undefined> =>
  (await readHomePageConfiguration(await services.database.open(), MAIN_CHARITY_ID))?.siteLinks;

const homePageConfiguration =
  ({ services }: HandlerServices): Handler =>
  async ({ query }) => {
    const charityId = charityIdOf(query);
    return services.configurationCache.answer(`home:${charityId}`, async () => {
      const sql = await services.database.open();
      const config = await readHomePageConfiguration(sql, charityId);
      if (!config) throw new RequestError(404, "Unknown charity");
      // Issue 34: the values the home texts name (the rates, the days left to pay fitrah before the
      // Aidilfitri prayer by the council's calendar, estimated where it is), in every language, so
      // the home page fills them without the calendar's code.
      const today = new Date(Date.now() + SGT_OFFSET_MS).toISOString().slice(0, 10);
      const deadline = fitrahDeadline(
        calendarOf(await readHijriMonths(sql)),
        today,
        umAlQuraDateOf,
      );
      const fills = { homeFills: homeFills(config.rates, deadline) };
      return success({ data: { ...toHomePageWire(config), ...fills } }, publicRead);
    });
  };

const configureWebForCharity =
  ({ services }: HandlerServices): Handler =>
  async ({ query }) => {
    const { config } = services;
    const charityId = charityIdOf(query);
    return services.configurationCache.answer(`site:${charityId}`, async () => {
      const site = await readSiteConfiguration(await services.database.open(), charityId);
      if (!site) throw new RequestError(404, "Unknown charity");
      // The process's own settings the pages honour (docs/configuration.md): sign-in before giving, and
      // whether the address forms may offer "use my current location".
      const settings = {
        signInRequired: config.signInRequired,
        locationLookup: config.address.google !== undefined,
      };
      return success({ data: { ...site, ...settings } }, publicRead);
    });
  };

/**
 * The council's published Hijri month starts (docs/hijri-calendar.md): the portal counts Hijri days
 * from them and estimates the rest. Cached as the configuration is; a publication clears it.
 */
const hijriCalendar =
  ({ services }: HandlerServices): Handler =>
  async () =>
    services.configurationCache.answer("hijri", async () => {
      const months = await readHijriMonths(await services.database.open());
      return success({ data: { months } }, publicRead);
    });

/** The calls of the configuration: public reads, which CDNs and browsers may cache. */
export const CONFIGURATION_CALLS = [
  "hijriCalendar",
  "homePageConfiguration",
  "getHomePageConfiguration",
  "configureWebForCharity",
] as const;

export const configurationHandlers = (given: HandlerServices) =>
  ({
    hijriCalendar: hijriCalendar(given),
    homePageConfiguration: homePageConfiguration(given),
    getHomePageConfiguration: homePageConfiguration(given),
    configureWebForCharity: configureWebForCharity(given),
  }) satisfies Record<(typeof CONFIGURATION_CALLS)[number], Handler>;
