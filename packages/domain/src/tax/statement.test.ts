import { describe, expect, it } from "vitest";
import { cents } from "../money.ts";
import { statementTotal, taxStatement, type StatementLine } from "./statement.ts";

const line = (overrides: Partial<StatementLine> = {}): StatementLine => ({
  transactionNo: "ZK1",
  fund: "ZAKAT",
  paidAt: Date.parse("2026-03-05T10:00:00+08:00"),
  receiptNo: "R-1",
  amount: cents(10_000),
  hartaAmount: cents(10_000),
  status: "Completed",
  irasIncluded: true,
  ...overrides,
});

describe("taxStatement", () => {
  it("lists the year's gifts oldest first with their treatment, and totals per treatment", () => {
    const statement = taxStatement(2026, [
      line({
        transactionNo: "WK2",
        fund: "ILMU",
        amount: cents(5_000),
        hartaAmount: cents(0),
        paidAt: Date.parse("2026-06-01T09:00:00+08:00"),
      }),
      line({ transactionNo: "ZK1" }),
      line({
        transactionNo: "ZK3",
        fund: "FIDYAH",
        amount: cents(400),
        hartaAmount: cents(0),
        paidAt: Date.parse("2026-07-01T09:00:00+08:00"),
      }),
      line({
        transactionNo: "ZK4",
        amount: cents(2_300),
        hartaAmount: cents(0),
        paidAt: Date.parse("2026-08-01T09:00:00+08:00"),
      }),
    ]);
    expect(statement.entries.map((e) => [e.transactionNo, e.treatment, e.statementFund])).toEqual([
      ["ZK1", "zakat-1x", "zakatHarta"],
      ["WK2", "wakaf-250", "ILMU"],
      ["ZK3", "none", "FIDYAH"],
      ["ZK4", "zakat-1x", "zakatFitrah"],
    ]);
    expect(statement.totals).toEqual({ "zakat-1x": 12_300, "wakaf-250": 5_000, none: 400 });
    expect(statementTotal(statement)).toBe(17_700);
  });

  it("lists refunded and voided gifts without counting them", () => {
    const statement = taxStatement(2026, [
      line({ transactionNo: "A" }),
      line({
        transactionNo: "B",
        status: "Refunded",
        paidAt: Date.parse("2026-04-01T00:00:00+08:00"),
      }),
      line({
        transactionNo: "C",
        status: "Voided",
        paidAt: Date.parse("2026-05-01T00:00:00+08:00"),
      }),
    ]);
    expect(statement.entries.map((e) => [e.transactionNo, e.counted])).toEqual([
      ["A", true],
      ["B", false],
      ["C", false],
    ]);
    expect(statement.totals["zakat-1x"]).toBe(10_000);
  });

  it("leaves out gifts of other years, by Singapore's calendar", () => {
    const statement = taxStatement(2026, [
      line({ transactionNo: "last", paidAt: Date.parse("2026-12-31T23:30:00+08:00") }),
      line({ transactionNo: "next", paidAt: Date.parse("2027-01-01T00:30:00+08:00") }),
      line({ transactionNo: "before", paidAt: Date.parse("2025-12-31T23:59:00+08:00") }),
    ]);
    expect(statement.entries.map((e) => e.transactionNo)).toEqual(["last"]);
  });

  it("names a zakat payment of harta and fitrah as both", () => {
    const [entry] = taxStatement(2026, [line({ amount: cents(12_300) })]).entries;
    expect(entry?.statementFund).toBe("zakatHartaFitrah");
    const [wms, kaffarah] = taxStatement(2026, [
      line({ fund: "WMS", hartaAmount: cents(0) }),
      line({ transactionNo: "ZK2", fund: "KAFFARAH", hartaAmount: cents(0) }),
    ]).entries;
    expect([wms?.statementFund, kaffarah?.statementFund]).toEqual(["WMS", "KAFFARAH"]);
  });
});
