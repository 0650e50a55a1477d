import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dayNumberOf,
  hijriCalendar,
  tabularHijriOf,
  type HijriEstimator,
} from "../calendar/index.ts";
import { cents, type Cents } from "../money.ts";
import { addDays, dayOf } from "./days.ts";
import type { LedgerGift, YearSpan } from "./ledger.ts";
import { owedAfterLedger, yearHaulsDue, type DonorLedgerYear } from "./reminder-ledger.ts";
import { haulsDue, remindersDue, type HaulDue, type WealthRecord } from "./reminders.ts";

const tabular: HijriEstimator = (iso) => tabularHijriOf(dayNumberOf(iso)!);
const calendar = hijriCalendar([{ year: 1447, month: 9, start: "2026-02-19" }]);
const span: YearSpan = {
  hijriYear: 1447,
  start: "2025-06-26",
  end: "2026-06-15",
  startEstimated: true,
  endEstimated: true,
};
const rates = { nisab: [{ from: "2024-01-01", nisab: cents(1_097_500) }], zakatRate: 0.025 };
const empty: DonorLedgerYear = { gifts: [], assessments: [], fidyahPaidBy: [] };
const gift = (over: Partial<LedgerGift>): LedgerGift => ({
  transactionNo: "T1",
  receiptNo: "ZK-1",
  paidOn: "2026-01-10",
  source: "online",
  status: "succeeded",
  amounts: { harta: 10_000 },
  refundedCents: 0,
  ...over,
});
const haul = (wealth: HaulDue["wealth"], dueDate: string, amount: number): HaulDue => ({
  wealth,
  dueDate,
  amount: amount as Cents,
});
const lines = {
  savings: 0,
  goldKept: 0,
  goldWorn: 0,
  insurance: 0,
  shares: 0,
  cpf: 0,
  business: 0,
};
const savings = (from: string): WealthRecord => ({
  wealth: "savings",
  balances: [{ date: from, balance: cents(2_000_000) }],
});
const owed = (hauls: HaulDue[], year: DonorLedgerYear, fidyahDays = 0) =>
  owedAfterLedger({
    span,
    today: "2026-02-12",
    hauls,
    year,
    fidyah: { days: fidyahDays, perDay: cents(500) },
  });

describe("yearHaulsDue: the haul as the year's ledger counts it", () => {
  const today = "2026-02-12";
  it("counts from a portal payment made before the year, not from one made in it", () => {
    const record = savings("2025-01-01");
    const portal = { beforeYear: "2025-03-01", latest: "2025-12-01" };
    // From 1 Mar 2025: due 19 Feb 2026, in the year. The tracker (from 1 Dec 2025) has it in 2026-27.
    expect(yearHaulsDue([record], portal, span, rates, today)).toEqual([
      haul("savings", addDays("2025-03-01", 355), 50_000),
    ]);
    expect(haulsDue([{ ...record, lastPayment: "2025-12-01" }], rates, today)[0]!.dueDate).toBe(
      addDays("2025-12-01", 355),
    );
  });

  it("keeps the payment the donor recorded on the wealth, and the tracker's count after the year", () => {
    const recorded = { ...savings("2024-06-01"), lastPayment: "2025-02-01" };
    expect(yearHaulsDue([recorded], { latest: "2025-12-01" }, span, rates, today)).toEqual(
      haulsDue([recorded], rates, today),
    );
    // Without a payment before the year the haul (from 2025-07-01) ends after it: the tracker's.
    const late = savings("2025-07-01");
    const portal = { latest: "2025-08-01" };
    expect(yearHaulsDue([late], portal, span, rates, today)).toEqual(
      haulsDue([{ ...late, lastPayment: "2025-08-01" }], rates, today),
    );
    // No year known (no calendar): the tracker's count.
    expect(yearHaulsDue([late], portal, undefined, rates, today)).toEqual(
      haulsDue([{ ...late, lastPayment: "2025-08-01" }], rates, today),
    );
  });
});

