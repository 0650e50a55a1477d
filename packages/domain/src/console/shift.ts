import { Result } from "effect";
import { domainError, type DomainError } from "../errors.ts";
import { checkReason } from "./reason.ts";

/**
 * A counter shift (issue 32): an amil opens it at a mosque with a cash float, records the payments
 * taken within it, and closes it with a count of the cash drawer by denomination and of the cheques
 * and NETS slips; the close shows what was expected against what was counted, and any difference
 * needs a reason before an approver (another officer) signs the shift off. Pure rules, in cents.
 */

/**
 * The Singapore notes and coins a counter's drawer is counted in, in cents, largest first: the $100,
 * $50, $10, $5 and $2 notes and the $1, 50, 20, 10 and 5 cent coins (the currency MAS issues for
 * everyday use; the $1,000 and $10,000 notes are no longer issued and 1 cent coins are out of use).
 */
export const CASH_DENOMINATIONS = [10_000, 5_000, 1_000, 500, 200, 100, 50, 20, 10, 5] as const;
export type CashDenomination = (typeof CASH_DENOMINATIONS)[number];

/** The largest float a shift opens with: $10,000. */
export const MAX_FLOAT_CENTS = 1_000_000;
/** The most pieces of one denomination a drawer holds, or cheques a shift takes. */
export const MAX_PIECES = 100_000;
/** The largest total an amil counts for cheques or NETS: $10,000,000. */
export const MAX_COUNTED_CENTS = 1_000_000_000;

export type ShiftField =
  "floatCents" | "mosqueName" | "cash" | "chequeCount" | "chequeCents" | "netsCents" | "reason";

export type ShiftError = DomainError<"ShiftRefused", "shift.invalid" | "shift.reasonRequired"> & {
  readonly fields: ReadonlyArray<ShiftField>;
};

const refused = (
  code: ShiftError["code"],
  message: string,
  fields: ReadonlyArray<ShiftField>,
): ShiftError => ({ ...domainError("ShiftRefused", code, message), fields });

const wholeBetween = (value: unknown, min: number, max: number): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= min && value <= max;

/** A shift as it opens: at a mosque (3 to 80 characters, no markup), with a float in whole cents. */
export const checkShiftOpening = (input: {
  readonly mosqueName: string;
  readonly floatCents: unknown;
}): Result.Result<{ mosqueName: string; floatCents: number }, ShiftError> => {
  const wrong: ShiftField[] = [];
  const mosqueName = input.mosqueName.replace(/\s+/g, " ").trim();
  if (mosqueName.length < 3 || mosqueName.length > 80 || /[<>]/.test(mosqueName))
    wrong.push("mosqueName");
  if (!wholeBetween(input.floatCents, 0, MAX_FLOAT_CENTS)) wrong.push("floatCents");
  if (wrong.length > 0)
    return Result.fail(
      refused(
        "shift.invalid",
        `Check ${wrong.join(", ")}: a mosque name and a float of whole cents from 0 to ${MAX_FLOAT_CENTS}.`,
        wrong,
      ),
    );
  return Result.succeed({ mosqueName, floatCents: input.floatCents as number });
};

/** What a shift took, as its records say: per method, how many and how much; cash given back. */
export interface ShiftTakings {
  readonly floatCents: number;
  readonly cash: {
    readonly count: number;
    readonly cents: number;
    readonly givenBackCents: number;
  };
  readonly cheque: { readonly count: number; readonly cents: number };
  readonly nets: { readonly count: number; readonly cents: number };
  readonly bankTransfer: { readonly count: number; readonly cents: number };
  /**
   * PayNow taken at the counter (paid to the council's account, never in the drawer: not cash).
   * Absent in a close made before the counter took PayNow: none.
   */
  readonly paynow?: { readonly count: number; readonly cents: number };
}

/** What the amil counted at the close: the drawer by denomination, the cheques, the NETS slips. */
export interface ShiftCountInput {
  /** Pieces of each denomination, keyed by its cents (`"10000"`, ... `"5"`); absent is none. */
  readonly cash: Readonly<Record<string, unknown>>;
  readonly chequeCount: unknown;
  readonly chequeCents: unknown;
  readonly netsCents: unknown;
  readonly reason?: string | undefined;
}

export interface ShiftLine {
  readonly expected: number;
  readonly counted: number;
  /** Counted less expected: below zero is short, above is over. */
  readonly difference: number;
}

/** A shift's close: expected against counted for cash, cheques and NETS, and the reason given. */
export interface ShiftBalance {
  /** Pieces counted per denomination (every denomination, zero where none). */
  readonly denominations: Readonly<Record<string, number>>;
  readonly cash: ShiftLine;
  readonly chequeCount: ShiftLine;
  readonly chequeCents: ShiftLine;
  readonly netsCents: ShiftLine;
  /** Whether any line differs (a reason is then required). */
  readonly differs: boolean;
  readonly reason: string | null;
}

