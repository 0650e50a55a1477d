import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dayNumberOf,
  gregorianOf,
  hijriCalendar,
  tabularHijriOf,
  type HijriCalendar,
  type HijriEstimator,
} from "../calendar/index.ts";
import { cents } from "../money.ts";
import { addDays, dayOf } from "./days.ts";
import { assessHaul } from "./haul.ts";
import {
  haulsDue,
  REMINDER_LEAD_DAYS,
  remindersDue,
  type HaulDue,
  type ReminderClaimed,
} from "./reminders.ts";

const tabular: HijriEstimator = (iso) => tabularHijriOf(dayNumberOf(iso)!);
const FIRST = "2026-12-01";
const DAYS = 120; // through Ramadan 1448 (about 8 February 2027)
const RAMADAN_1448 = { year: 1448, month: 9, day: 1 };

const scenario = fc.record({
  hauls: fc.uniqueArray(
    fc.record({
      wealth: fc.constantFrom(
        "savings" as const,
        "shares" as const,
        "insurance" as const,
        "cpf" as const,
      ),
      offset: fc.integer({ min: 0, max: DAYS - 1 }),
      amount: fc.integer({ min: 1, max: 1_000_000 }),
    }),
    { selector: (h) => h.wealth },
  ),
  fidyahDaysOwed: fc.integer({ min: 0, max: 30 }),
  // The council publishes 1 Ramadan 1448 on some day of the run (or never), at the estimate or a day off.
  // (often in the week before it, when a reminder sent on the estimate may already be out)
  publishOn: fc.option(
    fc.oneof(fc.integer({ min: 60, max: 72 }), fc.integer({ min: 0, max: DAYS - 1 })),
    { nil: undefined },
  ),
  shift: fc.integer({ min: -1, max: 1 }),
  // Days the job did not run (a crash, an outage).
  skipped: fc.uniqueArray(fc.integer({ min: 0, max: DAYS - 1 }), { maxLength: 40 }),
  lang: fc.constantFrom("en" as const, "ms" as const),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** The daily job over the run: every due reminder is claimed (sent) the day it is due. */
const simulate = (s: Scenario) => {
  const published1447 = [{ year: 1447, month: 9, start: "2026-02-19" }];
  const estimated = gregorianOf(hijriCalendar(published1447), RAMADAN_1448, tabular)!.date;
  const publishedDay = addDays(estimated, s.shift);
  const calendarOn = (i: number): HijriCalendar =>
    hijriCalendar(
      s.publishOn !== undefined && i >= s.publishOn
        ? [...published1447, { year: 1448, month: 9, start: publishedDay }]
        : published1447,
    );
  const hauls: HaulDue[] = s.hauls.map((h) => ({
    wealth: h.wealth,
    dueDate: addDays(FIRST, h.offset),
    amount: cents(h.amount),
  }));
  const claimed: Array<ReminderClaimed & { sentOn: string; movedFrom?: string | undefined }> = [];
  for (let i = 0; i < DAYS; i++) {
    if (s.skipped.includes(i)) continue;
    const today = addDays(FIRST, i);
    const due = remindersDue({
      donorId: "d",
      preferences: { haul: true, ramadan: true, lang: s.lang },
      calendar: calendarOn(i),
      estimate: tabular,
      today,
      hauls,
      fidyahDaysOwed: s.fidyahDaysOwed,
      fidyahPerDay: cents(165),
      claimed,
    });
    for (const d of due) {
      claimed.push({
        key: d.key,
        kind: d.kind,
        hijri: d.hijri,
        dueDate: d.dueDate,
        estimated: d.estimated,
        sentOn: today,
        movedFrom: d.movedFrom,
      });
    }
  }
  return { claimed, hauls, calendarOn, publishedDay };
};

describe("remindersDue over a run of days", () => {
  it("sends each key once, on a day before or on its due day, and only what was opted into", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { claimed } = simulate(s);
        const keys = claimed.map((c) => c.key);
        expect(new Set(keys).size).toBe(keys.length);
        for (const c of claimed) {
          if (c.movedFrom === undefined) {
            expect(dayOf(c.dueDate) - dayOf(c.sentOn)).toBeGreaterThanOrEqual(0);
          }
          expect(c.key.startsWith(`d:${c.kind}:`)).toBe(true);
          if (c.kind === "fidyah") expect(s.fidyahDaysOwed).toBeGreaterThan(0);
        }
      }),
    );
  });

  it("sends every haul's reminder once when the job ran on some day of its window", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { claimed, hauls } = simulate(s);
        for (const haul of hauls) {
          const sent = claimed.filter((c) => c.kind === "haul" && c.dueDate === haul.dueDate);
          const windowDays = Array.from({ length: DAYS }, (_, i) => i).filter((i) => {
            const gap = dayOf(haul.dueDate) - dayOf(addDays(FIRST, i));
            return gap >= 0 && gap <= REMINDER_LEAD_DAYS.haul && !s.skipped.includes(i);
          });
          const key = `d:haul:${haul.wealth}:${haul.dueDate}`;
          expect(sent.filter((c) => c.key === key)).toHaveLength(windowDays.length > 0 ? 1 : 0);
        }
      }),
    );
  });

  it("never leaves the last Ramadan reminder on a day the council's calendar has since moved", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { claimed, calendarOn, publishedDay } = simulate(s);
        const final = calendarOn(DAYS - 1);
        const ramadan = gregorianOf(final, RAMADAN_1448, tabular)!.date;
        for (const kind of ["fitrah", "fidyah"] as const) {
          const sent = claimed.filter((c) => c.kind === kind);
          const last = sent.at(-1);
          if (!last) continue;
          // Published while the job still ran after it: the last mail names the published day.
          // (on or before the published 1 Ramadan: after it, the next Ramadan is another year's)
          const ranAfter = Array.from({ length: DAYS }, (_, i) => i).some(
            (i) =>
              s.publishOn !== undefined &&
              i >= s.publishOn &&
              !s.skipped.includes(i) &&
              dayOf(addDays(FIRST, i)) <= dayOf(publishedDay),
          );
          if (s.publishOn !== undefined && ranAfter) {
            expect(last.dueDate).toBe(publishedDay);
            expect(last.dueDate).toBe(ramadan);
          }
          // A correction is sent only when the day moved, once per move.
          expect(sent.filter((c) => c.movedFrom !== undefined).length).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
});

