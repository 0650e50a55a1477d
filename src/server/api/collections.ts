import { sgtDate } from "@portal/domain";
import { collectionsFigures } from "@portal/adapters/finance";
import type { Services } from "../main";
import { reason } from "../log";
import { failure, success } from "./envelope";
import type { ServiceRequest, ServiceResponse } from "./types";

/**
 * The collections page's figures (issue 34, docs/collections.md) are read at most once a minute per
 * process, however many visitors ask: the first caller after the minute starts the read, and every
 * caller meanwhile (those before it finishes too) gets that one answer. So the page is never more than
 * a minute behind a payment, and a visitor's request costs a map lookup.
 */
export const COLLECTIONS_FRESH_MS = 60_000;

export interface CollectionsCache {
  readonly answer: (load: () => Promise<ServiceResponse>) => Promise<ServiceResponse>;
  /** Forgets the answer (an asnaf distribution was published). */
  readonly clear: () => void;
}

export function collectionsCache(now: () => number): CollectionsCache {
  let kept: { until: number; value: Promise<ServiceResponse> } | undefined;
  return {
    answer: (load) => {
      if (kept && kept.until > now()) return kept.value;
      const value = load();
      const entry = { until: now() + COLLECTIONS_FRESH_MS, value };
      kept = entry;
      // A failed read is not kept: the next caller tries again.
      value.catch(() => {
        if (kept === entry) kept = undefined;
      });
      return value;
    },
    clear: () => {
      kept = undefined;
    },
  };
}

/**
 * Browsers and shared caches ask again each time (the process answers from its minute's figures): a
 * cache in front of the portal adding its own minute would put the page two minutes behind.
 */
const answerHeaders = { "cache-control": "public, no-cache" };

/**
 * The figures' address. Not in the call table (packages/adapters/src/http/paths.ts), which every page
 * with the API client ships: only the collections page reads it, by a plain fetch.
 */
export const COLLECTIONS_PATH = "/svc/main/v1/Home/collections";

/**
 * Sums and counts of the gifts this Ramadan and this year, and the asnaf distribution: anyone, GET or
 * POST (a public read), no query parameter (nothing to key a cache on, so nothing grows).
 */
export async function collectionsRequest(
  services: Services,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  if (!["GET", "HEAD", "POST"].includes(request.method)) {
    return failure(405, "Method not allowed", { allow: "GET, POST" });
  }
  const [name] = [...request.url.searchParams.keys()];
  if (name !== undefined) return failure(400, `Unknown query parameter: ${name}`);
  try {
    return await services.collectionsCache.answer(async () => {
      const now = services.clock.nowMs();
      const figures = await collectionsFigures(
        await services.database.open(),
        sgtDate(now),
        new Date(now),
      );
      return success({ data: figures }, answerHeaders);
    });
  } catch (error) {
    services.log.error(
      { requestId: request.requestId },
      `[api] collections failed: ${reason(error)}`,
    );
    services.report(error, { call: "collections" });
    return failure(503, "The figures cannot be read just now; please try again in a minute.");
  }
}
