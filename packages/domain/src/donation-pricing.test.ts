import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seedRates } from "./config.ts";
import { isPricingError, priceDonation, type DonationItems } from "./donation-pricing.ts";
import type { FlowType } from "./flow.ts";
import { cents, type Cents } from "./money.ts";

const price = (flow: FlowType, items: DonationItems, claimedTotal: number, ratesVersion = 3) =>
  priceDonation({
    flow,
    items,
    claimedTotal: cents(claimedTotal),
    ratesVersion,
    currentRatesVersion: 3,
    rates: seedRates,
  });

const codeOf = (result: ReturnType<typeof price>) => (isPricingError(result) ? result.code : "ok");

describe("priceDonation", () => {
  it("prices zakat harta and fitrah from the published rates: $250 harta + 3 normal + 1 premium = $273", () => {
    const result = price(
      "ZAKAT",
      { harta: cents(25_000), fitrah: { normal: 3, premium: 1 } },
      27_300,
    );
    expect(result).toEqual({ amounts: { harta: 25_000, fitrah: 2_300 }, total: 27_300 });
  });

  it("prices fidyah at $4 a day and kaffarah jimak as 60 persons fed at $4", () => {
    expect(price("FIDYAH", { fidyah: { days: 10 } }, 4_000)).toEqual({
      amounts: { fidyah: 4_000 },
      total: 4_000,
    });
    expect(price("KAFFARAH", { kaffarah: { kind: "jimak", quantity: 2 } }, 48_000)).toEqual({
      amounts: { kaffarah: 48_000 },
      total: 48_000,
    });
  });

  it("accepts harta items that add up to the harta, and refuses any that do not stand on a receipt", () => {
    const harta = cents(30_000);
    const items = (hartaItems: DonationItems["hartaItems"], h: Cents | null = harta) =>
      price(
        "ZAKAT",
        { ...(h === null ? {} : { harta: h }), ...(hartaItems ? { hartaItems } : {}) },
        30_000,
      );
    const savings = { name: "savings" as const, amount: cents(20_000), remark: ["DBS"] };
    const shares = { name: "shares" as const, amount: cents(10_000), remark: [] };
    expect(items([savings, shares])).toEqual({ amounts: { harta: 30_000 }, total: 30_000 });
    const refused = (list: unknown, h: Cents | null = harta) =>
      codeOf(items(list as DonationItems["hartaItems"], h));
    expect(refused([savings])).toBe("donation.hartaItems"); // $200 of $300
    const fitrahOnly = { fitrah: { normal: 1, premium: 0 }, hartaItems: [savings, shares] };
    expect(codeOf(price("ZAKAT", fitrahOnly, 500))).toBe("donation.hartaItems"); // no harta at all
    expect(refused([savings, { ...shares, name: "crypto" }])).toBe("donation.hartaItems");
    expect(refused([savings, { ...savings, amount: cents(10_000) }])).toBe("donation.hartaItems");
    expect(
      refused([
        { ...savings, amount: cents(30_000) },
        { ...shares, amount: 0 },
      ]),
    ).toBe("donation.hartaItems");
    expect(refused([{ ...savings, remark: ["x".repeat(26)] }, shares])).toBe("donation.hartaItems");
    expect(refused([{ ...savings, remark: ["  "] }, shares])).toBe("donation.hartaItems");
    expect(refused([{ ...savings, remark: Array(21).fill("r") }, shares])).toBe(
      "donation.hartaItems",
    );
    expect(refused([{ ...savings, remark: ["x".repeat(25)] }, shares])).toBe("ok");
  });

  it("refuses a total the browser computed differently", () => {
    expect(codeOf(price("ZAKAT", { fitrah: { normal: 3, premium: 0 } }, 1_400))).toBe(
      "donation.totalMismatch",
    );
  });

  it("refuses a payment computed on superseded rates", () => {
    expect(codeOf(price("ZAKAT", { harta: cents(1_000) }, 1_000, 2))).toBe(
      "donation.ratesSuperseded",
    );
  });

  it("applies each flow's limits: wakaf from $5, WMS from $10, zakat up to $999,999", () => {
    expect(codeOf(price("ILMU", { ilmu: cents(499) }, 499))).toBe("donation.amount");
    expect(codeOf(price("ILMU", { ilmu: cents(500) }, 500))).toBe("ok");
    expect(codeOf(price("WMS", { wms: cents(999) }, 999))).toBe("donation.amount");
    expect(codeOf(price("ZAKAT", { harta: cents(99_999_901) }, 99_999_901))).toBe(
      "donation.amount",
    );
  });

  it("refuses kinds that do not belong to the flow, empty donations and bad quantities", () => {
    expect(codeOf(price("ILMU", { harta: cents(1_000) }, 1_000))).toBe("donation.kindNotInFlow");
    expect(codeOf(price("ZAKAT", {}, 0))).toBe("donation.empty");
    expect(codeOf(price("ZAKAT", { fitrah: { normal: 1.5, premium: 0 } }, 750))).toBe(
      "donation.quantity",
    );
    expect(codeOf(price("KAFFARAH", { kaffarah: { kind: "nazar", quantity: 10_000 } }, 1))).toBe(
      "donation.quantity",
    );
    expect(
      codeOf(price("KAFFARAH", { kaffarah: { kind: "custom", amount: cents(499) } }, 499)),
    ).toBe("donation.amount");
    expect(codeOf(price("ZAKAT", { harta: -5 as Cents }, -5))).toBe("donation.amount");
    expect(codeOf(price("FIDYAH", { fidyah: { days: -1 } }, 0))).toBe("donation.quantity");
  });

  it("leaves out a kind that comes to nothing, and refuses a donation of nothing", () => {
    const noOne = { normal: 0, premium: 0 };
    expect(price("ZAKAT", { harta: cents(1), fitrah: noOne }, 1)).toEqual({
      amounts: { harta: 1 },
      total: 1,
    });
    expect(codeOf(price("ZAKAT", { fitrah: noOne }, 0))).toBe("donation.amount");
  });

  it("refuses a variable fitrah rate outside the configured range", () => {
    const variable = (rate: number) => ({
      normal: 0,
      premium: 0,
      variable: { persons: 1, rate: cents(rate) },
    });
    expect(codeOf(price("ZAKAT", { fitrah: variable(499) }, 499))).toBe("donation.fitrahRate");
    expect(codeOf(price("ZAKAT", { fitrah: variable(700) }, 700))).toBe("ok");
    // The refusal names what to change: the range, one sentence, one full stop.
    const refused = price("ZAKAT", { fitrah: variable(1200) }, 1200);
    expect(isPricingError(refused) && refused.message).toBe(
      "Choose an own fitrah rate from $5.00 to $8.00 a person.",
    );
  });

  it("the accepted total is always the sum of the priced amounts, and any other claim is refused", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: -1000, max: 1000 }).filter((d) => d !== 0),
        (normal, premium, harta, offBy) => {
          const items = { harta: cents(harta), fitrah: { normal, premium } };
          const expected =
            harta + normal * seedRates.fitrahNormalRate + premium * seedRates.fitrahPremiumRate;
          const fitrah = expected - harta;
          const ok = price("ZAKAT", items, expected);
          expect(ok).toEqual({
            amounts: fitrah > 0 ? { harta, fitrah } : { harta },
            total: expected,
          });
          expect(codeOf(price("ZAKAT", items, expected + offBy))).toBe("donation.totalMismatch");
        },
      ),
    );
  });
});
