import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayNumberOf } from "../calendar/days.ts";
import { hijriCalendar } from "../calendar/hijri-calendar.ts";
import type { HijriEstimator } from "../calendar/hijri-date.ts";
import { tabularHijriOf } from "../calendar/tabular.ts";
import { applyRate, type Cents } from "../money.ts";
import {
  hijriYearSpan,
  refundShares,
  yearLedger,
  zakatBaseFor,
  type LedgerAssessment,
  type LedgerGift,
  type YearSpan,
} from "./ledger.ts";

const tabular: HijriEstimator = (iso) => tabularHijriOf(dayNumberOf(iso)!);
const singapore = hijriCalendar([{ year: 1447, month: 9, start: "2026-02-19" }]);

const span: YearSpan = {
  hijriYear: 1447,
  start: "2025-06-26",
  end: "2026-06-15",
  startEstimated: true,
  endEstimated: true,
};
const gift = (over: Partial<LedgerGift>): LedgerGift => ({
  transactionNo: "T1",
  receiptNo: "ZK-00000001",
  paidOn: "2026-03-01",
  source: "online",
  status: "succeeded",
  amounts: { harta: 10_000 },
  refundedCents: 0,
  ...over,
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
const assessment = (over: Partial<LedgerAssessment>): LedgerAssessment => ({
  id: "a",
  assessedOn: "2026-01-10",
  hijriYear: 1447,
  lines: { ...lines, savings: 30_000, shares: 10_000 },
  total: 40_000,
  ...over,
});
const noFasts = { daysOwed: 0, perDay: 400, paidBy: [] };
const row = (ledger: ReturnType<typeof yearLedger>, kind: string) =>
  ledger.rows.find((r) => r.kind === kind)!;

describe("hijriYearSpan", () => {
  it("runs from 1 Muharram to the day before the next, marked estimated where unpublished", () => {
    const found = hijriYearSpan(singapore, "2026-03-01", tabular)!;
    expect(found.hijriYear).toBe(1447);
    expect(found.start < "2026-03-01" && found.end > "2026-03-01").toBe(true);
    expect(found.startEstimated && found.endEstimated).toBe(true);
  });
});

describe("yearLedger", () => {
  it("takes the year's latest assessment, a haul due in the year replacing its class", () => {
    const ledger = yearLedger({
      span,
      gifts: [gift({})],
      assessments: [
        assessment({ id: "old", assessedOn: "2025-12-01", total: 99_999 }),
        assessment({}),
        assessment({ id: "last year", hijriYear: 1446, assessedOn: "2025-05-01" }),
      ],
      hauls: [
        {
          wealth: "savings",
          status: "due",
          dueDate: "2026-02-01",
          dueDateHijri: null,
          amount: 25_000,
        },
        {
          wealth: "cpf",
          status: "running",
          dueDate: "2026-09-01",
          dueDateHijri: null,
          amount: 5_000,
        },
      ],
      fasts: noFasts,
    });
    const harta = row(ledger, "harta");
    expect(harta.assessed).toBe(35_000); // shares 100 from the assessment, savings 250 from the haul
    expect(harta.paid).toBe(10_000);
    expect(harta.remaining).toBe(25_000);
    expect(harta.notes.map((n) => n.code)).toEqual([
      "ledger_harta_assessment",
      "ledger_harta_haul_due",
      "ledger_paid",
      "ledger_remaining",
    ]);
  });

  it("counts gifts of the year only, refunds and voids subtracting", () => {
    const ledger = yearLedger({
      span,
      gifts: [
        gift({
          transactionNo: "A",
          amounts: { harta: 6_000, fitrah: 2_000 },
          refundedCents: 4_000,
        }),
        gift({ transactionNo: "B", paidOn: "2025-06-25" }),
        gift({ transactionNo: "C", status: "voided", amounts: { wms: 5_000 } }),
        gift({ transactionNo: "D", source: "pos", amounts: { ilmu: 1_000 } }),
      ],
      assessments: [],
      hauls: [],
      fasts: noFasts,
    });
    expect(row(ledger, "harta")).toMatchObject({ paid: 3_000, refunded: 3_000, assessed: null });
    expect(row(ledger, "fitrah")).toMatchObject({ paid: 1_000, refunded: 1_000 });
    expect(row(ledger, "wakaf")).toMatchObject({ paid: 1_000, refunded: 5_000, remaining: null });
  });

  it("fidyah: the log's unpaid days at the rate, plus what paid entries of it this year", () => {
    const ledger = yearLedger({
      span,
      gifts: [gift({ transactionNo: "F", amounts: { fidyah: 1_200 } })],
      assessments: [],
      hauls: [],
      fasts: { daysOwed: 5, perDay: 400, paidBy: ["F"] },
    });
    expect(row(ledger, "fidyah")).toMatchObject({ assessed: 3_200, paid: 1_200, remaining: 2_000 });
  });

  it("says by how much a kind was paid over what was assessed", () => {
    const ledger = yearLedger({
      span,
      gifts: [gift({ amounts: { harta: 50_000 } })],
      assessments: [assessment({})],
      hauls: [],
      fasts: noFasts,
    });
    expect(row(ledger, "harta")).toMatchObject({ remaining: 0, over: 10_000 });
  });
});

describe("refundShares", () => {
  it("always adds up to the refund (capped at the total), never more than an item", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom("harta", "fitrah", "fidyah"),
          fc.integer({ min: 0, max: 1e9 }),
        ),
        fc.integer({ min: 0, max: 3e9 }),
        (amounts, refunded) => {
          const shares = refundShares(amounts, refunded);
          const total = Object.values(amounts).reduce((s, v) => s + v, 0);
          const sum = Object.values(shares).reduce((s, v) => s + v, 0);
          expect(sum).toBe(Math.min(refunded, total));
          for (const [k, v] of Object.entries(shares)) expect(v).toBeLessThanOrEqual(amounts[k]!);
        },
      ),
    );
  });
});

describe("zakatBaseFor", () => {
  it("is the smallest base whose zakat reaches the amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), (zakat) => {
        const base = zakatBaseFor(zakat, 0.025);
        expect(applyRate(base, 0.025)).toBeGreaterThanOrEqual(zakat);
        expect(applyRate((base - 1) as Cents, 0.025)).toBeLessThan(zakat);
      }),
    );
  });
});