/** The cash a drawer should hold: the float, plus cash taken, less cash given back. */
export const expectedCash = (takings: ShiftTakings): number =>
  takings.floatCents + takings.cash.cents - takings.cash.givenBackCents;

/** The drawer's total from its pieces per denomination. */
export const cashOfPieces = (pieces: Readonly<Record<string, number>>): number =>
  CASH_DENOMINATIONS.reduce((sum, cents) => sum + cents * (pieces[String(cents)] ?? 0), 0);

const line = (expected: number, counted: number): ShiftLine => ({
  expected,
  counted,
  difference: counted - expected,
});

/**
 * Balance a shift: the count checked (whole pieces of real denominations, whole cents), each line's
 * expected against counted, and a reason (3 to 500 characters) required when any line differs.
 */
export const balanceShift = (
  takings: ShiftTakings,
  count: ShiftCountInput,
): Result.Result<ShiftBalance, ShiftError> => {
  const wrong: ShiftField[] = [];
  const denominations: Record<string, number> = {};
  const known = new Set(CASH_DENOMINATIONS.map(String));
  const cash = count.cash as Readonly<Record<string, unknown>> | null;
  if (typeof cash !== "object" || cash === null || Array.isArray(cash)) wrong.push("cash");
  else {
    for (const [denomination, pieces] of Object.entries(cash)) {
      if (!known.has(denomination) || !wholeBetween(pieces, 0, MAX_PIECES)) {
        if (!wrong.includes("cash")) wrong.push("cash");
      }
    }
    for (const denomination of CASH_DENOMINATIONS) {
      const pieces = cash[String(denomination)];
      denominations[String(denomination)] = wholeBetween(pieces, 0, MAX_PIECES) ? pieces : 0;
    }
  }
  if (!wholeBetween(count.chequeCount, 0, MAX_PIECES)) wrong.push("chequeCount");
  if (!wholeBetween(count.chequeCents, 0, MAX_COUNTED_CENTS)) wrong.push("chequeCents");
  if (!wholeBetween(count.netsCents, 0, MAX_COUNTED_CENTS)) wrong.push("netsCents");
  if (wrong.length > 0)
    return Result.fail(
      refused(
        "shift.invalid",
        `Check ${wrong.join(", ")}: whole pieces of ${CASH_DENOMINATIONS.join(", ")} cents, whole cents and counts.`,
        wrong,
      ),
    );
  const balance = {
    denominations,
    cash: line(expectedCash(takings), cashOfPieces(denominations)),
    chequeCount: line(takings.cheque.count, count.chequeCount as number),
    chequeCents: line(takings.cheque.cents, count.chequeCents as number),
    netsCents: line(takings.nets.cents, count.netsCents as number),
  };
  const differs = [balance.cash, balance.chequeCount, balance.chequeCents, balance.netsCents].some(
    (one) => one.difference !== 0,
  );
  const text = (count.reason ?? "").trim();
  if (!differs) {
    // A reason given for a shift that balances is kept (a note), if it is a valid one.
    const note = text === "" ? null : checkReason(text);
    if (note && Result.isFailure(note))
      return Result.fail(refused("shift.invalid", note.failure.message, ["reason"]));
    return Result.succeed({ ...balance, differs, reason: note ? note.success : null });
  }
  const reason = checkReason(text);
  if (Result.isFailure(reason))
    return Result.fail(
      refused(
        "shift.reasonRequired",
        text === ""
          ? "The count differs from what was expected: give the reason."
          : reason.failure.message,
        ["reason"],
      ),
    );
  return Result.succeed({ ...balance, differs, reason: reason.success });
};

export type ShiftStatus = "open" | "closed" | "signed_off";

/** Why an approver may not sign a shift off, or undefined when they may. */
export const signOffRefusal = (
  shift: { readonly status: ShiftStatus; readonly amilId: string },
  approverId: string,
):
  | {
      readonly code: "shift.notClosed" | "shift.locked" | "approval.self";
      readonly message: string;
    }
  | undefined => {
  if (shift.status === "signed_off")
    return { code: "shift.locked", message: "This shift is signed off: nothing in it changes." };
  if (shift.status !== "closed")
    return { code: "shift.notClosed", message: "Close the shift with its count first." };
  if (shift.amilId === approverId)
    return {
      code: "approval.self",
      message: "Another officer signs off a shift, not the amil who ran it.",
    };
  return undefined;
};

