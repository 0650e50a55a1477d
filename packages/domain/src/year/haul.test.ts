import { describe, expect, it } from "vitest";
import { dollarsToCents as d } from "../money.ts";
import { monthEndBalances, nisabOn, type NisabSchedule } from "./balances.ts";
import { addDays, dateOfDay, dayOf } from "./days.ts";
import { assessHaul, type HaulInput } from "./haul.ts";

// May 2024 and March 2025 figures (facts.md).
const nisab: NisabSchedule = [
  { from: "2024-05-01", nisab: d(8_937) },
  { from: "2025-03-01", nisab: d(10_975) },
];
const base = { wealth: "savings", nisab, zakatRate: 0.025 } as const;
const run = <H = never>(input: Omit<HaulInput<H>, "wealth" | "nisab" | "zakatRate">) =>
  assessHaul<H>({ ...base, ...input });
const codes = (r: { steps: ReadonlyArray<{ code: string }> }) => r.steps.map((s) => s.code);

describe("the haul of one wealth (MUIS: 355 days, lowest balance, broken below nisab)", () => {
  it("starts when the balance first reaches the nisab and is due 355 days later on the lowest balance", () => {
    const r = run({
      balances: [
        { date: "2025-03-10", balance: d(12_000) },
        { date: "2025-07-01", balance: d(11_500) },
        { date: "2025-10-01", balance: d(20_000) },
      ],
      asOf: "2026-03-01",
    });
    expect(r).toMatchObject({
      status: "due",
      start: "2025-03-10",
      startReason: "reachedNisab",
      dueDate: "2026-02-28",
      lowest: { date: "2025-07-01", balance: d(11_500) },
      nisabAtEnd: d(10_975),
      amount: d(287.5),
      breaks: [],
    });
    expect(codes(r)).toEqual([
      "haul.startedAtNisab",
      "haul.lowest",
      "haul.dueDate",
      "haul.amountDue",
    ]);
    expect(r.steps.at(-1)?.figures).toEqual([
      { key: "lowest", value: d(11_500), unit: "cents" },
      { key: "nisab", value: d(10_975), unit: "cents" },
      { key: "zakatRate", value: 0.025, unit: "rate" },
      { key: "amount", value: d(287.5), unit: "cents" },
    ]);
  });

  it("a fall below the nisab breaks the haul; it starts again when the balance reaches it", () => {
    const r = run({
      balances: [
        { date: "2025-03-10", balance: d(12_000) },
        { date: "2025-05-01", balance: d(9_000) },
        { date: "2025-06-01", balance: d(15_000) },
      ],
      asOf: "2025-12-01",
    });
    expect(r).toMatchObject({
      status: "running",
      start: "2025-06-01",
      startReason: "reachedNisab",
      dueDate: "2026-05-22",
      lowest: { date: "2025-06-01", balance: d(15_000) },
      breaks: [{ date: "2025-05-01", balance: d(9_000), nisab: d(10_975), since: "2025-03-10" }],
      amount: d(375),
    });
    expect(codes(r)).toEqual([
      "haul.broken",
      "haul.startedAtNisab",
      "haul.lowest",
      "haul.dueDate",
      "haul.amountExpected",
    ]);
  });

  it("is counted from the last zakat payment on that wealth when the balance then holds the nisab", () => {
    const balances = [{ date: "2024-06-01", balance: d(30_000) }];
    const r = run({ balances, lastPayment: "2025-03-01", asOf: "2025-04-01" });
    expect(r).toMatchObject({ status: "running", start: "2025-03-01", startReason: "lastPayment" });
    expect(r.dueDate).toBe("2026-02-19");
    expect(codes(r)[0]).toBe("haul.startedAtPayment");
    // Below the nisab at the payment: the haul waits until the balance reaches it.
    const low = run({
      balances: [
        { date: "2024-06-01", balance: d(5_000) },
        { date: "2025-05-15", balance: d(11_000) },
      ],
      lastPayment: "2025-03-01",
      asOf: "2025-06-01",
    });
    expect(low).toMatchObject({ start: "2025-05-15", startReason: "reachedNisab" });
  });

  it("the nisab that counts is the one in force at the haul's end", () => {
    // $10,000 reaches the May 2024 nisab ($8,937) but not the March 2025 one ($10,975).
    const r = run({ balances: [{ date: "2024-06-01", balance: d(10_000) }], asOf: "2025-02-01" });
    expect(r).toMatchObject({
      status: "running",
      start: "2024-06-01",
      dueDate: "2025-05-22",
      nisabAtEnd: d(10_975),
      amount: 0,
    });
    expect(codes(r).at(-1)).toBe("haul.lowestBelowNisabAtEnd");
    // Once the March nisab is in force the balance is below it: the haul breaks.
    const later = run({
      balances: [{ date: "2024-06-01", balance: d(10_000) }],
      asOf: "2025-06-01",
    });
    expect(later).toMatchObject({ status: "none", start: null });
    expect(later.breaks).toEqual([
      { date: "2025-03-01", balance: d(10_000), nisab: d(10_975), since: "2024-06-01" },
    ]);
    expect(codes(later)).toEqual(["haul.broken", "haul.waitingForNisab"]);
  });

  it("a haul whose lowest balance misses the end's nisab owes nothing, and the next starts that day", () => {
    const schedule: NisabSchedule = [
      { from: "2024-01-01", nisab: d(9_000) },
      { from: "2024-12-01", nisab: d(11_000) },
    ];
    const r = assessHaul({
      ...base,
      nisab: schedule,
      balances: [
        { date: "2024-01-01", balance: d(10_000) },
        { date: "2024-11-20", balance: d(12_000) },
      ],
      asOf: "2025-01-01",
    });
    expect(r.endedBelowNisab).toEqual([
      { start: "2024-01-01", end: "2024-12-21", lowest: d(10_000), nisab: d(11_000) },
    ]);
    expect(r).toMatchObject({
      status: "running",
      start: "2024-12-21",
      startReason: "previousHaulEnded",
    });
    expect(codes(r).slice(0, 2)).toEqual(["haul.endedBelowNisab", "haul.startedAfterHaul"]);
  });

  it("gives the due date in Hijri through the calendar the caller passes", () => {
    const seen: string[] = [];
    const r = run({
      balances: [{ date: "2025-03-10", balance: d(12_000) }],
      asOf: "2025-04-01",
      hijri: (date) => {
        seen.push(date);
        return { year: 1447, month: 9, day: 1 };
      },
    });
    expect(seen).toEqual(["2026-02-28"]);
    expect(r.dueDateHijri).toEqual({ year: 1447, month: 9, day: 1 });
    expect(run({ balances: [], asOf: "2025-04-01", hijri: () => 1 }).dueDateHijri).toBeNull();
  });

  it("explains why no haul runs: nothing recorded, never at the nisab", () => {
    const none = run({ balances: [], asOf: "2025-04-01" });
    expect(none).toMatchObject({ status: "none", amount: 0, dueDate: null });
    expect(codes(none)).toEqual(["haul.nothingRecorded"]);
    const below = run({ balances: [{ date: "2025-03-10", balance: d(500) }], asOf: "2025-04-01" });
    expect(codes(below)).toEqual(["haul.neverReachedNisab"]);
    expect(below.steps[0]?.figures).toEqual([
      { key: "nisab", value: d(10_975), unit: "cents" },
      { key: "asOf", value: "2025-04-01", unit: "date" },
    ]);
    // A record after today does not count yet.
    expect(
      run({ balances: [{ date: "2025-05-01", balance: d(50_000) }], asOf: "2025-04-01" }).status,
    ).toBe("none");
  });

  it("of two records on one date the later one given counts", () => {
    const r = run({
      balances: [
        { date: "2025-03-10", balance: d(50_000) },
        { date: "2025-03-10", balance: d(12_000) },
      ],
      asOf: "2025-04-01",
    });
    expect(r.lowest?.balance).toBe(d(12_000));
  });
});