describe("haulsDue", () => {
  const on = (offset: number) => addDays("2024-01-01", offset);
  it("gives each wealth's due date and amount as assessHaul does, when zakat is due at the end", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 900 }),
            balance: fc.integer({ min: 0, max: 1_600_000 }),
          }),
          { maxLength: 10 },
        ),
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 900 }),
            nisab: fc.integer({ min: 800_000, max: 1_300_000 }),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        fc.option(fc.integer({ min: 0, max: 900 }), { nil: undefined }),
        fc.integer({ min: 300, max: 1_000 }),
        (rows, steps, paid, asOf) => {
          const balances = rows.map((r) => ({ date: on(r.day), balance: cents(r.balance) }));
          const nisab = steps.map((s) => ({ from: on(s.day), nisab: cents(s.nisab) }));
          const lastPayment = paid === undefined ? undefined : on(paid);
          const today = on(asOf);
          const full = assessHaul({
            wealth: "savings",
            balances,
            lastPayment,
            nisab,
            zakatRate: 0.025,
            asOf: today,
          });
          const found = haulsDue(
            [{ wealth: "savings", balances, lastPayment }],
            { nisab, zakatRate: 0.025 },
            today,
          );
          if (full.status === "none" || full.amount === 0) expect(found).toEqual([]);
          else
            expect(found).toEqual([
              { wealth: "savings", dueDate: full.dueDate, amount: full.amount },
            ]);
        },
      ),
    );
  });
});
