import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cents, type Cents } from "../money.ts";
import { calculateZakat } from "../zakat/calculate.ts";
import { initialZakatState, type ZakatState } from "../zakat/state.ts";
import { assessmentFile, checkAssessmentInputs, readAssessmentFile } from "./assessment-check.ts";
import {
  assess,
  assessmentFigures,
  assessmentInputsOf,
  ASSESSMENT_KIND,
  ASSESSMENT_ROWS_MAX,
  compareAssessments,
  lastYearsAssessment,
  zakatStateOf,
  type AssessmentInputs,
  type AssessmentRates,
} from "./assessment.ts";

// The council's rates of design/facts.md: nisab $9,097 (86 g), 2.5%.
const rates: AssessmentRates = {
  nisabValue: cents(909_700),
  goldRate: 10_578,
  goldDivisor: 86,
  zakatRate: 0.025,
  goldKeptThresholdGrams: 86,
  goldWornThresholdGrams: 860,
};
const config = {
  ...rates,
  fitrahMinAmount: cents(500),
  fitrahMaxAmount: cents(10_000),
  fitrahNormalRate: cents(500),
  fitrahPremiumRate: cents(750),
  fidyahPerDay: cents(115),
  maxFidyahLimit: cents(100_000),
  kaffarahPerDay: cents(115),
  jimakNoOfPeople: 60,
  nazarNoOfPeople: 10,
};

const empty: AssessmentInputs = assessmentInputsOf(initialZakatState);
const withCpf: AssessmentInputs = {
  ...empty,
  savings: [{ amount: cents(2_000_000), interest: cents(10_000) }],
  cpfOrdinary: cents(4_000_000),
  goldKeptGrams: 100,
};

const amount = fc.integer({ min: 0, max: 5_000_000 }).map(cents);
const inputsArb: fc.Arbitrary<AssessmentInputs> = fc.record({
  savings: fc.array(fc.record({ amount, interest: amount }), { maxLength: 4 }),
  goldKeptGrams: fc.integer({ min: 0, max: 400_000 }).map((g) => g / 1000),
  goldWornGrams: fc.integer({ min: 0, max: 2_000_000 }).map((g) => g / 1000),
  insurance: fc.array(fc.record({ type: fc.constantFrom(1 as const, 2 as const), amount }), {
    maxLength: 3,
  }),
  shares: fc.array(amount, { maxLength: 3 }),
  cpfOrdinary: amount,
  business: fc.record({
    currentAssets: amount,
    assetsToAdd: amount,
    assetsToRemove: amount,
    currentLiabilities: amount,
    liabilitiesToAdd: amount,
    ownershipSharePercent: fc.integer({ min: 0, max: 10_000 }).map((p) => p / 100),
  }),
});

describe("an assessment", () => {
  it("prices the CPF Ordinary Account as its own class, as the calculator does", () => {
    const a = assess(withCpf, rates);
    expect(a.lines.cpf).toBe(100_000); // $40,000 x 2.5%
    expect(a.lines.savings).toBe(49_750); // ($20,000 - $100 interest) x 2.5%
    expect(a.total).toBe(Object.values(a.lines).reduce((sum: number, line) => sum + line, 0));
  });

  it("gives exactly the calculator's harta total for any entries (property)", () => {
    fc.assert(
      fc.property(inputsArb, (inputs) => {
        const state: ZakatState = zakatStateOf(inputs);
        expect(assessmentFigures(inputs, rates).total).toBe(
          calculateZakat(state, config).hartaTotal,
        );
      }),
    );
  });

  it("keeps what was entered through the calculator's state and back (property)", () => {
    fc.assert(
      fc.property(inputsArb, (inputs) => {
        const back = assessmentInputsOf(zakatStateOf(inputs));
        // Rows with nothing in them are not worth keeping; everything else comes back as it was.
        expect(back).toEqual({
          ...inputs,
          savings: inputs.savings.filter((s) => s.amount !== 0 || s.interest !== 0),
          insurance: inputs.insurance.filter((p) => p.amount !== 0),
          shares: inputs.shares.filter((s) => s !== 0),
        });
      }),
    );
  });

  it("keeps the rates of its day: the same entries at a later nisab give the old figures", () => {
    const old = assess(withCpf, rates);
    const later = assessmentFigures(withCpf, { ...rates, nisabValue: cents(5_000_000) });
    // Savings and CPF now fall below the nisab; gold kept is due by weight, at the dearer gold.
    expect([later.lines.savings, later.lines.cpf]).toEqual([0, 0]);
    expect(later.lines.goldKept).toBeGreaterThan(old.lines.goldKept);
    const file = readAssessmentFile(JSON.stringify(assessmentFile(old, "2025-03-01")));
    expect(file.ok && file.value.total).toBe(old.total);
  });

  it("carries no remark: free text the donor typed stays on the page", () => {
    const state: ZakatState = {
      ...initialZakatState,
      savings: {
        ...initialZakatState.savings,
        accounts: [{ amount: cents(100), interest: cents(0), remark: "POSB 123-45678-9 Aminah" }],
      },
    };
    expect(JSON.stringify(assessmentInputsOf(state))).not.toContain("Aminah");
  });
});

