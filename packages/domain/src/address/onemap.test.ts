import { describe, expect, it } from "vitest";
import { addressesAtPostalCode, addressFromOneMap } from "./onemap.ts";

describe("OneMap results as the portal's address", () => {
  it("maps block, road, building and postal code, in Singapore", () => {
    expect(
      addressFromOneMap({
        BLK_NO: "290",
        ROAD_NAME: "ORCHARD ROAD",
        BUILDING: "THE PARAGON",
        POSTAL: "238859",
      }),
    ).toEqual({
      postalCode: "238859",
      blockNumber: "290",
      streetName: "ORCHARD ROAD",
      buildingName: "THE PARAGON",
      country: "SG",
    });
  });

  it("reads OneMap's NIL (any case) and missing parts as empty", () => {
    expect(
      addressFromOneMap({
        BLK_NO: "106",
        ROAD_NAME: "SIMEI STREET 1",
        BUILDING: "NIL",
        POSTAL: "520106",
      }),
    ).toMatchObject({ buildingName: "" });
    expect(addressFromOneMap({ BLK_NO: " nil ", ROAD_NAME: "  JALAN   BAHAGIA " })).toEqual({
      postalCode: "",
      blockNumber: "",
      streetName: "JALAN BAHAGIA",
      buildingName: "",
      country: "SG",
    });
  });

  it("keeps only the results at the postal code asked for, once each, in OneMap's order", () => {
    const found = addressesAtPostalCode("238801", [
      { BLK_NO: "391", ROAD_NAME: "ORCHARD ROAD", BUILDING: "NGEE ANN CITY", POSTAL: "238872" },
      { BLK_NO: "391A", ROAD_NAME: "ORCHARD ROAD", BUILDING: "NGEE ANN CITY", POSTAL: "238801" },
      { BLK_NO: "391A", ROAD_NAME: "ORCHARD ROAD", BUILDING: "NGEE ANN CITY", POSTAL: "238801" },
      { BLK_NO: "391A", ROAD_NAME: "ORCHARD ROAD", BUILDING: "TAKASHIMAYA", POSTAL: "238801" },
      { BLK_NO: "NIL", ROAD_NAME: "NIL", BUILDING: "ORCHARD 238801 BUS STOP", POSTAL: "238801" },
    ]);
    expect(found.map((a) => a.buildingName)).toEqual(["NGEE ANN CITY", "TAKASHIMAYA"]);
  });

  it("finds nothing in an empty search", () => {
    expect(addressesAtPostalCode("999999", [])).toEqual([]);
  });
});
