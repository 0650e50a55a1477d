import { Effect } from "effect";
import {
  csvLine,
  SHIFT_REPORT_COLUMNS,
  shiftReportRow,
  shiftTotals,
  type ShiftCountInput,
  type ShiftGrouping,
} from "@portal/domain";
import type { ShiftFilter } from "@portal/adapters/db";
import { recorded, refuse } from "../refused";
import { mayAct, type Officer } from "./officer";
import { AuditLog, CounterShifts } from "./ports";

// The counter's shifts (issue 32, docs/console-operations.md): an amil opens a shift at a mosque with
// a float, records the counter's receipts within it, closes it with the count by denomination; an
// approver (never the amil) signs it off and it is locked. Reports per mosque, night and amil.

/** An amil opens a shift at a mosque with a cash float (whole cents). */
export const openShift = (input: { readonly mosqueName: string; readonly floatCents: number }) =>
  Effect.gen(function* () {
    const amil = yield* mayAct("counter.shift.open");
    const shifts = yield* CounterShifts;
    return yield* recorded(() => shifts.open(input, amil));
  });

/** The officer's own open shift with its receipts, or null: what the counter page starts from. */
export const myShift = () =>
  Effect.gen(function* () {
    const amil = yield* mayAct("counter.record");
    const shifts = yield* CounterShifts;
    const open = yield* recorded(() => shifts.current(amil.id));
    if (!open) return null;
    return (yield* recorded(() => shifts.get(open.id))) ?? null;
  });

/** One shift, its receipts and its close. */
export const viewShift = (id: string) =>
  Effect.gen(function* () {
    yield* mayAct("counter.shifts.view");
    const shifts = yield* CounterShifts;
    const found = yield* recorded(() => shifts.get(id));
    if (!found) return yield* refuse("shift.notFound", "No such shift.");
    return found;
  });

/** The amil closes their shift with the count; a difference needs a reason. */
export const closeShift = (id: string, count: ShiftCountInput) =>
  Effect.gen(function* () {
    const amil = yield* mayAct("counter.shift.close");
    const shifts = yield* CounterShifts;
    return yield* recorded(() => shifts.close(id, count, amil));
  });

/** An approver, never the shift's amil, signs a closed shift off: it is locked from then on. */
export const signOffShift = (id: string) =>
  Effect.gen(function* () {
    const approver = yield* mayAct("counter.shift.approve");
    const shifts = yield* CounterShifts;
    return yield* recorded(() => shifts.signOff(id, approver));
  });

/** The shifts of a range of nights, and their totals per mosque, night or amil. */
export const shiftReport = (filter: ShiftFilter, by: ShiftGrouping) =>
  Effect.gen(function* () {
    yield* mayAct("counter.shifts.view");
    const shifts = yield* CounterShifts;
    const found = yield* recorded(() => shifts.list(filter));
    return { shifts: found, totals: shiftTotals(found, by), by };
  });

/** The same shifts as CSV, one row per shift; the download is audited with its filter. */
export const shiftReportCsv = (filter: ShiftFilter) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("counter.shifts.view");
    const shifts = yield* CounterShifts;
    const found = yield* recorded(() => shifts.list(filter));
    const log = yield* AuditLog;
    yield* recorded(() =>
      log.write({
        officer,
        action: "counter.shifts.export",
        entity: "counter_shift",
        entityId: "csv",
        before: null,
        after: { filter, rows: found.length },
      }),
    );
    return [SHIFT_REPORT_COLUMNS, ...found.map(shiftReportRow)].map(csvLine).join("");
  });

/** Every service the shifts' use cases ask for. */
export type ShiftServices = Officer | CounterShifts | AuditLog;
