import type { FoundAddress } from "./address.ts";

/** One address component of a Google Geocoding result. */
export interface GoogleAddressComponent {
  readonly long_name: string;
  readonly short_name: string;
  readonly types: ReadonlyArray<string>;
}

/** The part of a Google Geocoding answer the portal reads. */
export interface GoogleGeocodeAnswer {
  readonly status: string;
  readonly results?: ReadonlyArray<{
    readonly address_components: ReadonlyArray<GoogleAddressComponent>;
  }>;
}

const component = (
  components: ReadonlyArray<GoogleAddressComponent>,
  type: string,
  name: "long_name" | "short_name" = "long_name",
): string => components.find((c) => c.types.includes(type))?.[name].trim() ?? "";

/**
 * A Google Geocoding answer as the portal's address parts (spec §7: the first result if status is
 * `OK`; §8: anything else is no address). Block is the street number, street the route, building the
 * premise (or the named place), country the ISO code.
 */
export const addressFromGoogle = (answer: GoogleGeocodeAnswer): FoundAddress | null => {
  const first = answer.status === "OK" ? answer.results?.[0] : undefined;
  if (!first) return null;
  const parts = first.address_components;
  return {
    postalCode: component(parts, "postal_code").replace(/\s+/g, ""),
    blockNumber: component(parts, "street_number"),
    streetName: component(parts, "route"),
    buildingName: component(parts, "premise") || component(parts, "point_of_interest"),
    country: component(parts, "country", "short_name"),
  };
};
