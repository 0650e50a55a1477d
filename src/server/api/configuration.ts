import { readHomePageConfiguration, readSiteConfiguration } from "@portal/adapters/db";
import { toHomePageWire } from "@portal/adapters";
import { database } from "../database";
import { RequestError, success } from "./envelope";
import type { Handler } from "./router";

/** A positive whole charity id from the query, or a 400. */
const charityIdOf = (query: URLSearchParams): number => {
  const raw = query.get("charityId");
  if (raw === null || !/^[1-9]\d{0,8}$/.test(raw)) {
    throw new RequestError(400, "charityId must be a positive whole number");
  }
  return Number(raw);
};

/**
 * Configuration is read on every page load by every donor, and changes a few times a month: keep it
 * for a few seconds per process. A payment checks its rates' version against the database itself.
 */
const CACHE_MS = 5_000;
const cache = new Map<string, { until: number; value: Promise<unknown> }>();
const cached = <T>(key: string, load: () => Promise<T>): Promise<T> => {
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { until: Date.now() + CACHE_MS, value });
  value.catch(() => cache.delete(key));
  return value;
};

const homePageConfiguration: Handler = async ({ query }) => {
  const charityId = charityIdOf(query);
  const config = await cached(`home:${charityId}`, async () =>
    readHomePageConfiguration(await database(), charityId),
  );
  if (!config) throw new RequestError(404, "Unknown charity");
  return success({ data: toHomePageWire(config) }, { "cache-control": "public, max-age=5" });
};

const configureWebForCharity: Handler = async ({ query }) => {
  const charityId = charityIdOf(query);
  const config = await cached(`site:${charityId}`, async () =>
    readSiteConfiguration(await database(), charityId),
  );
  if (!config) throw new RequestError(404, "Unknown charity");
  return success({ data: config }, { "cache-control": "public, max-age=5" });
};

export const configurationHandlers = {
  homePageConfiguration,
  getHomePageConfiguration: homePageConfiguration,
  configureWebForCharity,
} satisfies Record<string, Handler>;
