import { readHomePageConfiguration, readSiteConfiguration } from "@portal/adapters/db";
import { toHomePageWire } from "@portal/adapters";
import { database } from "../database";
import { locationLookupOn } from "../address";
import { config, scoped } from "../root";
import { RequestError, success } from "./envelope";
import type { Handler, ServiceResponse } from "./types";

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
// One cache per started portal: the console's routes (another bundle, same root) clear it when they
// publish rates.
const cached = () =>
  scoped(
    "configurationCache",
    () => new Map<string, { until: number; value: Promise<ServiceResponse> }>(),
  );
const cachedResponse = (
  key: string,
  load: () => Promise<ServiceResponse>,
): Promise<ServiceResponse> => {
  const cache = cached();
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.value;
  const value = load();
  cache.set(key, { until: Date.now() + CACHE_MS, value });
  value.catch(() => cache.delete(key));
  return value;
};

/** Forgets the cached answers (a test changed the rates and must not wait out the 5 s). */
export const clearConfigurationCache = (): void => cached().clear();

const publicRead = { "cache-control": "public, max-age=5" };

const homePageConfiguration: Handler = async ({ query }) => {
  const charityId = charityIdOf(query);
  return cachedResponse(`home:${charityId}`, async () => {
    const config = await readHomePageConfiguration(await database(), charityId);
    if (!config) throw new RequestError(404, "Unknown charity");
    return success({ data: toHomePageWire(config) }, publicRead);
  });
};

const configureWebForCharity: Handler = async ({ query }) => {
  const charityId = charityIdOf(query);
  return cachedResponse(`site:${charityId}`, async () => {
    const site = await readSiteConfiguration(await database(), charityId);
    if (!site) throw new RequestError(404, "Unknown charity");
    // The process's own settings the pages honour (docs/configuration.md): sign-in before giving, and
    // whether the address forms may offer "use my current location".
    const settings = {
      signInRequired: config().signInRequired,
      locationLookup: locationLookupOn(),
    };
    return success({ data: { ...site, ...settings } }, publicRead);
  });
};

export const configurationHandlers = {
  homePageConfiguration,
  getHomePageConfiguration: homePageConfiguration,
  configureWebForCharity,
} satisfies Record<string, Handler>;