describe("owedAfterLedger", () => {
  it("asks for all of it when nothing was paid this year", () => {
    const result = owed([haul("savings", "2026-02-20", 50_000)], empty, 3);
    expect(result.hauls).toEqual([
      { ...haul("savings", "2026-02-20", 50_000), zakat: 50_000, paid: 0 },
    ]);
    expect(result.fidyah).toEqual({ days: 3, owed: 1_500, paid: 0, left: 1_500 });
    expect(result.ledger).toBeUndefined();
  });

  it("counts the year's zakat harta towards the hauls earliest due first, net of refunds", () => {
    const year = { ...empty, gifts: [gift({ amounts: { harta: 60_000 }, refundedCents: 5_000 })] };
    const result = owed(
      [haul("shares", "2026-03-01", 30_000), haul("savings", "2026-02-20", 50_000)],
      year,
    );
    expect(result.hauls.map((h) => [h.wealth, h.zakat, h.paid, h.amount])).toEqual([
      ["shares", 30_000, 5_000, 25_000],
      ["savings", 50_000, 50_000, 0],
    ]);
  });

  it("meets the assessment's other lines first, and never counts a gift outside the year", () => {
    const year: DonorLedgerYear = {
      gifts: [
        gift({ amounts: { harta: 30_000 } }),
        gift({ paidOn: "2025-06-01", transactionNo: "T0" }),
      ],
      assessments: [
        {
          id: "a",
          assessedOn: "2026-01-01",
          hijriYear: 1447,
          lines: { ...lines, savings: 40_000, goldKept: 20_000 },
          total: 60_000,
        },
      ],
      fidyahPaidBy: [],
    };
    const result = owed([haul("savings", "2026-02-20", 50_000)], year);
    // Gold $200 met first, then $100 of the haul's $500.
    expect(result.hauls[0]).toMatchObject({ zakat: 50_000, paid: 10_000, amount: 40_000 });
    const harta = result.ledger!.rows.find((r) => r.kind === "harta")!;
    expect(harta.remaining).toBe(40_000);
  });

  it("leaves a haul due after the year to next year's payments", () => {
    const result = owed([haul("cpf", "2026-06-20", 20_000)], { ...empty, gifts: [gift({})] });
    expect(result.hauls[0]).toMatchObject({ zakat: 20_000, paid: 0, amount: 20_000 });
  });

  it("takes fidyah paid this year off the fasts owed, not a gift that paid the log's entries", () => {
    const year: DonorLedgerYear = {
      gifts: [
        gift({ amounts: { fidyah: 1_000 }, transactionNo: "F1" }),
        gift({ amounts: { fidyah: 2_000 }, transactionNo: "F2" }),
      ],
      assessments: [],
      fidyahPaidBy: ["F2"],
    };
    expect(owed([], year, 3).fidyah).toEqual({ days: 3, owed: 1_500, paid: 1_000, left: 500 });
    expect(owed([], year, 2).fidyah).toEqual({ days: 2, owed: 1_000, paid: 1_000, left: 0 });
  });

  it("asks the hauls together for the ledger's harta remaining at most (property)", () => {
    const wealths = ["savings", "shares", "insurance", "cpf"] as const;
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            wealth: fc.constantFrom(...wealths),
            day: fc.integer({ min: -40, max: 420 }),
            amount: fc.integer({ min: 1, max: 100_000 }),
          }),
          { selector: (h) => h.wealth, maxLength: 4 },
        ),
        fc.array(
          fc.record({
            harta: fc.integer({ min: 0, max: 100_000 }),
            refunded: fc.integer({ min: 0, max: 100_000 }),
            day: fc.integer({ min: -30, max: 380 }),
          }),
          { maxLength: 4 },
        ),
        fc.integer({ min: 0, max: 50_000 }),
        (hs, gs, gold) => {
          const hauls = hs.map((h) => haul(h.wealth, addDays(span.start, h.day), h.amount));
          const year: DonorLedgerYear = {
            gifts: gs.map((g, i) =>
              gift({
                transactionNo: `T${i}`,
                paidOn: addDays(span.start, g.day),
                amounts: { harta: g.harta },
                refundedCents: g.refunded,
              }),
            ),
            assessments:
              gold > 0
                ? [
                    {
                      id: "a",
                      assessedOn: "2026-01-01",
                      hijriYear: 1447,
                      lines: { ...lines, goldKept: gold },
                      total: gold,
                    },
                  ]
                : [],
            fidyahPaidBy: [],
          };
          const result = owed(hauls, year);
          const within = (d: string) =>
            dayOf(d) >= dayOf(span.start) && dayOf(d) <= dayOf(span.end);
          let inYearLeft = 0;
          let inYearZakat = 0;
          result.hauls.forEach((h, i) => {
            expect(h.zakat).toBe(hauls[i]!.amount);
            expect(h.amount + h.paid).toBe(h.zakat);
            expect(h.amount).toBeGreaterThanOrEqual(0);
            if (within(h.dueDate)) {
              inYearLeft += h.amount;
              inYearZakat += h.zakat;
            } else expect(h.paid).toBe(0);
          });
          const remaining = result.ledger
            ? (result.ledger.rows.find((r) => r.kind === "harta")!.remaining ?? 0)
            : inYearZakat;
          expect(inYearLeft).toBe(Math.min(inYearZakat, remaining));
          // The shortcut for a year with nothing paid or assessed is the ledger's own answer.
          if (gs.length === 0 && gold === 0) {
            expect(result.hauls.every((h) => h.paid === 0)).toBe(true);
          }
        },
      ),
    );
  });
});

describe("remindersDue after the ledger", () => {
  const base = {
    donorId: "d1",
    preferences: { haul: true, ramadan: true, lang: "en" as const },
    calendar,
    estimate: tabular,
    today: "2026-02-12",
    fidyahPerDay: cents(500),
    claimed: [],
    ledgerYear: 1447,
  };
  it("says what was paid and asks for what is left; a haul fully paid is not reminded", () => {
    const result = owed(
      [haul("savings", "2026-02-20", 50_000), haul("shares", "2026-02-22", 10_000)],
      { ...empty, gifts: [gift({ amounts: { harta: 55_000 } })] },
    );
    const due = remindersDue({ ...base, hauls: result.hauls, fidyahDaysOwed: 0 });
    expect(due.filter((d) => d.kind === "haul")).toEqual([
      expect.objectContaining({
        wealth: "shares",
        amount: 5_000,
        paid: { of: 10_000, paid: 5_000, hijriYear: 1447 },
      }),
    ]);
  });

  it("asks for the fidyah left, and none when it is all paid", () => {
    const kinds = (fidyahPaid: number) =>
      remindersDue({ ...base, hauls: [], fidyahDaysOwed: 3, fidyahPaid: cents(fidyahPaid) }).map(
        (d) => [d.kind, d.amount, d.paid?.paid],
      );
    expect(kinds(0)).toEqual([
      ["fitrah", 0, undefined],
      ["fidyah", 1_500, undefined],
    ]);
    expect(kinds(1_000)).toEqual([
      ["fitrah", 0, undefined],
      ["fidyah", 500, 1_000],
    ]);
    expect(kinds(1_500)).toEqual([["fitrah", 0, undefined]]);
  });
});
