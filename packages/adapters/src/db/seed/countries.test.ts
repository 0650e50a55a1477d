import { describe, expect, it } from "vitest";
import countries from "./countries.json";

describe("countries seed", () => {
  it("has roughly the full ISO 3166-1 list", () => {
    expect(countries.length).toBeGreaterThanOrEqual(235);
    expect(countries.length).toBeLessThanOrEqual(255);
  });

  it("has unique two-capital-letter codes", () => {
    for (const c of countries) expect(c.code).toMatch(/^[A-Z]{2}$/);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
  });

  it("has unique, non-empty names in English and Malay", () => {
    for (const c of countries) {
      expect(c.name.trim()).not.toBe("");
      expect(c.nameMs.trim()).not.toBe("");
    }
    expect(new Set(countries.map((c) => c.name)).size).toBe(countries.length);
    expect(new Set(countries.map((c) => c.nameMs)).size).toBe(countries.length);
  });

  it("has well-formed dial codes", () => {
    for (const c of countries) expect(c.dialCode).toMatch(/^\+\d{1,4}$/);
  });

  it("is sorted by English name", () => {
    const names = countries.map((c) => c.name);
    const sorted = [...names].sort((a, b) => a.localeCompare(b, "en"));
    expect(names).toEqual(sorted);
  });

  it.each([
    ["SG", "+65"],
    ["MY", "+60"],
    ["ID", "+62"],
    ["BN", "+673"],
    ["TH", "+66"],
    ["PH", "+63"],
    ["VN", "+84"],
    ["MM", "+95"],
    ["KH", "+855"],
    ["LA", "+856"],
    ["TL", "+670"],
    ["SA", "+966"],
    ["AE", "+971"],
    ["QA", "+974"],
    ["KW", "+965"],
    ["BH", "+973"],
    ["OM", "+968"],
    ["IN", "+91"],
    ["PK", "+92"],
    ["BD", "+880"],
    ["CN", "+86"],
    ["HK", "+852"],
    ["JP", "+81"],
    ["KR", "+82"],
    ["AU", "+61"],
    ["NZ", "+64"],
    ["GB", "+44"],
    ["US", "+1"],
    ["CA", "+1"],
    ["EG", "+20"],
    ["TR", "+90"],
    ["RU", "+7"],
    ["KZ", "+7"],
    ["VA", "+39"],
    // The North American plan's members share +1 (E.164, libphonenumber); 876 is Jamaica's area code,
    // part of the number the donor types.
    ["JM", "+1"],
  ])("%s has dial code %s", (code, dialCode) => {
    expect(countries.find((c) => c.code === code)?.dialCode).toBe(dialCode);
  });

  it("names Singapore in both languages", () => {
    expect(countries.find((c) => c.code === "SG")).toEqual({
      code: "SG",
      name: "Singapore",
      nameMs: "Singapura",
      dialCode: "+65",
    });
  });
});
