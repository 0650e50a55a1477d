import { describe, expect, it } from "vitest";
import { singpassFieldsOf } from "./donor-model";

describe("which of a donor's fields came from Singpass", () => {
  it("names none for a donor who typed their details", () => {
    expect(
      singpassFieldsOf({ enrolment: "Manually", profile: { dateOfBirth: "01/01/1980" } }),
    ).toEqual([]);
  });

  it("names the NRIC and what Myinfo gave for a record made from a Singpass login", () => {
    expect(
      singpassFieldsOf({
        enrolment: "Singpass",
        profile: { myinfo: ["name", "dateOfBirth", "sex"], dateOfBirth: "01/01/1980", sex: "F" },
      }),
    ).toEqual(["nric", "name", "dateOfBirth", "sex"]);
  });

  it("keeps typed fields typed when the NRIC was proved later", () => {
    expect(
      singpassFieldsOf({
        enrolment: "Singpass",
        profile: { myinfo: [], dateOfBirth: "01/01/1980" },
      }),
    ).toEqual(["nric"]);
  });

  it("takes the Myinfo profile fields a record holds when it kept no list", () => {
    expect(
      singpassFieldsOf({ enrolment: "Singpass", profile: { race: "MALAY", dialect: "Boyanese" } }),
    ).toEqual(["nric", "race", "dialect"]);
  });
});