describe("balances and dates", () => {
  it("month-end balances stand on each month's last day", () => {
    expect(
      monthEndBalances([
        { month: "2024-02", balance: d(1) },
        { month: "2025-02", balance: d(2) },
        { month: "2025-04", balance: d(3) },
      ]).map((b) => b.date),
    ).toEqual(["2024-02-29", "2025-02-28", "2025-04-30"]);
    expect(() => monthEndBalances([{ month: "2025-13", balance: d(1) }])).toThrow(RangeError);
    expect(() => monthEndBalances([{ month: "May 2025", balance: d(1) }])).toThrow(RangeError);
  });

  it("the nisab on a date is the latest step from on or before it, the earliest before any", () => {
    expect(nisabOn(nisab, "2025-02-28")).toBe(d(8_937));
    expect(nisabOn(nisab, "2025-03-01")).toBe(d(10_975));
    expect(nisabOn(nisab, "2020-01-01")).toBe(d(8_937));
    expect(() => nisabOn([], "2025-03-01")).toThrow(RangeError);
  });

  it("day numbers count calendar days and refuse what is not a date", () => {
    expect(dayOf("1970-01-02")).toBe(1);
    expect(dateOfDay(dayOf("2024-02-29"))).toBe("2024-02-29");
    expect(addDays("2025-03-10", 355)).toBe("2026-02-28");
    expect(() => dayOf("2025-02-30")).toThrow(RangeError);
    expect(() => dayOf("10/03/2025")).toThrow(RangeError);
  });
});
