import { Context } from "effect";
import type { Effect, Layer } from "effect";
import { testLayerFor } from "./test-layer.ts";

/** Identifiers and unguessable tokens (randomness lives behind this port). */
export interface IdsShape {
  /** A new unique id (e.g. a transaction number). */
  readonly newId: () => Effect.Effect<string>;
  /** A new unguessable token of at least 128 random bits (e.g. a receipt token). */
  readonly newToken: () => Effect.Effect<string>;
}

/** The ids port. */
export class Ids extends Context.Service<Ids, IdsShape>()("@portal/domain/Ids") {}

/** Test ids from supplied methods; missing methods die loudly. */
export const IdsTest = (supplied: Partial<IdsShape>): Layer.Layer<Ids> =>
  testLayerFor(Ids, "Ids", ["newId", "newToken"], supplied);