describe("a downloaded file read back", () => {
  const good = assessmentFile(assess(withCpf, rates), "2026-03-01");

  it("loads as it was written (property)", () => {
    fc.assert(
      fc.property(inputsArb, (inputs) => {
        const file = assessmentFile(assess(inputs, rates), "2026-03-01");
        expect(readAssessmentFile(JSON.stringify(file))).toEqual({ ok: true, value: file });
      }),
    );
  });

  it("refuses what is not JSON, not an assessment, or not of this version", () => {
    expect(readAssessmentFile("{not json")).toMatchObject({ ok: false, problem: "malformed" });
    expect(readAssessmentFile("[]")).toMatchObject({ ok: false, problem: "malformed" });
    expect(readAssessmentFile(JSON.stringify({ ...good, kind: "receipt" }))).toMatchObject({
      ok: false,
      problem: "kind",
    });
    expect(readAssessmentFile(JSON.stringify({ ...good, version: 2 }))).toMatchObject({
      ok: false,
      problem: "version",
    });
    const { inputs: _, ...noInputs } = good;
    expect(readAssessmentFile(JSON.stringify(noInputs))).toMatchObject({
      ok: false,
      problem: "malformed",
      field: "inputs",
    });
    expect(
      readAssessmentFile(JSON.stringify({ ...good, inputs: { ...good.inputs, cpfOrdinary: -5 } })),
    ).toMatchObject({ ok: false, problem: "malformed", field: "inputs.cpfOrdinary" });
    expect(readAssessmentFile(JSON.stringify({ ...good, kind: ASSESSMENT_KIND }))).toMatchObject({
      ok: true,
    });
  });

  it("refuses a file whose total or a line was edited, or whose inputs no longer give its figures", () => {
    expect(readAssessmentFile(JSON.stringify({ ...good, total: good.total - 1 }))).toMatchObject({
      ok: false,
      problem: "tampered",
    });
    expect(
      readAssessmentFile(JSON.stringify({ ...good, lines: { ...good.lines, cpf: 0 } })),
    ).toMatchObject({ ok: false, problem: "tampered" });
    expect(
      readAssessmentFile(
        JSON.stringify({ ...good, inputs: { ...good.inputs, cpfOrdinary: 8_000_000 } }),
      ),
    ).toMatchObject({ ok: false, problem: "tampered" });
    // A lower nisab written in makes more classes due than the figures say.
    expect(
      readAssessmentFile(JSON.stringify({ ...good, rates: { ...good.rates, nisabValue: 100 } })),
    ).toMatchObject({ ok: false, problem: "tampered" });
  });

  it("refuses a file with more rows or bytes than an assessment has", () => {
    const rows = Array.from({ length: ASSESSMENT_ROWS_MAX + 1 }, () => cents(1));
    expect(
      readAssessmentFile(JSON.stringify({ ...good, inputs: { ...good.inputs, shares: rows } })),
    ).toMatchObject({ ok: false, problem: "tooLarge" });
    expect(readAssessmentFile(" ".repeat(9_000) + JSON.stringify(good))).toMatchObject({
      ok: false,
      problem: "tooLarge",
    });
  });
});

describe("inputs sent to be saved", () => {
  it("are refused field by field, never trusted", () => {
    expect(checkAssessmentInputs(withCpf)).toEqual({ ok: true, value: withCpf });
    expect(checkAssessmentInputs({ ...withCpf, goldKeptGrams: 1.0001 })).toMatchObject({
      ok: false,
      field: "inputs.goldKeptGrams",
    });
    expect(
      checkAssessmentInputs({
        ...withCpf,
        business: { ...withCpf.business, ownershipSharePercent: 101 },
      }),
    ).toMatchObject({ ok: false, field: "inputs.business.ownershipSharePercent" });
    expect(
      checkAssessmentInputs({ ...withCpf, insurance: [{ type: 3, amount: 1 }] }),
    ).toMatchObject({ ok: false, field: "inputs.insurance.0.type" });
    expect(checkAssessmentInputs({ ...withCpf, shares: [1.5] })).toMatchObject({
      ok: false,
      field: "inputs.shares.0",
    });
  });
});

describe("last year's assessment", () => {
  const saved = [
    { id: "c", hijriYear: 1447, assessedOn: "2026-03-01" },
    { id: "b2", hijriYear: 1446, assessedOn: "2025-06-10" },
    { id: "b1", hijriYear: 1446, assessedOn: "2025-03-01" },
    { id: "a", hijriYear: 1445, assessedOn: "2024-03-01" },
  ];

  it("is the latest one of the previous Hijri year, whatever the order", () => {
    expect(lastYearsAssessment(saved, { hijriYear: 1447 })?.id).toBe("b2");
    expect(lastYearsAssessment([...saved].reverse(), { hijriYear: 1447 })?.id).toBe("b2");
    expect(lastYearsAssessment(saved, { hijriYear: 1446 })?.id).toBe("a");
    // Two years back is not last year.
    expect(lastYearsAssessment(saved, { hijriYear: 1449 })).toBeUndefined();
  });

  it("compares class by class, and the changes add up to the change in total (property)", () => {
    fc.assert(
      fc.property(inputsArb, inputsArb, (now, then) => {
        const c = compareAssessments(assess(now, rates), assess(then, rates));
        const sum = Object.values(c.lines).reduce((s, row) => s + row.change, 0);
        expect(sum).toBe(c.total.change);
        expect(c.total.current - c.total.previous).toBe(c.total.change);
      }),
    );
    const c = compareAssessments(assess(withCpf, rates), assess(empty, rates));
    expect(c.lines.cpf).toEqual({ current: 100_000, previous: 0, change: 100_000 as Cents });
  });
});
