import fc from "fast-check";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import {
  zakatOrder,
  fidyahOrder,
  kaffarahOrder,
  wakafOrder,
  type CheckoutOrder,
} from "./checkout-order.ts";
import { seedRates } from "./config.ts";
import { fitrahRateOutOfRange } from "./zakat/calculate.ts";
import { isPricingError, priceDonation } from "./donation-pricing.ts";
import { initialFidyahState, reduceFidyah } from "./fidyah.ts";
import { initialKaffarahState, reduceKaffarah } from "./kaffarah.ts";
import { cents } from "./money.ts";
import { initialZakatState, reduceZakat, type ZakatAction } from "./zakat/index.ts";

/** What the server answers for the order checkout would send. */
const serverPrice = (order: CheckoutOrder) =>
  priceDonation({
    flow: order.flow,
    items: order.items,
    claimedTotal: order.total,
    ratesVersion: 1,
    currentRatesVersion: 1,
    rates: seedRates,
  });

const zakat = (actions: ReadonlyArray<ZakatAction>) =>
  actions.reduce((state, action) => reduceZakat(state, action, seedRates), initialZakatState);

describe("checkout orders", () => {
  it("sends harta as calculated and fitrah as persons: $2,500 over nisab in savings + 2 normal", () => {
    const state = zakat([
      { type: "savings/update", index: 0, patch: { amount: cents(10_000_000) } },
      { type: "fitrah/setPersons", kind: "normal", persons: 2 },
    ]);
    const order = zakatOrder(state, seedRates);
    expect(order.items).toEqual({
      harta: 250_000,
      hartaItems: [{ name: "savings", amount: 250_000, remark: [] }],
      fitrah: { normal: 2, premium: 0 },
    });
    expect(order.lines).toEqual([
      { kind: "harta", amount: 250_000 },
      { kind: "fitrah", amount: 1_000 },
    ]);
    expect(order.total).toBe(251_000);
    expect(serverPrice(order)).toEqual({
      amounts: { harta: 250_000, fitrah: 1_000 },
      total: 251_000,
    });
  });

  it("lists each asset's zakat with the donor's remarks as harta items that add up to the harta", () => {
    const state = zakat([
      { type: "savings/update", index: 0, patch: { amount: cents(6_000_000), remark: " DBS " } },
      { type: "savings/add" },
      { type: "savings/update", index: 1, patch: { amount: cents(5_000_000), remark: "OCBC" } },
      // §5's text helper: no markup, no runs of spaces.
      {
        type: "shares/update",
        index: 0,
        patch: { amount: cents(2_000_000), remark: "<b>STI</b>   ETF" },
      },
      { type: "insurance/update", index: 0, patch: { amount: cents(100_000), remark: "AIA" } },
      { type: "gold/setWeight", bucket: "notForUsage", grams: 100 },
      { type: "cpf/setOrdinaryAccount", amount: cents(1_200_000) },
    ]);
    const order = zakatOrder(state, seedRates);
    // Shares are $20,000 alone (over nisab); insurance $1,000 (below it) is not due, so not listed.
    // The CPF Ordinary Account's $12,000 is its own item: $300.
    expect(order.items.hartaItems).toEqual([
      { name: "savings", amount: 275_000, remark: ["DBS", "OCBC"] },
      { name: "gold", amount: expect.any(Number) as number, remark: [] },
      { name: "shares", amount: 50_000, remark: ["STI ETF"] },
      { name: "cpf", amount: 30_000, remark: [] },
    ]);
    const sum = (order.items.hartaItems ?? []).reduce((total, item) => total + item.amount, 0);
    expect(sum).toBe(order.items.harta);
    expect(isPricingError(serverPrice(order))).toBe(false);
  });

  it("carries the source of income the calculator set, with the harta only; the server checks it", () => {
    const state = zakat([
      { type: "savings/update", index: 0, patch: { amount: cents(10_000_000) } },
      { type: "sourceOfIncome/set", value: "employment" },
    ]);
    const order = zakatOrder(state, seedRates);
    expect(order.items.sourceOfIncome).toBe("employment");
    expect(isPricingError(serverPrice(order))).toBe(false);
    // Not a known source, or with no harta to describe: left out by the page, refused by the server.
    expect(
      zakatOrder(zakat([{ type: "sourceOfIncome/set", value: "<b>x</b>" }]), seedRates).items,
    ).toEqual({});
    const fitrahOnly = zakatOrder(
      zakat([
        { type: "fitrah/setPersons", kind: "normal", persons: 1 },
        { type: "sourceOfIncome/set", value: "business" },
      ]),
      seedRates,
    );
    expect(fitrahOnly.items.sourceOfIncome).toBeUndefined();
    expect(
      isPricingError(
        serverPrice({ ...fitrahOnly, items: { ...fitrahOnly.items, sourceOfIncome: "business" } }),
      ),
    ).toBe(true);
  });

  it("sends a fidyah category's amount set directly, which the server prices within the limit", () => {
    const state = [
      { type: "updateRow", category: "haid", index: 0, patch: { noOfDays: 2 } },
      { type: "setAmount", category: "illness", amount: cents(12_345) },
    ] as const;
    const order = fidyahOrder(
      state.reduce((s, action) => reduceFidyah(s, action, seedRates), initialFidyahState),
    );
    expect(order.items).toEqual({
      fidyah: { days: 2, types: ["haid", "illness"], amounts: { illness: 12_345 } },
    });
    expect(serverPrice(order)).toEqual({
      amounts: { fidyah: 2 * 400 + 12_345 },
      total: order.total,
    });
    // Only a direct amount: no days, still an order.
    const only = fidyahOrder(
      reduceFidyah(
        initialFidyahState,
        { type: "setAmount", category: "pregnancy", amount: cents(5_000) },
        seedRates,
      ),
    );
    expect(serverPrice(only)).toEqual({ amounts: { fidyah: 5_000 }, total: 5_000 });
    // Over the configured limit, nothing, or a category it does not know: refused.
    for (const amounts of [
      { pregnancy: seedRates.maxFidyahLimit + 1 },
      { pregnancy: 0 },
      { fever: 5_000 },
    ]) {
      const items = { fidyah: { days: 0, amounts: amounts as never } };
      const total = cents(Object.values(amounts)[0] ?? 0);
      expect(isPricingError(serverPrice({ ...only, items, total }))).toBe(true);
    }
  });

  it("refuses fidyah types it does not know or names twice", () => {
    const order = fidyahOrder(
      reduceFidyah(
        initialFidyahState,
        { type: "updateRow", category: "pregnancy", index: 0, patch: { noOfDays: 3 } },
        seedRates,
      ),
    );
    expect(order.items).toEqual({ fidyah: { days: 3, types: ["pregnancy"] } });
    expect(isPricingError(serverPrice(order))).toBe(false);
    for (const types of [["pregnancy", "pregnancy"], ["fever"]]) {
      const items = { fidyah: { days: 3, types: types as never } };
      expect(isPricingError(serverPrice({ ...order, items }))).toBe(true);
    }
  });

  it("leaves out what comes to nothing, so an empty calculator has no items and a zero total", () => {
    const order = zakatOrder(initialZakatState, seedRates);
    expect(order).toEqual({ flow: "ZAKAT", items: {}, lines: [], total: 0 });
    expect(isPricingError(serverPrice(order))).toBe(true);
  });

  it("prices every fitrah entry the server agrees with, variable rate included", () => {
    fc.assert(
      fc.property(
        fc.nat(50),
        fc.nat(50),
        fc.nat(50),
        fc.integer({ min: seedRates.fitrahMinAmount, max: seedRates.fitrahMaxAmount }),
        (normal, premium, variable, rate) => {
          const state = zakat([
            { type: "fitrah/setPersons", kind: "normal", persons: normal },
            { type: "fitrah/setPersons", kind: "premium", persons: premium },
            { type: "fitrah/setPersons", kind: "variable", persons: variable },
            { type: "fitrah/setVariableRate", rate: cents(rate) },
          ]);
          const order = zakatOrder(state, seedRates);
          const priced = serverPrice(order);
          if (order.total === 0) return isPricingError(priced);
          return !isPricingError(priced) && priced.total === order.total;
        },
      ),
    );
  });

  it("counts fidyah days over every row, illness years x days included", () => {
    let state = reduceFidyah(
      initialFidyahState,
      { type: "updateRow", category: "haid", index: 0, patch: { year: "2025", noOfDays: 7 } },
      seedRates,
    );
    state = reduceFidyah(state, { type: "addRow", category: "illness", calc: true }, seedRates);
    state = reduceFidyah(
      state,
      { type: "updateCalcRow", index: 0, patch: { noOfYear: 2, noOfDays: 30 } },
      seedRates,
    );
    const order = fidyahOrder(state);
    // The receipt's typeOfFidyah: the categories paid for.
    expect(order.items).toEqual({ fidyah: { days: 67, types: ["haid", "illness"] } });
    expect(order.total).toBe(67 * seedRates.fidyahPerDay);
    expect(serverPrice(order)).toEqual({ amounts: { fidyah: order.total }, total: order.total });
  });

  it("sends the chosen kaffarah by quantity, or the custom amount", () => {
    const nazar = reduceKaffarah(
      initialKaffarahState,
      { type: "choose", kind: "nazar", quantity: 3 },
      seedRates,
    );
    const custom = reduceKaffarah(
      initialKaffarahState,
      { type: "custom", amount: cents(1_234) },
      seedRates,
    );
    if (!Result.isSuccess(nazar) || !Result.isSuccess(custom)) throw new Error("edits refused");
    const nazarOrder = kaffarahOrder(nazar.success);
    expect(nazarOrder.items).toEqual({ kaffarah: { kind: "nazar", quantity: 3 } });
    expect(serverPrice(nazarOrder)).toEqual({
      amounts: { kaffarah: nazarOrder.total },
      total: nazarOrder.total,
    });
    expect(kaffarahOrder(custom.success)).toMatchObject({
      items: { kaffarah: { kind: "custom", amount: 1_234 } },
      total: 1_234,
    });
  });

  it("gives wakaf to the fund chosen", () => {
    expect(wakafOrder("WMS", cents(5_000))).toEqual({
      flow: "WMS",
      items: { wms: 5_000 },
      lines: [{ kind: "wms", amount: 5_000 }],
      total: 5_000,
    });
    expect(wakafOrder("ILMU", cents(0)).items).toEqual({});
  });
});

describe("fitrahRateOutOfRange", () => {
  it("agrees with the server's pricing on every rate for persons entered", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 3 }),
        (rate, persons) => {
          const variable = { persons, rate: cents(rate) };
          const priced = priceDonation({
            flow: "ZAKAT",
            // As zakatOrder sends it: the variable kind only with persons.
            items: { fitrah: { normal: 1, premium: 0, ...(persons > 0 ? { variable } : {}) } },
            claimedTotal: cents(seedRates.fitrahNormalRate + rate * persons),
            ratesVersion: 1,
            currentRatesVersion: 1,
            rates: seedRates,
          });
          const refused = isPricingError(priced) && priced.code === "donation.fitrahRate";
          expect(fitrahRateOutOfRange(variable, seedRates)).toBe(refused);
        },
      ),
    );
  });
});
