import { Context, Effect } from "effect";
import type { Layer } from "effect";
import { testLayerFor } from "./test-layer.ts";

/** Time, as epoch milliseconds. The domain never reads a clock itself. */
export interface ClockShape {
  readonly now: () => Effect.Effect<number>;
}

/**
 * A Clock over a function that reads the time (`Date.now` at a composition root's edge, a test's
 * counter). The domain never calls it itself; an adapter or a root hands it in.
 */
export const clockOf = (nowMs: () => number): ClockShape => ({ now: () => Effect.sync(nowMs) });

/** The clock port. */
export class Clock extends Context.Service<Clock, ClockShape>()("@portal/domain/Clock") {}

/** Test clock from supplied methods; missing methods die loudly. */
export const ClockTest = (supplied: Partial<ClockShape>): Layer.Layer<Clock> =>
  testLayerFor(Clock, "Clock", ["now"], supplied);

/** A clock stopped at `epochMs`. */
export const ClockFixed = (epochMs: number): Layer.Layer<Clock> =>
  ClockTest({ now: () => Effect.succeed(epochMs) });
