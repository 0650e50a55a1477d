import { describe, expect, it } from "vitest";
import { landingFunds, FLOW_TYPES, ALL_ITEMS, COUNTER_ITEMS } from "@portal/domain";
import en from "./locales/en/translation.json";
import ms from "./locales/ms/translation.json";
import {
  counterItemKey,
  financeFundKey,
  fundHomeKey,
  fundIntroKey,
  fundNameKey,
  lineLabelKey,
} from "./funds";

describe("the funds' translations", () => {
  it("give every fund of the registry its name and way back in both languages", () => {
    for (const locale of [en, ms] as ReadonlyArray<Record<string, string>>) {
      for (const flow of FLOW_TYPES) {
        expect(locale[fundNameKey(flow)], fundNameKey(flow)).toBeTruthy();
        expect(locale[fundHomeKey(flow)], fundHomeKey(flow)).toBeTruthy();
        expect(locale[financeFundKey(flow)], financeFundKey(flow)).toBeTruthy();
      }
      // The counter form names each item it takes.
      for (const item of COUNTER_ITEMS) {
        expect(locale[counterItemKey(item)], counterItemKey(item)).toBeTruthy();
      }
      // The wakaf landings introduce their fund.
      for (const fund of landingFunds()) {
        expect(locale[fundIntroKey(fund.flow)], fundIntroKey(fund.flow)).toBeTruthy();
      }
    }
  });

  it("label every item's checkout line: a rate-priced item by its own name, a gift by its fund's", () => {
    for (const item of ALL_ITEMS) {
      expect((en as Record<string, string>)[lineLabelKey(item.key)], item.key).toBeTruthy();
    }
    expect(lineLabelKey("harta")).toBe("checkout_line_harta");
    expect(lineLabelKey("wms")).toBe("fund_WMS_name");
  });
});
