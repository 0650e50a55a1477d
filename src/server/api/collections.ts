import { sgtDate } from "@portal/domain";
import { collectionsFigures } from "@portal/adapters/finance";
import { success } from "./envelope";
import type { Handler, HandlerServices, ServiceResponse } from "./types";

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

/** Sums and counts of the gifts this Ramadan and this year, and the asnaf distribution: anyone. */
const collections =
  ({ services }: HandlerServices): Handler =>
  async () =>
    services.collectionsCache.answer(async () => {
      const now = services.clock.nowMs();
      const figures = await collectionsFigures(
        await services.database.open(),
        sgtDate(now),
        new Date(now),
      );
      return success({ data: figures }, answerHeaders);
    });

/** A public read that takes nothing (a GET too): one cached answer, no key to grow. */
export const COLLECTIONS_CALLS = ["collections"] as const;

export const collectionsHandlers = (given: HandlerServices) =>
  ({ collections: collections(given) }) satisfies Record<
    (typeof COLLECTIONS_CALLS)[number],
    Handler
  >;
