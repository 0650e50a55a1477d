import { describe, expect, it } from "vitest";
import { addressFromGoogle } from "./google-geocode.ts";

const component = (long_name: string, types: string[], short_name = long_name) => ({
  long_name,
  short_name,
  types,
});

describe("Google reverse geocoding as the portal's address", () => {
  it("takes the first result's components when the status is OK", () => {
    const address = addressFromGoogle({
      status: "OK",
      results: [
        {
          address_components: [
            component("106", ["street_number"]),
            component("Simei Street 1", ["route"], "Simei St 1"),
            component("Singapore", ["country", "political"], "SG"),
            component("520106", ["postal_code"]),
          ],
        },
        { address_components: [component("Elsewhere", ["route"])] },
      ],
    });
    expect(address).toEqual({
      postalCode: "520106",
      blockNumber: "106",
      streetName: "Simei Street 1",
      buildingName: "",
      country: "SG",
    });
  });

  it("names the building from the premise, else the named place", () => {
    const withPlace = (types: string[]) =>
      addressFromGoogle({
        status: "OK",
        results: [{ address_components: [component("Wisma Geylang Serai", types)] }],
      })?.buildingName;
    expect(withPlace(["premise"])).toBe("Wisma Geylang Serai");
    expect(withPlace(["point_of_interest", "establishment"])).toBe("Wisma Geylang Serai");
  });

  it("is no address unless the provider says OK (spec §8)", () => {
    expect(addressFromGoogle({ status: "ZERO_RESULTS", results: [] })).toBeNull();
    expect(addressFromGoogle({ status: "REQUEST_DENIED" })).toBeNull();
    expect(addressFromGoogle({ status: "OK", results: [] })).toBeNull();
  });
});
