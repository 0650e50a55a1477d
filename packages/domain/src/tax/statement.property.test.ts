import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FlowType } from "../flow.ts";
import { cents } from "../money.ts";
import { taxStatement, type StatementLine } from "./statement.ts";

const flows: ReadonlyArray<FlowType> = ["ZAKAT", "FIDYAH", "KAFFARAH", "ILMU", "WMS"];
const arbitraryLine: fc.Arbitrary<StatementLine> = fc
  .record({
    transactionNo: fc.string({ minLength: 1, maxLength: 6 }),
    fund: fc.constantFrom(...flows),
    paidAt: fc.integer({
      min: Date.parse("2025-06-01T00:00:00Z"),
      max: Date.parse("2027-06-01T00:00:00Z"),
    }),
    amount: fc.integer({ min: 1, max: 100_000_000 }),
    harta: fc.integer({ min: 0, max: 100_000_000 }),
    status: fc.constantFrom("Completed" as const, "Refunded" as const, "Voided" as const),
    irasIncluded: fc.boolean(),
  })
  .map(({ amount, harta, fund, ...rest }) => ({
    ...rest,
    fund,
    receiptNo: null,
    amount: cents(amount),
    hartaAmount: cents(fund === "ZAKAT" ? Math.min(harta, amount) : 0),
  }));

describe("statement properties", () => {
  it("the totals are the sum of the year's completed gifts, each under its fund's treatment", () => {
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 30 }), (lines) => {
        const statement = taxStatement(2026, lines);
        const inYear = lines.filter(
          (l) =>
            l.paidAt >= Date.parse("2026-01-01T00:00:00+08:00") &&
            l.paidAt < Date.parse("2027-01-01T00:00:00+08:00"),
        );
        expect(statement.entries).toHaveLength(inYear.length);
        const sum = (pick: (l: StatementLine) => boolean) =>
          inYear
            .filter((l) => l.status === "Completed" && pick(l))
            .reduce((s, l) => s + l.amount, 0);
        expect(statement.totals).toEqual({
          "zakat-1x": sum((l) => l.fund === "ZAKAT"),
          "wakaf-250": sum((l) => l.fund === "ILMU" || l.fund === "WMS"),
          none: sum((l) => l.fund === "FIDYAH" || l.fund === "KAFFARAH"),
        });
      }),
    );
  });

  it("refunded and voided gifts are listed but never change a total", () => {
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 30 }), (lines) => {
        const all = taxStatement(2026, lines);
        const standing = taxStatement(
          2026,
          lines.filter((l) => l.status === "Completed"),
        );
        expect(all.totals).toEqual(standing.totals);
        expect(all.entries.filter((e) => !e.counted).every((e) => e.status !== "Completed")).toBe(
          true,
        );
      }),
    );
  });
});
