import { describe, expect, it } from "vitest";
import {
  dayNumberOf,
  hijriCalendar,
  tabularHijriOf,
  type HijriEstimator,
} from "../calendar/index.ts";
import { cents } from "../money.ts";
import { addDays } from "./days.ts";
import {
  haulsDue,
  nextRamadan,
  remindersDue,
  type ReminderClaimed,
  type ReminderInput,
} from "./reminders.ts";

const tabular: HijriEstimator = (iso) => tabularHijriOf(dayNumberOf(iso)!);
/** Singapore's published Ramadan 1447 only (design/facts.md); 1448 is estimated. */
const published = hijriCalendar([{ year: 1447, month: 9, start: "2026-02-19" }]);

const base: ReminderInput = {
  donorId: "d1",
  preferences: { haul: true, ramadan: true, lang: "en" },
  calendar: published,
  estimate: tabular,
  today: "2026-02-12",
  hauls: [],
  fidyahDaysOwed: 0,
  fidyahPerDay: cents(165),
  claimed: [],
};

const claimedOf = (due: ReturnType<typeof remindersDue>): ReminderClaimed[] =>
  due.map((d) => ({
    key: d.key,
    kind: d.kind,
    hijri: d.hijri,
    dueDate: d.dueDate,
    estimated: d.estimated,
  }));

describe("nextRamadan", () => {
  it("is the council's published 1 Ramadan, not Umm al-Qura's or the tabular one", () => {
    expect(nextRamadan(published, tabular, "2026-02-12")).toEqual({
      hijri: { year: 1447, month: 9, day: 1 },
      date: "2026-02-19",
      estimated: false,
    });
  });

  it("is next year's, estimated, once this Ramadan has begun", () => {
    const next = nextRamadan(published, tabular, "2026-02-20");
    expect(next?.hijri).toEqual({ year: 1448, month: 9, day: 1 });
    expect(next?.estimated).toBe(true);
  });
});

describe("remindersDue before Ramadan", () => {
  it("sends fitrah from 7 days before 1 Ramadan up to that day, keyed by donor, kind and day", () => {
    expect(remindersDue({ ...base, today: "2026-02-11" })).toEqual([]);
    const due = remindersDue(base);
    expect(due).toHaveLength(1);
    expect(due[0]).toMatchObject({
      key: "d1:fitrah:1447-09-01:2026-02-19",
      kind: "fitrah",
      dueDate: "2026-02-19",
      estimated: false,
      lang: "en",
    });
    expect(remindersDue({ ...base, today: "2026-02-19" })).toHaveLength(1);
  });

  it("adds fidyah with the amount owed when fasts are owed", () => {
    const due = remindersDue({ ...base, fidyahDaysOwed: 3 });
    expect(due.map((d) => d.kind)).toEqual(["fitrah", "fidyah"]);
    expect(due[1]).toMatchObject({ amount: 495, fidyahDays: 3 });
  });

  it("never sends a key already claimed (a second run the same day, or the next day)", () => {
    const first = remindersDue(base);
    const claimed = claimedOf(first);
    expect(remindersDue({ ...base, claimed })).toEqual([]);
    expect(remindersDue({ ...base, today: "2026-02-15", claimed })).toEqual([]);
  });

  it("sends nothing the donor did not opt into", () => {
    const prefs = { haul: false, ramadan: false, lang: "en" as const };
    const hauls = [{ wealth: "savings" as const, dueDate: "2026-02-20", amount: cents(500) }];
    expect(remindersDue({ ...base, preferences: prefs, hauls, fidyahDaysOwed: 2 })).toEqual([]);
  });

  it("corrects a reminder sent on an estimate the council has since moved, as the same event", () => {
    const estimated = nextRamadan(published, tabular, "2026-12-01")!.date;
    const today = addDays(estimated, -3);
    const first = remindersDue({ ...base, today });
    expect(first).toHaveLength(1);
    const sent = first[0]!;
    expect(sent.estimated).toBe(true);
    // The council publishes 1 Ramadan 1448 a day after the estimate.
    const later = addDays(sent.dueDate, 1);
    const moved = hijriCalendar([...published.months, { year: 1448, month: 9, start: later }]);
    const again = remindersDue({ ...base, today, calendar: moved, claimed: claimedOf(first) });
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({
      dueDate: later,
      movedFrom: sent.dueDate,
      estimated: false,
      eventId: sent.eventId,
      sequence: 1,
    });
    expect(again[0]!.key).not.toBe(sent.key);
    // Published on the day it was estimated: nothing more is sent.
    const kept = hijriCalendar([
      ...published.months,
      { year: 1448, month: 9, start: sent.dueDate },
    ]);
    expect(remindersDue({ ...base, today, calendar: kept, claimed: claimedOf(first) })).toEqual([]);
  });
});

describe("remindersDue before the haul's end", () => {
  const hauls = [
    { wealth: "savings" as const, dueDate: "2026-07-01", amount: cents(25_000) },
    { wealth: "shares" as const, dueDate: "2026-09-01", amount: cents(5_000) },
  ];
  const off = { ...base, preferences: { haul: true, ramadan: false, lang: "ms" as const } };

  it("sends each wealth's reminder from 14 days before its due date to that day", () => {
    expect(remindersDue({ ...off, hauls, today: "2026-06-16" })).toEqual([]);
    const due = remindersDue({ ...off, hauls, today: "2026-06-17" });
    expect(due).toEqual([
      expect.objectContaining({
        key: "d1:haul:savings:2026-07-01",
        wealth: "savings",
        amount: 25_000,
        lang: "ms",
      }),
    ]);
    expect(remindersDue({ ...off, hauls, today: "2026-07-02" })).toEqual([]);
  });
});

describe("haulsDue", () => {
  const rates = { nisab: [{ from: "2025-01-01", nisab: cents(1_000_000) }], zakatRate: 0.025 };

  it("gives the due date 355 days after the balance reached the nisab, and zakat on the lowest", () => {
    const wealth = [
      {
        wealth: "savings" as const,
        balances: [
          { date: "2025-03-01", balance: cents(2_000_000) },
          { date: "2025-06-01", balance: cents(1_200_000) },
        ],
      },
    ];
    expect(haulsDue(wealth, rates, "2026-02-01")).toEqual([
      { wealth: "savings", dueDate: "2026-02-19", amount: 30_000 },
    ]);
  });

  it("has nothing due for a haul broken below the nisab, or wealth never at nisab", () => {
    const wealth = [
      {
        wealth: "savings" as const,
        balances: [
          { date: "2025-03-01", balance: cents(2_000_000) },
          { date: "2025-12-01", balance: cents(10_000) },
        ],
      },
      { wealth: "shares" as const, balances: [{ date: "2025-03-01", balance: cents(5) }] },
      { wealth: "cpf" as const, balances: [] },
    ];
    expect(haulsDue(wealth, rates, "2026-02-01")).toEqual([]);
  });
});
