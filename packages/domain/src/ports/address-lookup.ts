import { Context } from "effect";
import type { Effect, Layer } from "effect";
import type { PortError } from "./port-error";
import { testLayerFor } from "./test-layer";

/** A Singapore address (§3 address parts). */
export interface Address {
  readonly postalCode: string;
  readonly blockNumber: string;
  readonly streetName: string;
  readonly buildingName: string;
  readonly country: string;
}

/** Postal-code search and reverse geocoding (OneMap, Google). */
export interface AddressLookupShape {
  readonly byPostalCode: (postalCode: string) => Effect.Effect<ReadonlyArray<Address>, PortError>;
  readonly reverseGeocode: (lat: number, lng: number) => Effect.Effect<Address | null, PortError>;
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
