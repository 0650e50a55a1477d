import { describe, expect, it } from "vitest";
import { personFromMyInfo } from "./person";

describe("MyInfo person", () => {
  it("is read into the profile's fields, the date as dd/mm/yyyy and the address from its parts", () => {
    expect(
      personFromMyInfo({
        uinfin: { value: "s9812379b" },
        name: { value: "LIM YONG XIANG" },
        sex: { code: "M", desc: "MALE" },
        race: { code: "CN", desc: "CHINESE" },
        dob: { value: "1980-10-06" },
        email: { value: "" },
        mobileno: { prefix: { value: "+" }, areacode: { value: "65" }, nbr: { value: "97399245" } },
        regadd: {
          type: "SG",
          block: { value: "123" },
          street: { value: "LORONG 1 TOA PAYOH" },
          building: { value: "" },
          floor: { value: "12" },
          unit: { value: "22" },
          postal: { value: "310123" },
          country: { code: "SG", desc: "SINGAPORE" },
        },
        nationality: { code: "SG", desc: "NA" },
      }),
    ).toEqual({
      nric: "S9812379B",
      name: "LIM YONG XIANG",
      countryCode: "+65",
      mobile: "97399245",
      dateOfBirth: "06/10/1980",
      sex: "MALE",
      race: "CHINESE",
      nationality: "SG",
      address: {
        postalCode: "310123",
        blockNumber: "123",
        streetName: "LORONG 1 TOA PAYOH",
        floorNo: "12",
        unitNo: "22",
        country: "SG",
      },
    });
  });

  it("without a valid NRIC or a name is no person", () => {
    expect(personFromMyInfo({ name: { value: "A" } })).toBeUndefined();
    expect(personFromMyInfo({ uinfin: { value: "S9812379B" } })).toBeUndefined();
    expect(personFromMyInfo("nonsense")).toBeUndefined();
  });
});
