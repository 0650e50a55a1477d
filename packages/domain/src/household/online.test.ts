import { describe, expect, it } from "vitest";
import type { CheckoutOrder } from "../checkout-order.ts";
import { seedRates } from "../config.ts";
import { donationInputs, isPricingError, priceDonation } from "../donation-pricing.ts";
import { cents, type Cents } from "../money.ts";
import { receiptAttributes } from "../receipt/attributes.ts";
import { householdFundOf, householdItemsOf, withHousehold } from "./checkout.ts";

// Fitrah for named people at checkout (issue 32): the order the household makes, the server's pricing
// of it, and what the receipt keeps.

const { fitrahNormalRate: normal, fitrahPremiumRate: premium } = seedRates;
const people = [
  { name: "Haji  Rahman", fitrah: "normal" as const },
  { name: "Siti Aminah", fitrah: "premium" as const },
  { name: "Nur Aisyah", fitrah: "own" as const, ownRateCents: seedRates.fitrahMinAmount },
];
const calculated: CheckoutOrder = {
  flow: "ZAKAT",
  items: { harta: cents(25_000), fitrah: { normal: 2, premium: 0 } },
  lines: [
    { kind: "harta", amount: cents(25_000) },
    { kind: "fitrah", amount: (normal * 2) as Cents },
  ],
  total: (25_000 + normal * 2) as Cents,
};
const price = (items: CheckoutOrder["items"], total: number) =>
  priceDonation({
    flow: "ZAKAT",
    items,
    claimedTotal: cents(total),
    ratesVersion: 3,
    currentRatesVersion: 3,
    rates: seedRates,
  });

describe("fitrah for named people at checkout", () => {
  it("replaces the counted persons with the people named, each at their rate", () => {
    const order = withHousehold(calculated, people, seedRates);
    const fitrah = normal + premium + seedRates.fitrahMinAmount;
    expect(order.items.fitrah).toBeUndefined();
    expect(order.items.household).toEqual([
      { name: "Haji Rahman", fitrah: "normal" },
      { name: "Siti Aminah", fitrah: "premium" },
      { name: "Nur Aisyah", fitrah: "own", ownRateCents: seedRates.fitrahMinAmount },
    ]);
    expect(order.lines).toEqual([
      { kind: "harta", amount: 25_000 },
      { kind: "fitrah", amount: fitrah },
    ]);
    expect(order.total).toBe(25_000 + fitrah);
    // The server prices the same order to the same total.
    expect(price(order.items, order.total)).toEqual({
      amounts: { harta: 25_000, fitrah },
      total: 25_000 + fitrah,
    });
  });

  it("keeps the order as it was while a person is incomplete, or for a flow without fitrah", () => {
    expect(withHousehold(calculated, [...people, { name: "Adam" }], seedRates)).toBe(calculated);
    const fidyah = { ...calculated, flow: "FIDYAH" as const };
    expect(withHousehold(fidyah, people, seedRates)).toBe(fidyah);
  });

  it("refuses people without a rate, an own rate out of range, and people counted as well", () => {
    const household = withHousehold(calculated, people, seedRates).items.household!;
    const code = (result: ReturnType<typeof price>) =>
      isPricingError(result) ? result.code : "priced";
    expect(code(price({ household: [{ name: "X", fitrah: "normal" }] }, normal))).toBe(
      "donation.household",
    );
    expect(
      code(
        price(
          {
            household: [
              { name: "Hawa", fitrah: "own", ownRateCents: seedRates.fitrahMaxAmount + 1 },
            ],
          },
          seedRates.fitrahMaxAmount + 1,
        ),
      ),
    ).toBe("donation.household");
    expect(
      code(price({ fitrah: { normal: 1, premium: 0 }, household }, normal * 2 + premium)),
    ).toBe("donation.household");
    // Fidyah pays no fitrah: naming people there is a kind the flow does not take.
    expect(
      isPricingError(
        priceDonation({
          flow: "FIDYAH",
          items: { household },
          claimedTotal: cents(normal),
          ratesVersion: 3,
          currentRatesVersion: 3,
          rates: seedRates,
        }),
      ),
    ).toBe(true);
  });

  it("keeps each person with their priced amount for the receipt", () => {
    const { items } = withHousehold(calculated, people, seedRates);
    const kept = donationInputs(items, seedRates);
    const attributes = receiptAttributes(kept, { fitrah: normal + premium + 500 }, seedRates);
    expect(attributes.household.map((p) => [p.name, p.kind, p.amount])).toEqual([
      ["Haji Rahman", "normal", normal],
      ["Siti Aminah", "premium", premium],
      ["Nur Aisyah", "own", seedRates.fitrahMinAmount],
    ]);
    expect(attributes.muisFitrah.map((f) => [f.name, f.noOfPerson])).toEqual([
      ["Normal", 1],
      ["Premium", 1],
      ["Variable", 1],
    ]);
  });
});

