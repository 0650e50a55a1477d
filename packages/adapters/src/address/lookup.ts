import { Effect } from "effect";
import type { AddressLookupShape } from "@portal/domain";
import { lookupOff } from "./fetch-json";
import { googleReverseGeocode, type GoogleGeocodingOptions } from "./google-geocode";
import { oneMapPostalCodes, type OneMapOptions } from "./onemap";

/**
 * The address lookup from what is configured: OneMap for postal codes, Google for reverse geocoding.
 * A service left out fails with `address.lookupOff` (the embedded default: the donor types the address).
 */
export const addressLookup = (options: {
  readonly oneMap?: OneMapOptions | undefined;
  readonly google?: GoogleGeocodingOptions | undefined;
}): AddressLookupShape => ({
  byPostalCode: options.oneMap
    ? oneMapPostalCodes(options.oneMap)
    : () => Effect.fail(lookupOff("OneMap")),
  reverseGeocode: options.google
    ? googleReverseGeocode(options.google)
    : () => Effect.fail(lookupOff("GoogleGeocoding")),
});
