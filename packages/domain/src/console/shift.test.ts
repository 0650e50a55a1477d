import fc from "fast-check";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import {
  balanceShift,
  CASH_DENOMINATIONS,
  cashOfPieces,
  checkShiftOpening,
  expectedCash,
  shiftReportRow,
  shiftTotals,
  SHIFT_REPORT_COLUMNS,
  signOffRefusal,
  type ShiftTakings,
} from "./shift.ts";

const takings: ShiftTakings = {
  floatCents: 20_000,
  cash: { count: 3, cents: 15_050, givenBackCents: 1_000 },
  cheque: { count: 2, cents: 80_000 },
  nets: { count: 1, cents: 2_500 },
  bankTransfer: { count: 0, cents: 0 },
};
// The drawer that matches: $200 float + $150.50 taken - $10 given back = $340.50.
const matching = { "5000": 6, "1000": 4, "50": 1 };

const code = (r: Result.Result<unknown, { code: string }>) =>
  Result.isFailure(r) ? r.failure.code : "ok";

describe("opening a shift", () => {
  it("takes a mosque and a float of whole cents", () => {
    expect(checkShiftOpening({ mosqueName: " Masjid  Sultan ", floatCents: 20_000 })).toEqual(
      Result.succeed({ mosqueName: "Masjid Sultan", floatCents: 20_000 }),
    );
    expect(code(checkShiftOpening({ mosqueName: "Masjid Sultan", floatCents: 0 }))).toBe("ok");
  });

  it("refuses a float that is not whole cents, negative or above $10,000, and a blank mosque", () => {
    for (const floatCents of [-1, 1.5, "100", null, 1_000_001, Number.NaN]) {
      const opened = checkShiftOpening({ mosqueName: "Masjid Sultan", floatCents });
      expect(Result.isFailure(opened) && opened.failure.fields).toEqual(["floatCents"]);
    }
    const blank = checkShiftOpening({ mosqueName: " ", floatCents: 100 });
    expect(Result.isFailure(blank) && blank.failure.fields).toEqual(["mosqueName"]);
  });
});

describe("closing a shift", () => {
  it("expects the float plus cash taken less cash given back", () => {
    expect(expectedCash(takings)).toBe(34_050);
    expect(cashOfPieces(matching)).toBe(34_050);
  });

  it("balances without a reason when everything matches", () => {
    const balance = balanceShift(takings, {
      cash: matching,
      chequeCount: 2,
      chequeCents: 80_000,
      netsCents: 2_500,
    });
    expect(Result.isSuccess(balance) && balance.success).toMatchObject({
      differs: false,
      reason: null,
      cash: { expected: 34_050, counted: 34_050, difference: 0 },
      denominations: { "10000": 0, "5000": 6, "1000": 4, "50": 1, "5": 0 },
    });
  });

  it("a short drawer needs a reason, and shows the difference", () => {
    const short = {
      cash: { ...matching, "50": 0 },
      chequeCount: 2,
      chequeCents: 80_000,
      netsCents: 2_500,
    };
    const refused = balanceShift(takings, short);
    expect(code(refused)).toBe("shift.reasonRequired");
    expect(Result.isFailure(refused) && refused.failure.fields).toEqual(["reason"]);
    const given = balanceShift(takings, { ...short, reason: "A 50 cent coin given as change" });
    expect(Result.isSuccess(given) && given.success).toMatchObject({
      differs: true,
      reason: "A 50 cent coin given as change",
      cash: { expected: 34_050, counted: 34_000, difference: -50 },
    });
  });

  it("a missing cheque or a NETS total that differs needs a reason too", () => {
    const cheque = balanceShift(takings, {
      cash: matching,
      chequeCount: 1,
      chequeCents: 30_000,
      netsCents: 2_500,
    });
    expect(code(cheque)).toBe("shift.reasonRequired");
    const nets = balanceShift(takings, {
      cash: matching,
      chequeCount: 2,
      chequeCents: 80_000,
      netsCents: 2_600,
    });
    expect(code(nets)).toBe("shift.reasonRequired");
  });

  it("refuses a count of unknown denominations, parts of pieces, or amounts that are not whole cents", () => {
    const base = { chequeCount: 2, chequeCents: 80_000, netsCents: 2_500 };
    for (const cash of [{ "1": 3 }, { "2000": 1 }, { "100": 1.5 }, { "100": -1 }, { "100": "3" }]) {
      const counted = balanceShift(takings, { ...base, cash });
      expect(Result.isFailure(counted) && counted.failure.fields).toEqual(["cash"]);
    }
    for (const netsCents of [1.5, -1, "2500", null]) {
      const counted = balanceShift(takings, { ...base, cash: matching, netsCents });
      expect(Result.isFailure(counted) && counted.failure.fields).toEqual(["netsCents"]);
    }
  });

  it("counted cash is always the sum of its pieces, and the difference counted less expected", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), {
          minLength: CASH_DENOMINATIONS.length,
          maxLength: CASH_DENOMINATIONS.length,
        }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        (pieces, floatCents, taken) => {
          const cash = Object.fromEntries(
            CASH_DENOMINATIONS.map((cents, at) => [String(cents), pieces[at] ?? 0]),
          );
          const shift = {
            ...takings,
            floatCents,
            cash: { count: 1, cents: taken, givenBackCents: 0 },
          };
          const balance = balanceShift(shift, {
            cash,
            chequeCount: 2,
            chequeCents: 80_000,
            netsCents: 2_500,
            reason: "Counted twice",
          });
          if (!Result.isSuccess(balance)) throw new Error("refused");
          const sum = CASH_DENOMINATIONS.reduce((s, c, at) => s + c * (pieces[at] ?? 0), 0);
          expect(balance.success.cash.counted).toBe(sum);
          expect(balance.success.cash.difference).toBe(sum - floatCents - taken);
          expect(balance.success.differs).toBe(balance.success.cash.difference !== 0);
        },
      ),
    );
  });
});

