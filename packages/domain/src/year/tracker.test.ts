import { describe, expect, it } from "vitest";
import { seedRates } from "../config.ts";
import { dollarsToCents as d } from "../money.ts";
import { nisabOn } from "./balances.ts";
import {
  HAUL_MAX_BALANCE_CENTS,
  haulEntryProblem,
  haulTracker,
  nisabHistory,
  seedNisabHistory,
  type HaulEntry,
} from "./tracker.ts";

const today = "2026-03-01";
const line = (
  id: string,
  wealth: HaulEntry["wealth"],
  date: string,
  balance: number | null,
): HaulEntry => ({
  id,
  wealth,
  kind: balance === null ? "payment" : "balance",
  date,
  balance: balance === null ? null : d(balance),
});

describe("a tracker line as the server checks it again", () => {
  it("takes a real day from 2000 up to today and whole cents from 0 to the cap", () => {
    const ok = (date: string, balance: unknown) =>
      haulEntryProblem({ kind: "balance", date, balance }, today);
    expect(ok("2026-03-01", 0)).toBeUndefined();
    expect(ok("2000-01-01", HAUL_MAX_BALANCE_CENTS)).toBeUndefined();
    expect(ok("2026-02-30", 100)).toBe("haul.dateInvalid");
    expect(ok("1-2-3", 100)).toBe("haul.dateInvalid");
    expect(ok("1999-12-31", 100)).toBe("haul.dateTooEarly");
    expect(ok("2026-03-02", 100)).toBe("haul.dateInFuture");
    expect(ok("2026-01-01", -1)).toBe("haul.balanceInvalid");
    expect(ok("2026-01-01", 10.5)).toBe("haul.balanceInvalid");
    expect(ok("2026-01-01", HAUL_MAX_BALANCE_CENTS + 1)).toBe("haul.balanceInvalid");
    expect(ok("2026-01-01", "100")).toBe("haul.balanceInvalid");
    expect(ok("2026-01-01", null)).toBe("haul.balanceInvalid");
  });

  it("takes a payment without a balance only", () => {
    expect(haulEntryProblem({ kind: "payment", date: today, balance: null }, today)).toBe(
      undefined,
    );
    expect(haulEntryProblem({ kind: "payment", date: today, balance: 5 }, today)).toBe(
      "haul.balanceNotForPayment",
    );
  });
});

describe("the nisab history from the published figures", () => {
  it("ends on the seeded rates' nisab", () => {
    expect(seedNisabHistory.at(-1)?.nisab).toBe(seedRates.nisabValue);
  });

  it("keeps the published steps and adds today's nisab from when it changed", () => {
    const history = nisabHistory(seedNisabHistory, { nisab: d(11_200), since: "2026-01-05" });
    expect(nisabOn(history, "2024-06-01")).toBe(d(8_937));
    expect(nisabOn(history, "2025-12-31")).toBe(d(10_975));
    expect(nisabOn(history, "2026-01-05")).toBe(d(11_200));
  });

  it("adds nothing when the last published step is the nisab in force", () => {
    expect(nisabHistory(seedNisabHistory, { nisab: d(10_975), since: "2026-01-05" })).toEqual(
      seedNisabHistory,
    );
  });

  it("with nothing published, the nisab in force stands for every day", () => {
    const history = nisabHistory([], { nisab: d(10_975), since: "2026-01-05" });
    expect(nisabOn(history, "2001-01-01")).toBe(d(10_975));
  });
});

describe("the tracker: each wealth on its own", () => {
  const base = { nisab: seedNisabHistory, zakatRate: 0.025, asOf: today } as const;

  it("assesses only the wealth recorded, savings and shares apart", () => {
    const tracked = haulTracker({
      ...base,
      portalPayment: null,
      entries: [
        line("1", "shares", "2025-03-10", 6_000),
        line("2", "savings", "2025-03-10", 12_000),
        line("3", "savings", "2025-07-01", 11_500),
      ],
    });
    // Savings at nisab alone; shares under it alone, though the two together would pass it.
    expect(tracked.map((t) => [t.wealth, t.haul.status, t.haul.amount])).toEqual([
      ["savings", "due", d(287.5)],
      ["shares", "none", 0],
    ]);
  });

  it("holds insurance to nisab on its own too: under it alone, at it alone", () => {
    const under = haulTracker({
      ...base,
      portalPayment: null,
      entries: [
        line("1", "insurance", "2025-03-10", 9_000),
        line("2", "savings", "2025-03-10", 9_000),
      ],
    });
    // Each under nisab ($10,975) alone, though together past it: neither is due.
    expect(under.map((t) => [t.wealth, t.haul.status])).toEqual([
      ["savings", "none"],
      ["insurance", "none"],
    ]);
    const over = haulTracker({
      ...base,
      portalPayment: null,
      entries: [line("1", "insurance", "2025-03-10", 12_000)],
    });
    expect(over.map((t) => [t.wealth, t.haul.status, t.haul.amount])).toEqual([
      ["insurance", "due", d(300)],
    ]);
  });

  it("counts from the donor's recorded payment, else their last zakat harta payment here", () => {
    const entries = [line("1", "cpf", "2025-03-10", 20_000)];
    const portal = haulTracker({ ...base, portalPayment: "2025-06-01", entries });
    expect(portal[0]).toMatchObject({
      lastPayment: { date: "2025-06-01", source: "portal" },
      haul: { start: "2025-06-01", startReason: "lastPayment", status: "running" },
    });
    const recorded = haulTracker({
      ...base,
      portalPayment: "2025-06-01",
      entries: [
        ...entries,
        line("2", "cpf", "2025-04-01", null),
        line("3", "cpf", "2025-05-01", null),
      ],
    });
    expect(recorded[0]).toMatchObject({
      lastPayment: { date: "2025-05-01", source: "recorded" },
      haul: { start: "2025-05-01", startReason: "lastPayment" },
    });
  });

  it("moves the due date when a new balance breaks the haul", () => {
    const entries = [line("1", "savings", "2025-04-01", 15_000)];
    const before = haulTracker({ ...base, portalPayment: null, entries })[0]!.haul;
    expect(before.dueDate).toBe("2026-03-22");
    const after = haulTracker({
      ...base,
      portalPayment: null,
      entries: [
        ...entries,
        line("2", "savings", "2025-08-01", 3_000),
        line("3", "savings", "2025-09-01", 15_000),
      ],
    })[0]!.haul;
    expect(after.breaks).toHaveLength(1);
    expect(after.dueDate).toBe("2026-08-22");
  });
});
