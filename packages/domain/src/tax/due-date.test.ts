import { describe, expect, it } from "vitest";
import { cents } from "../money.ts";
import { nextHartaDueDate } from "./due-date.ts";
import type { StatementLine } from "./statement.ts";

const harta = (
  transactionNo: string,
  iso: string,
  overrides: Partial<StatementLine> = {},
): StatementLine => ({
  transactionNo,
  fund: "ZAKAT",
  paidAt: Date.parse(iso),
  receiptNo: null,
  amount: cents(25_000),
  hartaAmount: cents(25_000),
  status: "Completed",
  irasIncluded: true,
  ...overrides,
});

describe("nextHartaDueDate", () => {
  it("is one haul (355 days) after the latest harta payment, as a Singapore date", () => {
    const due = nextHartaDueDate([
      harta("old", "2025-01-10T10:00:00+08:00"),
      harta("new", "2026-03-05T10:00:00+08:00"),
    ]);
    expect(due?.from.transactionNo).toBe("new");
    expect(due?.dueDate).toBe("2027-02-23");
  });

  it("counts the day in Singapore: a payment at 00:30 SGT is due 355 days after that date", () => {
    expect(nextHartaDueDate([harta("a", "2026-01-01T00:30:00+08:00")])?.dueDate).toBe("2026-12-22");
    expect(nextHartaDueDate([harta("a", "2025-12-31T23:30:00+08:00")])?.dueDate).toBe("2026-12-21");
  });

  it("skips refunded or voided payments and payments without harta", () => {
    const due = nextHartaDueDate([
      harta("kept", "2026-01-01T10:00:00+08:00"),
      harta("refunded", "2026-02-01T10:00:00+08:00", { status: "Refunded" }),
      harta("voided", "2026-02-02T10:00:00+08:00", { status: "Voided" }),
      harta("fitrah", "2026-03-01T10:00:00+08:00", { hartaAmount: cents(0), amount: cents(500) }),
      harta("wakaf", "2026-03-02T10:00:00+08:00", { fund: "ILMU", hartaAmount: cents(0) }),
    ]);
    expect(due?.from.transactionNo).toBe("kept");
  });

  it("is undefined without a harta payment", () => {
    expect(nextHartaDueDate([])).toBeUndefined();
    expect(
      nextHartaDueDate([harta("f", "2026-03-01T10:00:00+08:00", { hartaAmount: cents(0) })]),
    ).toBeUndefined();
  });
});
