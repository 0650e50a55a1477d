import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HAUL_DAYS } from "../format/dates.ts";
import { applyRate, cents, type Cents } from "../money.ts";
import type { DatedBalance, NisabSchedule } from "./balances.ts";
import { dateOfDay, dayOf } from "./days.ts";
import {
  assessHaul,
  haulCore,
  type HaulCore,
  type HaulInput,
  type HaulStartReason,
} from "./haul.ts";

const FIRST = dayOf("2024-01-01");
const SPAN = 1_200; // a little over three years
const day = fc.integer({ min: FIRST, max: FIRST + SPAN });
const date = day.map(dateOfDay);
// Balances and nisab close together, so hauls start, break and end often; today late in the span.
const wide = fc.record({
  balances: fc.array(
    fc.record({ date, balance: fc.integer({ min: 0, max: 1_600_000 }).map(cents) }),
    { maxLength: 14 },
  ),
  nisab: fc.array(
    fc.record({ from: date, nisab: fc.integer({ min: 800_000, max: 1_300_000 }).map(cents) }),
    { minLength: 1, maxLength: 4 },
  ),
  lastPayment: fc.option(date, { nil: undefined }),
  asOf: fc.integer({ min: FIRST + 400, max: FIRST + SPAN }).map(dateOfDay),
});
// Few records held long against a nisab that moves around them, from a few figures so a balance is
// often exactly the nisab (the haul holds at the nisab itself).
const figures = fc.constantFrom(1_000_000, 1_050_000, 1_100_000, 1_150_000).map(cents);
const narrow = fc.record({
  balances: fc.array(fc.record({ date, balance: figures }), { minLength: 1, maxLength: 3 }),
  nisab: fc.array(fc.record({ from: date, nisab: figures }), { minLength: 2, maxLength: 6 }),
  lastPayment: fc.option(date, { nil: undefined }),
  asOf: fc.constant(dateOfDay(FIRST + SPAN)),
});
// A balance that rises, then a nisab that rises between the two balances within the haul: the haul
// ends with its lowest balance under the end's nisab, and the next one starts.
const risingNisab = fc
  .record({
    start: fc.integer({ min: FIRST, max: FIRST + 200 }),
    rise: fc.integer({ min: 1, max: 300 }),
    nisabRise: fc.integer({ min: 1, max: 600 }),
    low: fc.integer({ min: 1_000_000, max: 1_100_000 }),
    gap: fc.integer({ min: 2, max: 200_000 }),
    lastPayment: fc.option(fc.integer({ min: FIRST, max: FIRST + 100 }), { nil: undefined }),
  })
  .map((g) => ({
    balances: [
      { date: dateOfDay(g.start), balance: cents(g.low) },
      { date: dateOfDay(g.start + g.rise), balance: cents(g.low + g.gap) },
    ],
    nisab: [
      { from: dateOfDay(FIRST), nisab: cents(g.low - 1) },
      {
        from: dateOfDay(g.start + g.rise + g.nisabRise),
        nisab: cents(g.low + Math.floor(g.gap / 2)),
      },
    ],
    lastPayment: g.lastPayment === undefined ? undefined : dateOfDay(g.lastPayment),
    asOf: dateOfDay(FIRST + SPAN),
  }));
const input = fc.oneof(wide, narrow, risingNisab);

/** The value of dated rows on day d, as a person reads a ledger: the last row on or before d. */
const valueOn = <A>(rows: ReadonlyArray<{ day: number; value: A }>, d: number): A | undefined => {
  let best: { day: number; value: A } | undefined;
  for (const row of rows)
    if (row.day <= d && (best === undefined || row.day >= best.day)) best = row;
  return best?.value;
};

/**
 * The brute-force model, day by day and in another shape: find the first day the nisab is held, then
 * the first day it is not within 355 days (a break), else the haul's end; at the end compare the lowest
 * balance of every day of the haul with that day's nisab.
 */
