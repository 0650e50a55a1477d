import { describe, expect, it } from "vitest";
import { seedRates } from "../config.ts";
import { dollarsToCents as d } from "../money.ts";
import { calculateZakat } from "./calculate.ts";
import { reduceZakat, type ZakatAction } from "./reducer.ts";
import { INSURANCE_TAKAFUL, initialZakatState, type ZakatState } from "./state.ts";

const run = (actions: ReadonlyArray<ZakatAction>, state: ZakatState = initialZakatState) =>
  actions.reduce((s, a) => reduceZakat(s, a, seedRates), state);

describe("zakat calculator with the March 2025 nisab ($10,975)", () => {
  it("savings: due on the net of amount minus interest when it reaches nisab", () => {
    const s = run([
      { type: "savings/update", index: 0, patch: { amount: d(10_000), interest: d(200) } },
      { type: "savings/add" },
      { type: "savings/update", index: 1, patch: { amount: d(1_500), remark: "DBS" } },
    ]);
    const r = calculateZakat(s, seedRates);
    expect(r.savings.net).toBe(d(11_300));
    expect(r.savings.zakat).toBe(d(282.5));
    expect(r.savings.explanation).toMatchObject({
      rule: "zakat.savings",
      due: true,
      reason: "atOrAboveNisab",
    });
    expect(r.savings.explanation.figures).toContainEqual({
      key: "nisab",
      value: d(10_975),
      unit: "cents",
    });
  });

  it("savings: interest can take the net below nisab, and then nothing is due", () => {
    const s = run([
      { type: "savings/update", index: 0, patch: { amount: d(11_000), interest: d(100) } },
    ]);
    const r = calculateZakat(s, seedRates);
    expect(r.savings.zakat).toBe(0);
    expect(r.savings.explanation).toMatchObject({ due: false, reason: "belowNisab" });
  });

  it("savings: removing an account drops it from the sum", () => {
    const s = run([
      { type: "savings/add" },
      { type: "savings/update", index: 1, patch: { amount: d(20_000) } },
      { type: "savings/remove", index: 1 },
    ]);
    expect(s.savings.accounts).toHaveLength(1);
    expect(calculateZakat(s, seedRates).savings.zakat).toBe(0);
  });

  it("gold kept is due from 86 g at nisab / 86 per gram; worn gold only from 860 g", () => {
    const s = run([
      { type: "gold/setWeight", bucket: "notForUsage", grams: 100 },
      { type: "gold/setWeight", bucket: "forUsage", grams: 500 },
    ]);
    const r = calculateZakat(s, seedRates);
    expect(r.goldKept.value).toBe(1_276_163); // 100 x 1,097,500 / 86 = 1,276,162.79 cents
    expect(r.goldKept.zakat).toBe(31_904); // $319.04
    expect(r.goldWorn.zakat).toBe(0);
    expect(r.goldWorn.explanation.reason).toBe("belowThreshold");
    expect(s.gold.notForUsage.totalZakat).toBe(31_904);
    const worn = run([{ type: "gold/setWeight", bucket: "forUsage", grams: 860 }]);
    expect(worn.gold.forUsage.totalZakat).toBe(d(2_743.75)); // 860 g = 10 x nisab = $109,750; x 2.5%
  });

  it("exactly 86 g of kept gold is worth the nisab and is due", () => {
    const r = calculateZakat(
      run([{ type: "gold/setWeight", bucket: "notForUsage", grams: 86 }]),
      seedRates,
    );
    expect(r.goldKept.value).toBe(seedRates.nisabValue);
    expect(r.goldKept.zakat).toBe(27_438);
  });

  it("negative weights read as zero", () => {
    const s = run([{ type: "gold/setWeight", bucket: "notForUsage", grams: -5 }]);
    expect(s.gold.notForUsage.weightGrams).toBe(0);
  });

  it("insurance (conventional and takaful) and shares use the nisab rule on their totals", () => {
    const s = run([
      { type: "insurance/update", index: 0, patch: { amount: d(6_000) } },
      { type: "insurance/add" },
      { type: "insurance/update", index: 1, patch: { amount: d(5_000), type: INSURANCE_TAKAFUL } },
      { type: "shares/update", index: 0, patch: { amount: d(10_000), remark: "STI ETF" } },
      { type: "shares/add" },
      { type: "shares/remove", index: 1 },
      { type: "insurance/add" },
      { type: "insurance/remove", index: 2 },
    ]);
    const r = calculateZakat(s, seedRates);
    expect(r.insurance.total).toBe(d(11_000));
    expect(r.insurance.zakat).toBe(d(275));
    expect(r.shares.total).toBe(d(10_000));
    expect(r.shares.zakat).toBe(0);
    expect(s.shares.totalSharesAmount).toBe(d(10_000));
  });

  it("CPF: the Ordinary Account meets the nisab on its own, never with savings", () => {
    // $8,000 in the Ordinary Account and $8,000 in savings: together above the nisab ($10,975), each
    // below it, so neither is due.
    const s = run([
      { type: "cpf/setOrdinaryAccount", amount: d(8_000) },
      { type: "savings/update", index: 0, patch: { amount: d(8_000) } },
    ]);
    const r = calculateZakat(s, seedRates);
    expect(r.cpf.total).toBe(d(8_000));
    expect(r.cpf.zakat).toBe(0);
    expect(r.savings.zakat).toBe(0);
    expect(r.hartaTotal).toBe(0);
    expect(r.cpf.explanation).toMatchObject({
      rule: "zakat.cpf",
      due: false,
      reason: "belowNisab",
    });

    // $20,000 in the Ordinary Account alone: $20,000 x 2.5% = $500, counted in the harta total.
    const due = run([{ type: "cpf/setOrdinaryAccount", amount: d(20_000) }], s);
    const rd = calculateZakat(due, seedRates);
    expect(rd.cpf.zakat).toBe(d(500));
    expect(rd.cpf.explanation).toMatchObject({ due: true, reason: "atOrAboveNisab" });
    expect(rd.cpf.explanation.figures).toEqual([
      { key: "total", value: d(20_000), unit: "cents" },
      { key: "nisab", value: d(10_975), unit: "cents" },
      { key: "zakatRate", value: 0.025, unit: "rate" },
    ]);
    expect(rd.hartaTotal).toBe(d(500));
    expect(due.totalAmount).toBe(d(500));

    // Exactly the nisab is due; reset clears the Ordinary Account.
    const at = run([{ type: "cpf/setOrdinaryAccount", amount: seedRates.nisabValue }]);
    expect(calculateZakat(at, seedRates).cpf.zakat).toBe(27_438);
    expect(run([{ type: "reset" }], due).cpf.ordinaryAccount).toBe(0);
  });

  it("business: net of the working capital, then |net| x 2.5% x ownership share", () => {
    const s = run([
      {
        type: "business/update",
        patch: {
          currentAssets: d(50_000),
          assetsToAdd: d(5_000),
          assetsToRemove: d(2_000),
          currentLiabilities: d(20_000),
          liabilitiesToAdd: d(1_000),
          ownershipSharePercent: 50,
        },
      },
    ]);
    expect(s.business.netAssetsDue).toBe(d(34_000));
    expect(s.business.totalZakat).toBe(d(850));
    expect(s.business.totalPayable).toBe(d(425));
    expect(s.business.type).toBe("Trade");
    for (const ownershipSharePercent of [150, 100.01, -1, Number.NaN]) {
      const refused = run([{ type: "business/update", patch: { ownershipSharePercent } }], s);
      expect(refused).toEqual(s);
      expect(refused.business.totalPayable).toBe(d(425));
    }
    const below = run([{ type: "business/update", patch: { currentLiabilities: d(45_000) } }], s);
    expect(below.business.netAssetsDue).toBe(d(9_000));
    expect(below.business.totalPayable).toBe(0);
  });

  it("fitrah: configured rates times persons, variable at the donor's rate", () => {
    const s = run([
      { type: "fitrah/setPersons", kind: "normal", persons: 3 },
      { type: "fitrah/setPersons", kind: "premium", persons: 2 },
      { type: "fitrah/setVariableRate", rate: d(10) },
      { type: "fitrah/setPersons", kind: "variable", persons: 1 },
    ]);
    expect(s.fitrah.normal).toEqual({ rate: d(5), persons: 3, amount: d(15) });
    expect(s.fitrah.premium.amount).toBe(d(16));
    expect(s.fitrah.variable).toEqual({ rate: d(10), persons: 1, amount: d(10) });
    for (const persons of [1.7, -2, -0.5, Number.POSITIVE_INFINITY]) {
      expect(run([{ type: "fitrah/setPersons", kind: "normal", persons }], s)).toEqual(s);
    }
    const r = calculateZakat(s, seedRates);
    expect(r.fitrah.zakat).toBe(d(41));
    expect(r.fitrah.explanation.figures).toContainEqual({
      key: "premium.rate",
      value: d(8),
      unit: "cents",
    });
    expect(s.totalAmount).toBe(d(41));
  });

  it("totals add every harta line and fitrah; reset after a passed transaction clears everything", () => {
    const s = run([
      { type: "savings/update", index: 0, patch: { amount: d(20_000) } },
      { type: "fitrah/setPersons", kind: "normal", persons: 1 },
      { type: "sourceOfIncome/set", value: "Salary" },
      { type: "submitting/set", value: true },
    ]);
    const r = calculateZakat(s, seedRates);
    expect(r.hartaTotal).toBe(d(500));
    expect(r.total).toBe(d(505));
    expect(s.nisabValue).toBe(seedRates.nisabValue);
    expect(s.sourceOfIncome).toBe("Salary");
    expect(s.isSubmitting).toBe(true);
    const reset = run([{ type: "reset" }], s);
    expect(reset.totalAmount).toBe(0);
    expect(reset.savings.accounts).toEqual(initialZakatState.savings.accounts);
    expect(reset.nisabValue).toBe(seedRates.nisabValue);
  });

  it("rates come from configuration: a higher nisab makes the same savings not due", () => {
    const s = run([{ type: "savings/update", index: 0, patch: { amount: d(11_000) } }]);
    expect(calculateZakat(s, seedRates).savings.zakat).toBe(d(275));
    expect(calculateZakat(s, { ...seedRates, nisabValue: d(12_000) }).savings.zakat).toBe(0);
  });
});
