import { describe, expect, it } from "vitest";
import { calculateZakat, cents, initialZakatState, reduceZakat, seedRates } from "@portal/domain";
import { resources } from "../../i18n";
import { explain } from "./explain";
import { calculatorLabelKeys, fill, type CalculatorLabels } from "./labels";

const labelsFor = (lng: keyof typeof resources): CalculatorLabels => {
  const table: Record<string, string> = resources[lng].translation;
  return Object.fromEntries(
    calculatorLabelKeys.map((key) => [key, table[key] ?? `missing ${key}`]),
  ) as CalculatorLabels;
};
const en = labelsFor("en");
const ms = labelsFor("ms");

const withSavings = (amount: number, interest = 0) =>
  reduceZakat(
    initialZakatState,
    {
      type: "savings/update",
      index: 0,
      patch: { amount: cents(amount), interest: cents(interest) },
    },
    seedRates,
  );

describe("calculator explanations", () => {
  it("every calculator string exists in both languages", () => {
    for (const key of calculatorLabelKeys) {
      expect(en[key]).not.toMatch(/^missing/);
      expect(ms[key]).not.toMatch(/^missing/);
    }
  });

  it("explains savings at or above nisab with the figures formatted", () => {
    const r = calculateZakat(withSavings(1_130_000), seedRates).savings;
    expect(explain(r.explanation, r.zakat, en)).toBe(
      "Your net savings (balances less interest) of $11,300.00 reach the nisab of $10,975.00, so zakat is $11,300.00 × 2.5% = $282.50.",
    );
    expect(explain(r.explanation, r.zakat, ms)).toContain("mencapai nisab $10,975.00");
  });

  it("explains savings below nisab as none due", () => {
    const r = calculateZakat(withSavings(1_100_000, 10_000), seedRates).savings;
    expect(explain(r.explanation, r.zakat, en)).toContain("$10,900.00 are below the nisab");
  });

  it("explains gold with grams and the rate per gram", () => {
    const state = reduceZakat(
      initialZakatState,
      { type: "gold/setWeight", bucket: "notForUsage", grams: 100 },
      seedRates,
    );
    const r = calculateZakat(state, seedRates).goldKept;
    expect(explain(r.explanation, r.zakat, en)).toBe(
      "100 g of gold kept is worth $12,761.63 at $127.62 a gram. It reaches 86 g, so zakat is $12,761.63 × 2.5% = $319.04.",
    );
  });

  it("explains CPF: the Ordinary Account on its own, MediSave and the Special Account left out", () => {
    const withCpf = (amount: number) =>
      calculateZakat(
        reduceZakat(
          initialZakatState,
          { type: "cpf/setOrdinaryAccount", amount: cents(amount) },
          seedRates,
        ),
        seedRates,
      ).cpf;
    const due = withCpf(2_000_000);
    expect(explain(due.explanation, due.zakat, en)).toBe(
      "Your CPF Ordinary Account balance of $20,000.00 reaches the nisab of $10,975.00 on its own, so zakat is $20,000.00 × 2.5% = $500.00. MediSave and the Special Account are not zakatable and are not counted.",
    );
    expect(explain(due.explanation, due.zakat, ms)).toBe(
      "Baki Akaun Biasa CPF anda sebanyak $20,000.00 mencapai nisab $10,975.00 dengan sendirinya, maka zakatnya ialah $20,000.00 × 2.5% = $500.00. MediSave dan Akaun Khas tidak dikenakan zakat dan tidak dikira.",
    );
    const none = withCpf(800_000);
    expect(explain(none.explanation, none.zakat, en)).toContain(
      "$8,000.00 is below the nisab of $10,975.00, so no zakat is due on it.",
    );
    expect(explain(none.explanation, none.zakat, ms)).toContain("di bawah nisab $10,975.00");
  });

  it("explains fitrah line by line, only for kinds with persons", () => {
    const state = reduceZakat(
      initialZakatState,
      { type: "fitrah/setPersons", kind: "normal", persons: 3 },
      seedRates,
    );
    const r = calculateZakat(state, seedRates).fitrah;
    expect(explain(r.explanation, r.zakat, en)).toBe(
      "3 × $5.00 (normal) = $15.00. Zakat fitrah is $15.00.",
    );
    const none = calculateZakat(initialZakatState, seedRates).fitrah;
    expect(explain(none.explanation, none.zakat, en)).toBe(en.calc_explain_fitrah_none);
  });

  it("explains business with the owner's share", () => {
    const state = reduceZakat(
      initialZakatState,
      {
        type: "business/update",
        patch: {
          currentAssets: cents(5_000_000),
          assetsToAdd: cents(500_000),
          assetsToRemove: cents(200_000),
          currentLiabilities: cents(2_000_000),
          liabilitiesToAdd: cents(100_000),
          ownershipSharePercent: 50,
        },
      },
      seedRates,
    );
    const r = calculateZakat(state, seedRates).business;
    expect(explain(r.explanation, r.zakat, en, { totalZakat: "$850.00" })).toContain(
      "= $34,000.00, which reaches the nisab of $10,975.00. Zakat on the business is $34,000.00 × 2.5% = $850.00; your 50% share of it is $425.00.",
    );
  });

  it("a rule without sentences in the labels is explained by nothing", () => {
    const unknown = {
      rule: "zakat.unknown",
      due: true,
      reason: "atOrAboveNisab",
      figures: [],
    } as const;
    expect(explain(unknown, 0, en)).toBe("");
  });

  it("fill leaves unknown placeholders visible", () => {
    expect(fill("{{a}} and {{b}}", { a: "x" })).toBe("x and {{b}}");
  });
});
