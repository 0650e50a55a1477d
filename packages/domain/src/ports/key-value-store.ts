import { Context } from "effect";
import type { Effect, Layer } from "effect";
import type { PortError } from "./port-error";
import { testLayerFor } from "./test-layer";

/** String key-value storage (browser local/session storage, or a server-side store). */
export interface KeyValueStoreShape {
  /** The value, or `null` when absent. */
  readonly get: (key: string) => Effect.Effect<string | null, PortError>;
  readonly set: (key: string, value: string) => Effect.Effect<void, PortError>;
  readonly remove: (key: string) => Effect.Effect<void, PortError>;
  readonly clear: () => Effect.Effect<void, PortError>;
}

/** The key-value store port. */
export class KeyValueStore extends Context.Service<KeyValueStore, KeyValueStoreShape>()(
  "@portal/domain/KeyValueStore",
) {}

/** Test store from supplied methods; missing methods die loudly. */
export const KeyValueStoreTest = (
  supplied: Partial<KeyValueStoreShape>,
): Layer.Layer<KeyValueStore> =>
  testLayerFor(KeyValueStore, "KeyValueStore", ["get", "set", "remove", "clear"], supplied);
