import { Effect, Schema } from "effect";
import { addressFromGoogle, portError, type AddressLookupShape } from "@portal/domain";
import { DEFAULT_TIMEOUT_MS, fetchJson, type Fetch } from "./fetch-json";

export interface GoogleGeocodingOptions {
  /** The Geocoding API's JSON endpoint, `https://maps.googleapis.com/maps/api/geocode/json`. */
  readonly baseUrl: string;
  /** The API key (a server key, restricted to the Geocoding API). */
  readonly apiKey: string;
  readonly fetch?: Fetch;
  readonly timeoutMs?: number;
}

/** Google's Geocoding answer, the fields the portal reads. */
export const GoogleGeocodeAnswer = Schema.Struct({
  status: Schema.String,
  results: Schema.optionalKey(
    Schema.Array(
      Schema.Struct({
        address_components: Schema.Array(
          Schema.Struct({
            long_name: Schema.String,
            short_name: Schema.String,
            types: Schema.Array(Schema.String),
          }),
        ),
      }),
    ),
  ),
});

/** The reverse-geocoding URL of spec §7 (`?latlng={lat},{lng}`), with the key. */
export const reverseGeocodeUrl = (options: GoogleGeocodingOptions, lat: number, lng: number) =>
  `${options.baseUrl}?${new URLSearchParams({ latlng: `${lat},${lng}`, key: options.apiKey })}`;

/**
 * Reverse geocoding through Google: the first result's address when the status is OK, null for
 * ZERO_RESULTS. A refusal (REQUEST_DENIED, OVER_QUERY_LIMIT, ...) is the service being unavailable to
 * us, so it fails like a timeout (spec §8: status 0 unless the provider says OK).
 */
export const googleReverseGeocode = (
  options: GoogleGeocodingOptions,
): AddressLookupShape["reverseGeocode"] => {
  const fetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return (lat, lng) => {
    if (
      !Number.isFinite(lat) ||
      !Number.isFinite(lng) ||
      Math.abs(lat) > 90 ||
      Math.abs(lng) > 180
    ) {
      return Effect.fail(
        portError("GoogleGeocoding", "address.coordinates", "not a point on Earth"),
      );
    }
    return fetchJson(
      "GoogleGeocoding",
      fetch,
      reverseGeocodeUrl(options, lat, lng),
      GoogleGeocodeAnswer,
      timeoutMs,
    ).pipe(
      Effect.flatMap((answer) =>
        answer.status === "OK" || answer.status === "ZERO_RESULTS"
          ? Effect.succeed(addressFromGoogle(answer))
          : Effect.fail(
              portError("GoogleGeocoding", "port.unavailable", `GoogleGeocoding: ${answer.status}`),
            ),
      ),
    );
  };
};
