import { randomBytes, randomUUID } from "node:crypto";
import { Effect } from "effect";
import type { ClockShape, IdsShape } from "@portal/domain";

/**
 * The domain's Clock port on the process clock, with an offset that browser and integration tests move
 * forward through `POST /__test/clock` (mounted only with PORTAL_TEST_CONTROL_TOKEN), so a journey can
 * outlive a PayNow QR without waiting five minutes. The gateway keeps its own clock, as a bank does.
 */
export interface PortalClock extends ClockShape {
  /** The same time as a plain number, for the repositories' `now` option. */
  readonly nowMs: () => number;
  /** Tests only: move the portal's clock forward by `ms`; returns the offset now. */
  readonly advance: (ms: number) => number;
}

export const portalClock = (): PortalClock => {
  let offsetMs = 0;
  const nowMs = () => Date.now() + offsetMs;
  return {
    nowMs,
    now: () => Effect.sync(nowMs),
    advance: (ms) => {
      if (!Number.isFinite(ms) || ms < 0)
        throw new Error("advanceMs must be a non-negative number");
      offsetMs += ms;
      return offsetMs;
    },
  };
};

/** The domain's Ids port: random UUIDs, and tokens of 256 random bits (base64url). */
export const systemIds: IdsShape = {
  newId: () => Effect.sync(() => randomUUID()),
  newToken: () => Effect.sync(() => randomBytes(32).toString("base64url")),
};