const model = (i: {
  balances: ReadonlyArray<DatedBalance>;
  nisab: NisabSchedule;
  lastPayment: string | undefined;
  asOf: string;
}): HaulCore => {
  const rows = i.balances.map((b) => ({ day: dayOf(b.date), value: b.balance }));
  const steps = i.nisab.map((s) => ({ day: dayOf(s.from), value: s.nisab }));
  const earliest = Math.min(...steps.map((s) => s.day));
  const balanceOn = (d: number) => valueOn(rows, d);
  const nisabOn = (d: number): Cents => valueOn(steps, d) ?? valueOn(steps, earliest)!;
  const holds = (d: number) => {
    const b = balanceOn(d);
    return b !== undefined && b >= nisabOn(d);
  };
  const from =
    i.lastPayment !== undefined
      ? dayOf(i.lastPayment)
      : rows.length === 0
        ? undefined
        : Math.min(...rows.map((r) => r.day));
  const end = dayOf(i.asOf);
  const breaks: Array<HaulCore["breaks"][number]> = [];
  const endedBelowNisab: Array<HaulCore["endedBelowNisab"][number]> = [];
  const none = (reached: boolean): HaulCore => ({
    status: "none",
    start: null,
    startReason: null,
    lowest: null,
    breaks,
    endedBelowNisab,
    neverReachedNisab: !reached,
  });
  if (from === undefined || from > end) return none(false);
  let reached = false;
  for (let d = from; d <= end; d++) if (holds(d)) reached = true;
  const lowestOver = (a: number, b: number) => {
    let low = { day: a, balance: balanceOn(a)! };
    for (let d = a + 1; d <= b; d++)
      if (balanceOn(d)! < low.balance) low = { day: d, balance: balanceOn(d)! };
    return low;
  };
  let cursor = from;
  let afterHaul = false;
  for (;;) {
    let start = cursor;
    while (start <= end && !holds(start)) start++;
    if (start > end) return none(reached);
    const startReason: HaulStartReason =
      afterHaul && start === cursor
        ? "previousHaulEnded"
        : i.lastPayment !== undefined && start === from
          ? "lastPayment"
          : "reachedNisab";
    afterHaul = false;
    const last = Math.min(start + HAUL_DAYS, end);
    let broke = start;
    while (broke <= last && holds(broke)) broke++;
    if (broke <= last) {
      breaks.push({
        day: broke,
        balance: balanceOn(broke) ?? cents(0),
        nisab: nisabOn(broke),
        since: start,
      });
      cursor = broke;
      continue;
    }
    const lowest = lowestOver(start, last);
    const found = (status: "running" | "due"): HaulCore => ({
      status,
      start,
      startReason,
      lowest,
      breaks,
      endedBelowNisab,
      neverReachedNisab: false,
    });
    if (start + HAUL_DAYS > end) return found("running");
    const due = start + HAUL_DAYS;
    if (lowest.balance >= nisabOn(due)) return found("due");
    endedBelowNisab.push({ start, end: due, lowest: lowest.balance, nisab: nisabOn(due) });
    cursor = due;
    afterHaul = true;
  }
};

const withRate = (i: Omit<HaulInput, "wealth" | "zakatRate">): HaulInput => ({
  ...i,
  wealth: "savings",
  zakatRate: 0.025,
});

describe("haul properties (against a day-by-day model)", () => {
  it("the haul walked from change to change is the haul found day by day", () => {
    fc.assert(
      fc.property(input, (i) => {
        expect(haulCore(withRate(i))).toEqual(model(i));
      }),
      { numRuns: 300 },
    );
  });

  it("a due haul held the nisab every day for 355 days and owes the rate on its lowest balance", () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = assessHaul(withRate(i));
        if (r.status !== "due") return;
        const start = dayOf(r.start!);
        const due = dayOf(r.dueDate!);
        expect(due - start).toBe(HAUL_DAYS);
        expect(due).toBeLessThanOrEqual(dayOf(i.asOf));
        const rows = i.balances.map((b) => ({ day: dayOf(b.date), value: b.balance }));
        let lowest = Infinity;
        for (let d = start; d <= due; d++) lowest = Math.min(lowest, valueOn(rows, d)!);
        expect(r.lowest?.balance).toBe(lowest);
        expect(lowest).toBeGreaterThanOrEqual(r.nisabAtEnd!);
        expect(r.amount).toBe(applyRate(cents(lowest), 0.025));
        expect(Number.isSafeInteger(r.amount)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("a haul starts no earlier than the last payment, and every break lies inside the haul it broke", () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = assessHaul(withRate(i));
        if (r.start !== null && i.lastPayment !== undefined) {
          expect(dayOf(r.start)).toBeGreaterThanOrEqual(dayOf(i.lastPayment));
        }
        for (const b of r.breaks) {
          expect(b.balance).toBeLessThan(b.nisab);
          expect(dayOf(b.date) - dayOf(b.since)).toBeGreaterThan(0);
          expect(dayOf(b.date) - dayOf(b.since)).toBeLessThanOrEqual(HAUL_DAYS);
        }
        expect(r.amount).toBeGreaterThanOrEqual(0);
        expect(r.steps.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