/** A shift as a report reads it (the records' shift, its close if closed). */
export interface ReportedShift {
  readonly mosqueName: string;
  readonly amilId: string;
  readonly amilName: string;
  readonly night: string;
  readonly status: ShiftStatus;
  readonly takings: ShiftTakings;
  readonly balance: ShiftBalance | null;
}

export type ShiftGrouping = "mosque" | "night" | "amil";
export const SHIFT_GROUPINGS: ReadonlyArray<ShiftGrouping> = ["mosque", "night", "amil"];

/** One group's totals: its shifts, what they took per method, and the closed ones' cash difference. */
export interface ShiftTotals {
  readonly key: string;
  /** What the key names for people (the amil's name for an amil). */
  readonly label: string;
  readonly shifts: number;
  readonly open: number;
  readonly cashCents: number;
  readonly cashGivenBackCents: number;
  readonly chequeCount: number;
  readonly chequeCents: number;
  readonly netsCents: number;
  readonly bankTransferCents: number;
  readonly payNowCents: number;
  /** The closed shifts' cash counted less expected (short below zero). */
  readonly cashDifferenceCents: number;
}

/** Shifts totalled per mosque, per night or per amil, in the key's order. */
export const shiftTotals = (
  shifts: ReadonlyArray<ReportedShift>,
  by: ShiftGrouping,
): ReadonlyArray<ShiftTotals> => {
  const groups = new Map<string, ShiftTotals>();
  for (const shift of shifts) {
    const key = by === "mosque" ? shift.mosqueName : by === "night" ? shift.night : shift.amilId;
    const label = by === "amil" ? shift.amilName : key;
    const was = groups.get(key) ?? {
      key,
      label,
      shifts: 0,
      open: 0,
      cashCents: 0,
      cashGivenBackCents: 0,
      chequeCount: 0,
      chequeCents: 0,
      netsCents: 0,
      bankTransferCents: 0,
      payNowCents: 0,
      cashDifferenceCents: 0,
    };
    const { takings } = shift;
    groups.set(key, {
      ...was,
      shifts: was.shifts + 1,
      open: was.open + (shift.status === "open" ? 1 : 0),
      cashCents: was.cashCents + takings.cash.cents,
      cashGivenBackCents: was.cashGivenBackCents + takings.cash.givenBackCents,
      chequeCount: was.chequeCount + takings.cheque.count,
      chequeCents: was.chequeCents + takings.cheque.cents,
      netsCents: was.netsCents + takings.nets.cents,
      bankTransferCents: was.bankTransferCents + takings.bankTransfer.cents,
      payNowCents: was.payNowCents + (takings.paynow?.cents ?? 0),
      cashDifferenceCents: was.cashDifferenceCents + (shift.balance?.cash.difference ?? 0),
    });
  }
  return [...groups.values()].sort((a, b) => a.key.localeCompare(b.key));
};

/** The shift report's CSV columns (one row per shift; amounts in dollars and cents). */
export const SHIFT_REPORT_COLUMNS = [
  "Night (Singapore)",
  "Mosque",
  "Amil",
  "Status",
  "Float (SGD)",
  "Cash taken (SGD)",
  "Cash given back (SGD)",
  "Cash expected (SGD)",
  "Cash counted (SGD)",
  "Cash difference (SGD)",
  "Cheques expected",
  "Cheques counted",
  "Cheque total expected (SGD)",
  "Cheque total counted (SGD)",
  "NETS expected (SGD)",
  "NETS counted (SGD)",
  "Bank transfers (SGD)",
  "PayNow (SGD)",
  "Reason",
  "Signed off by",
] as const;

const money = (cents: number) => {
  const sign = cents < 0 ? "-" : "";
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
};

/** One shift as a row of `SHIFT_REPORT_COLUMNS`; a shift still open has no counted figures. */
export const shiftReportRow = (
  shift: ReportedShift & { readonly floatCents: number; readonly signedOffByName: string | null },
): ReadonlyArray<string> => {
  const { takings, balance } = shift;
  const counted = (value: number | undefined, asMoney = true) =>
    value === undefined ? "" : asMoney ? money(value) : String(value);
  return [
    shift.night,
    shift.mosqueName,
    shift.amilName,
    shift.status,
    money(shift.floatCents),
    money(takings.cash.cents),
    money(takings.cash.givenBackCents),
    money(expectedCash(takings)),
    counted(balance?.cash.counted),
    counted(balance?.cash.difference),
    String(takings.cheque.count),
    counted(balance?.chequeCount.counted, false),
    money(takings.cheque.cents),
    counted(balance?.chequeCents.counted),
    money(takings.nets.cents),
    counted(balance?.netsCents.counted),
    money(takings.bankTransfer.cents),
    money(takings.paynow?.cents ?? 0),
    balance?.reason ?? "",
    shift.signedOffByName ?? "",
  ];
};
