import { describe, expect, it } from "vitest";
import { dialCodeOf, regionOfDialCode, type DialCountry } from "./dial-code";
import { dialCountries, mainDialRegions } from "./dial-countries";

const english = dialCountries("en");

describe("the enrolment forms' dial-code list", () => {
  it("is every country with its code, sorted by name in the page's language", () => {
    expect(english.length).toBeGreaterThan(230);
    expect(english).toContainEqual(["SG", "Singapore", "+65"]);
    expect(dialCountries("ms")).toContainEqual(["SG", "Singapura", "+65"]);
    const names = english.map(([, name]) => name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("gives the chosen country's dial code, Singapore's for one not in the list", () => {
    expect(dialCodeOf(english, "MY")).toBe("+60");
    expect(dialCodeOf(english, "CA")).toBe("+1");
    expect(dialCodeOf(english, "ZZ")).toBe("+65");
  });

  it("chooses the country from a dial code alone (MyInfo's), the main one where several share it", () => {
    expect(regionOfDialCode(english, mainDialRegions, "+65")).toBe("SG");
    expect(regionOfDialCode(english, mainDialRegions, "65")).toBe("SG");
    expect(regionOfDialCode(english, mainDialRegions, " +60 ")).toBe("MY");
    expect(regionOfDialCode(english, mainDialRegions, "+1")).toBe("US");
    expect(regionOfDialCode(english, mainDialRegions, "+44")).toBe("GB");
    expect(regionOfDialCode(english, mainDialRegions, "+7")).toBe("RU");
    // Nothing usable: Singapore, the list's first choice.
    for (const given of [undefined, "", "+", "abc", "+99999", "+999"]) {
      expect(regionOfDialCode(english, mainDialRegions, given)).toBe("SG");
    }
    // Whatever the code, the choice is a country of the list with that very code.
    for (const [, , dial] of english) {
      const region = regionOfDialCode(english, mainDialRegions, dial);
      expect(dialCodeOf(english, region)).toBe(dial);
    }
  });

  it("without a main region named, takes the first country with the code", () => {
    const list: DialCountry[] = [
      ["AA", "Alpha", "+1"],
      ["BB", "Beta", "+1"],
    ];
    expect(regionOfDialCode(list, {}, "+1")).toBe("AA");
    expect(regionOfDialCode(list, { "+1": "BB" }, "+1")).toBe("BB");
    expect(regionOfDialCode(list, { "+1": "CC" }, "+1")).toBe("AA");
  });
});
