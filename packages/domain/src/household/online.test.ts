import { describe, expect, it } from "vitest";
import type { CheckoutOrder } from "../checkout-order.ts";
import { seedRates } from "../config.ts";
import { donationInputs, isPricingError, priceDonation } from "../donation-pricing.ts";
import { cents, type Cents } from "../money.ts";
import { receiptAttributes } from "../receipt/attributes.ts";
import { withHousehold } from "./checkout.ts";

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
