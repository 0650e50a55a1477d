import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_LINKS, dollarsToCents, rateFieldsOf, seedRates } from "@portal/domain";
import { toHomePageWire } from "./home-page-configuration";
import { ratesFromHomePageWire } from "./home-page-rates";
import { rateFieldsFromHomePageWire } from "./rate-fields";

const wire = toHomePageWire({
  version: 3,
  rates: { ...seedRates, nisabValue: dollarsToCents(11_200) },
  contact: { number: "6359 1199", email: "info@example.sg", address: "Singapore" },
  socialMediaIcons: [],
  siteLinks: DEFAULT_SITE_LINKS,
  contentBlocks: [],
});

describe("rate fields from the wire", () => {
  it("are the full decoder's rate-change fields, read without Schema", () => {
    const body = JSON.parse(JSON.stringify(wire)) as unknown;
    expect(rateFieldsFromHomePageWire(body)).toEqual(
      rateFieldsOf(ratesFromHomePageWire(body).rates),
    );
    expect(rateFieldsFromHomePageWire(body)?.nisabValue).toBe(1_120_000);
  });

  it("are undefined when a field is missing or malformed", () => {
    expect(rateFieldsFromHomePageWire(undefined)).toBeUndefined();
    expect(rateFieldsFromHomePageWire({ ...wire, muisKaffarah: null })).toBeUndefined();
    expect(
      rateFieldsFromHomePageWire({ ...wire, muisZakatHarta: { nisabValue: "11200" } }),
    ).toBeUndefined();
  });
});
