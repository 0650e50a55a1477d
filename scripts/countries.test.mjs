import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { countriesFile, countryList } from "./countries.mjs";

const stored = JSON.parse(readFileSync(countriesFile, "utf8"));
const pairs = (list) => list.map((c) => `${c.code} ${c.dialCode}`).sort();

describe("the country list", () => {
  it("holds every region libphonenumber dials, each with its calling code (node scripts/countries.mjs)", () => {
    expect(pairs(stored)).toEqual(pairs(countryList()));
  });

  it("has about 240 countries, Singapore +65, and a name in English and Malay for each", () => {
    expect(stored.length).toBeGreaterThan(230);
    expect(stored.find((c) => c.code === "SG")).toEqual({
      code: "SG",
      name: "Singapore",
      nameMs: "Singapura",
      dialCode: "+65",
    });
    for (const country of stored) {
      expect(country.name).not.toBe("");
      expect(country.nameMs).not.toBe("");
      expect(country.dialCode).toMatch(/^\+\d{1,4}$/);
    }
  });
});