// Issue 33: zakat harta for named people beside their fitrah, and fidyah days for named people at the
// fidyah checkout; each fund its own payment (zakat filed for IRAS at 1x, fidyah with no deduction).
describe("zakat harta and fidyah for named people", () => {
  const { fidyahPerDay } = seedRates;
  it("adds each person's harta to the donor's own, the fitrah theirs, priced alike by the server", () => {
    const household = [
      { name: "Haji Rahman", memberId: "m-1", fitrah: "normal" as const, hartaCents: 12_050 },
      { name: "Siti Aminah", memberId: "m-2", hartaCents: 3_000 },
    ];
    const order = withHousehold(calculated, household, seedRates);
    expect(order.items.household).toEqual([
      { name: "Haji Rahman", memberId: "m-1", fitrah: "normal", hartaCents: 12_050 },
      { name: "Siti Aminah", memberId: "m-2", hartaCents: 3_000 },
    ]);
    expect(order.items.fitrah).toBeUndefined();
    expect(order.lines).toEqual([
      { kind: "fitrah", amount: normal },
      { kind: "harta", amount: 25_000 + 15_050 },
    ]);
    expect(price(order.items, order.total)).toEqual({
      amounts: { harta: 40_050, fitrah: normal },
      total: order.total,
    });
    const kept = donationInputs(order.items, seedRates);
    const attributes = receiptAttributes(kept, { harta: 40_050, fitrah: normal }, seedRates);
    expect(attributes.household.map((p) => [p.name, p.item, p.amount])).toEqual([
      ["Haji Rahman", "fitrah", normal],
      ["Haji Rahman", "harta", 12_050],
      ["Siti Aminah", "harta", 3_000],
    ]);
  });

  it("keeps the counted persons when no one named pays fitrah", () => {
    const order = withHousehold(calculated, [{ name: "Siti Aminah", hartaCents: 100 }], seedRates);
    expect(order.items.fitrah).toEqual({ normal: 2, premium: 0 });
    expect(order.total).toBe(calculated.total + 100);
    expect(price(order.items, order.total)).not.toHaveProperty("code");
  });

  it("prices fidyah days for named people in place of the days, and nothing else in that fund", () => {
    const base: CheckoutOrder = {
      flow: "FIDYAH",
      items: { fidyah: { days: 7 } },
      lines: [{ kind: "fidyah", amount: (fidyahPerDay * 7) as Cents }],
      total: (fidyahPerDay * 7) as Cents,
    };
    const order = withHousehold(base, [{ name: "Nur Aisyah", fidyahDays: 3 }], seedRates);
    expect(order.items).toEqual({ household: [{ name: "Nur Aisyah", fidyahDays: 3 }] });
    expect(order.total).toBe(fidyahPerDay * 3);
    const fidyah = (items: CheckoutOrder["items"], total: number) =>
      priceDonation({
        flow: "FIDYAH",
        items,
        claimedTotal: cents(total),
        ratesVersion: 3,
        currentRatesVersion: 3,
        rates: seedRates,
      });
    expect(fidyah(order.items, order.total)).toEqual({
      amounts: { fidyah: fidyahPerDay * 3 },
      total: fidyahPerDay * 3,
    });
    // Counted days beside named people, or harta in the fidyah fund: refused.
    const both = fidyah({ fidyah: { days: 1 }, ...order.items }, fidyahPerDay * 4);
    expect(isPricingError(both) && both.code).toBe("donation.household");
    const harta = fidyah({ household: [{ name: "Nur Aisyah", hartaCents: 100 }] }, 100);
    expect(isPricingError(harta) && harta.code).toBe("donation.kindNotInFlow");
    // Fidyah in the zakat fund: not taken (each fund its own receipt and record).
    const inZakat = price({ household: [{ name: "Nur Aisyah", fidyahDays: 1 }] }, fidyahPerDay);
    expect(isPricingError(inZakat) && inZakat.code).toBe("donation.kindNotInFlow");
    const keptFidyah = receiptAttributes(
      donationInputs(order.items, seedRates),
      { fidyah: fidyahPerDay * 3 },
      seedRates,
    );
    expect(keptFidyah.household).toEqual([
      { name: "Nur Aisyah", item: "fidyah", kind: null, days: 3, amount: fidyahPerDay * 3 },
    ]);
    expect(keptFidyah.muisFidyah).toEqual([
      { name: "Fidyah", noOfDays: 3, perDay: fidyahPerDay, amount: fidyahPerDay * 3 },
    ]);
  });
});

describe("the fund each household item is paid to", () => {
  it("is the registry's fund pricing it: fitrah and harta zakat, fidyah days fidyah", () => {
    expect(householdFundOf("fitrah")).toBe("ZAKAT");
    expect(householdFundOf("harta")).toBe("ZAKAT");
    expect(householdFundOf("fidyah")).toBe("FIDYAH");
    for (const item of ["fitrah", "harta", "fidyah"] as const) {
      expect(householdItemsOf(householdFundOf(item)!)).toContain(item);
    }
  });
});
