import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { countriesFile, countryList, dialCodeRegions, dialCodeRegionsFile } from "./countries.mjs";

const stored = JSON.parse(readFileSync(countriesFile, "utf8"));
const storedRegions = JSON.parse(readFileSync(dialCodeRegionsFile, "utf8"));
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

  it("names the main region of each dial code several regions share, one of those regions", () => {
    expect(storedRegions).toEqual(dialCodeRegions());
    expect(storedRegions).toMatchObject({ "+1": "US", "+7": "RU", "+44": "GB", "+61": "AU" });
    const shared = new Map();
    for (const country of stored) {
      shared.set(country.dialCode, [...(shared.get(country.dialCode) ?? []), country.code]);
    }
    const sharedCodes = [...shared].filter(([, regions]) => regions.length > 1);
    expect(Object.keys(storedRegions).sort()).toEqual(sharedCodes.map(([code]) => code).sort());
    for (const [code, regions] of sharedCodes) expect(regions).toContain(storedRegions[code]);
  });
});
