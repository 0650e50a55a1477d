import { describe, expect, it } from "vitest";
import { checkAmount, AMOUNT_CEILING_CENTS } from "../limits.ts";
import { dollarsToCents } from "../money.ts";
import { priceDonation, isPricingError } from "../donation-pricing.ts";
import { seedRates } from "../config.ts";
import { taxWording } from "../receipt/tax.ts";
import { receiptPath } from "../receipt/link.ts";
import {
  ALL_FUNDS,
  ALL_ITEMS,
  brandHome,
  COUNTER_ITEMS,
  FLOW_TYPES,
  fundOf,
  fundOfCharity,
  isWakafFlow,
  receiptSeriesOf,
  recurringAllowed,
} from "./lookup.ts";

describe("the fund registry", () => {
  it("names each fund, item and brand home once", () => {
    expect(new Set(FLOW_TYPES).size).toBe(ALL_FUNDS.length);
    expect(new Set(ALL_ITEMS.map((item) => item.key)).size).toBe(ALL_ITEMS.length);
    for (const fund of ALL_FUNDS) {
      expect(fund.flow).toMatch(/^[A-Z][A-Z0-9_]{0,30}$/);
      expect(fund.receiptSeries).toMatch(/^[A-Z]{2}$/);
      expect(fund.items.length).toBeGreaterThan(0);
      expect(fund.limits.min).toBeLessThanOrEqual(fund.limits.max);
      expect(fund.limits.max).toBeLessThan(AMOUNT_CEILING_CENTS);
    }
    expect([brandHome("zakat"), brandHome("wakaf")]).toEqual(["ZAKAT", "ILMU"]);
  });

  it("gives every fund with a deduction an IRAS record type of its own, and no other fund one", () => {
    const types = ALL_FUNDS.flatMap((fund) => (fund.irasType ? [fund.irasType] : []));
    expect(new Set(types).size).toBe(types.length);
    for (const fund of ALL_FUNDS) {
      expect(fund.irasType !== undefined, fund.flow).toBe(fund.tax !== "none");
      if (fund.irasType) expect(fund.irasType).toMatch(/^[A-Z][A-Z0-9_]{0,30}$/);
    }
    expect(ALL_FUNDS.map((fund) => fund.irasType)).toEqual([
      "ZAKAT",
      undefined,
      undefined,
      "WAKAF_ILMU",
      "WAKAF_WMS",
    ]);
  });

  it("lets the counter take only items its fund prices", () => {
    for (const fund of ALL_FUNDS) {
      const items = fund.items.map((item) => item.key);
      for (const key of fund.counterItems) expect(items, fund.flow).toContain(key);
    }
    expect(COUNTER_ITEMS).toEqual(["harta", "fitrah", "fidyah", "kaffarah", "ilmu", "wms"]);
  });

  it("holds the council's funds as the spec and design/facts.md give them", () => {
    expect(FLOW_TYPES).toEqual(["ZAKAT", "FIDYAH", "KAFFARAH", "ILMU", "WMS"]);
    expect(ALL_FUNDS.filter((fund) => isWakafFlow(fund.flow)).map((fund) => fund.flow)).toEqual([
      "ILMU",
      "WMS",
    ]);
    expect(FLOW_TYPES.map(receiptSeriesOf)).toEqual(["ZK", "ZK", "ZK", "WK", "WK"]);
    expect(FLOW_TYPES.filter(recurringAllowed)).toEqual(["ILMU", "WMS"]);
    expect(fundOfCharity(135)?.flow).toBe("ILMU");
    expect(fundOfCharity(25)).toBeUndefined(); // the main charity is shared by three funds
    // Wakaf gifts online end at $20,000: above it the council approves first (design/facts.md).
    expect(fundOf("ILMU").limits.max).toBe(dollarsToCents(20_000));
    expect(checkAmount(fundOf("WMS").limits, dollarsToCents(9.99))?.key).toBe(
      "validation.amount.min",
    );
  });

  it("gives each fund its tax line: zakat included automatically, wakaf 250%, the others none", () => {
    expect(FLOW_TYPES.map((flow) => taxWording(flow, true))).toEqual([
      "zakatAutoInclusion",
      "none",
      "none",
      "wakaf250",
      "wakaf250",
    ]);
  });

  it("prices a gift fund's one item and refuses another fund's", () => {
    const price = (items: Record<string, number>, total: number) =>
      priceDonation({
        flow: "WMS",
        items,
        claimedTotal: total as never,
        ratesVersion: 1,
        currentRatesVersion: 1,
        rates: seedRates,
      });
    expect(price({ wms: 5_000 }, 5_000)).toEqual({ amounts: { wms: 5_000 }, total: 5_000 });
    const stray = price({ ilmu: 5_000 }, 5_000);
    expect(isPricingError(stray) && stray.code).toBe("donation.kindNotInFlow");
    expect(receiptPath("WMS", { wms: 5_000 }, "amal")).toBe("/receipt/amal");
  });
});
