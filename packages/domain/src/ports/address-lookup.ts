import { Context } from "effect";
import type { Effect, Layer } from "effect";
import type { FoundAddress } from "../address/address.ts";
import type { PortError } from "./port-error.ts";
import { testLayerFor } from "./test-layer.ts";

/**
 * Postal-code search and reverse geocoding (OneMap, Google). Failures are `PortError`s, never defects:
 * `address.lookupOff` when the service is not configured, `port.unavailable` when it did not answer
 * in time or answered something unreadable.
 */
export interface AddressLookupShape {
  /** The addresses at a six-digit postal code; none found is an empty list. */
  readonly byPostalCode: (
    postalCode: string,
  ) => Effect.Effect<ReadonlyArray<FoundAddress>, PortError>;
  /** The address at a point (spec §7: the first result when the provider says OK), or null. */
  readonly reverseGeocode: (
    lat: number,
    lng: number,
  ) => Effect.Effect<FoundAddress | null, PortError>;
}

/** The address lookup port. */
export class AddressLookup extends Context.Service<AddressLookup, AddressLookupShape>()(
  "@portal/domain/AddressLookup",
) {}

/** Test lookup from supplied methods; missing methods die loudly. */
export const AddressLookupTest = (
  supplied: Partial<AddressLookupShape>,
): Layer.Layer<AddressLookup> =>
  testLayerFor(AddressLookup, "AddressLookup", ["byPostalCode", "reverseGeocode"], supplied);