describe("signing a shift off", () => {
  it("only a closed shift, only by another officer, never twice", () => {
    expect(signOffRefusal({ status: "closed", amilId: "a" }, "b")).toBeUndefined();
    expect(signOffRefusal({ status: "closed", amilId: "a" }, "a")?.code).toBe("approval.self");
    expect(signOffRefusal({ status: "open", amilId: "a" }, "b")?.code).toBe("shift.notClosed");
    expect(signOffRefusal({ status: "signed_off", amilId: "a" }, "b")?.code).toBe("shift.locked");
  });
});

describe("shift reports", () => {
  const shift = (mosqueName: string, night: string, amilId: string, difference: number) => ({
    mosqueName,
    night,
    amilId,
    amilName: `Amil ${amilId}`,
    status: "closed" as const,
    floatCents: 10_000,
    signedOffByName: null,
    takings,
    balance: {
      denominations: {},
      cash: { expected: 34_050, counted: 34_050 + difference, difference },
      chequeCount: { expected: 2, counted: 2, difference: 0 },
      chequeCents: { expected: 80_000, counted: 80_000, difference: 0 },
      netsCents: { expected: 2_500, counted: 2_500, difference: 0 },
      differs: difference !== 0,
      reason: difference ? "Short" : null,
    },
  });
  const shifts = [
    shift("Masjid Sultan", "2026-03-29", "a", -50),
    shift("Masjid Sultan", "2026-03-30", "b", 0),
    shift("Masjid Darul Aman", "2026-03-29", "a", 100),
  ];

  it("totals per mosque, per night and per amil", () => {
    expect(
      shiftTotals(shifts, "mosque").map((g) => [g.key, g.shifts, g.cashDifferenceCents]),
    ).toEqual([
      ["Masjid Darul Aman", 1, 100],
      ["Masjid Sultan", 2, -50],
    ]);
    expect(shiftTotals(shifts, "night").map((g) => [g.key, g.cashCents])).toEqual([
      ["2026-03-29", 30_100],
      ["2026-03-30", 15_050],
    ]);
    expect(shiftTotals(shifts, "amil").map((g) => [g.label, g.shifts, g.chequeCount])).toEqual([
      ["Amil a", 2, 4],
      ["Amil b", 1, 2],
    ]);
  });

  it("writes one row per shift with its columns, amounts in dollars and cents", () => {
    const row = shiftReportRow(shifts[0]!);
    expect(row).toHaveLength(SHIFT_REPORT_COLUMNS.length);
    expect(row.slice(0, 10)).toEqual([
      "2026-03-29",
      "Masjid Sultan",
      "Amil a",
      "closed",
      "100.00",
      "150.50",
      "10.00",
      "340.50",
      "340.00",
      "-0.50",
    ]);
    expect(row.at(-2)).toBe("Short");
    // A close made before the counter took PayNow has no PayNow line: none.
    expect(row[SHIFT_REPORT_COLUMNS.indexOf("PayNow (SGD)")]).toBe("0.00");
  });

  it("counts PayNow on its own line, never as cash", () => {
    const paid = { ...shifts[0]!, takings: { ...takings, paynow: { count: 2, cents: 4_150 } } };
    const [total] = shiftTotals([paid], "mosque");
    expect(total).toMatchObject({
      payNowCents: 4_150,
      cashCents: shiftTotals(shifts, "night")[1]!.cashCents,
    });
    const row = shiftReportRow(paid);
    expect(row[SHIFT_REPORT_COLUMNS.indexOf("PayNow (SGD)")]).toBe("41.50");
    expect(row[SHIFT_REPORT_COLUMNS.indexOf("Cash expected (SGD)")]).toBe("340.50");
  });
});
