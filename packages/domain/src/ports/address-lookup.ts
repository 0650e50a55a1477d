import type { Effect } from "effect";
import type { FoundAddress } from "../address/address.ts";
import type { PortError } from "./port-error.ts";

/**
 * Postal-code search and reverse geocoding (OneMap, Google). Failures are `PortError`s, never defects:
 * `address.lookupOff` when the service is not configured, `port.unavailable` when it did not answer
 * in time or answered something unreadable. A plain interface, not a service: the address routes
 * (src/server/api/address.ts) call the one src/server/address.ts builds; no program asks for it
 * from its context.
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
