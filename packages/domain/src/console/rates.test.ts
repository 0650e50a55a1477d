import { describe, expect, it } from "vitest";
import { seedRates } from "../config.ts";
import {
  applyRateChanges,
  checkApproval,
  checkNewDraft,
  decodeRateChanges,
  diffRates,
  isDue,
  RateDraftRefused,
} from "./rates.ts";

const now = Date.UTC(2026, 10, 1);
const codeOf = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    if (error instanceof RateDraftRefused) return error.code;
    throw error;
  }
  return "none";
};

describe("rate drafts", () => {
  it("a draft changes only the rates it names, and the diff lists them against the rates in force", () => {
    const next = checkNewDraft(seedRates, { nisabValue: 1_100_000, fidyahPerDay: 450 }, now, now);
    expect(next.goldDivisor).toBe(seedRates.goldDivisor);
    expect(diffRates(seedRates, next)).toEqual([
      { field: "nisabValue", inForce: seedRates.nisabValue, drafted: 1_100_000 },
      { field: "fidyahPerDay", inForce: seedRates.fidyahPerDay, drafted: 450 },
    ]);
  });

  it("refuses a draft that changes nothing", () => {
    expect(codeOf(() => checkNewDraft(seedRates, { fidyahPerDay: 400 }, now, now))).toBe(
      "rates.unchanged",
    );
  });

  it("refuses an effective time in the past", () => {
    expect(
      codeOf(() => checkNewDraft(seedRates, { fidyahPerDay: 500 }, now - 3_600_000, now)),
    ).toBe("rates.effective_past");
  });

  it("refuses fractional cents, negative values and fields the console does not change", () => {
    expect(codeOf(() => applyRateChanges(seedRates, { fidyahPerDay: 4.5 }))).toBe("rates.invalid");
    expect(codeOf(() => applyRateChanges(seedRates, { jimakNoOfPeople: -1 }))).toBe(
      "rates.out_of_range",
    );
    expect(codeOf(() => decodeRateChanges({ zakatRate: 0.5 }))).toBe("rates.invalid");
    expect(codeOf(() => decodeRateChanges({ nisabValue: "100" }))).toBe("rates.invalid");
  });

  it("refuses zero where it makes no sense, and values past each field's upper bound", () => {
    for (const changes of [
      { nisabValue: 0 },
      { fitrahNormalRate: 0, fitrahMinAmount: 0 },
      { fidyahPerDay: 0 },
      { kaffarahPerDay: 0 },
      { jimakNoOfPeople: 0 },
      { nazarNoOfPeople: 2 ** 31 },
      { jimakNoOfPeople: 1_001 },
      { nisabValue: 1_000_000_001 },
      { fidyahPerDay: 1_000_001 },
      { fitrahMaxAmount: 2 ** 40 },
    ]) {
      expect(codeOf(() => applyRateChanges(seedRates, changes))).toBe("rates.out_of_range");
    }
    expect(applyRateChanges(seedRates, { nazarNoOfPeople: 1_000 }).nazarNoOfPeople).toBe(1_000);
    expect(applyRateChanges(seedRates, { nisabValue: 1_000_000_000 }).nisabValue).toBe(1e9);
  });

  it("keeps fitrah normal and premium inside the own-rate range", () => {
    expect(codeOf(() => applyRateChanges(seedRates, { fitrahPremiumRate: 900 }))).toBe(
      "rates.fitrah_range",
    );
    expect(
      applyRateChanges(seedRates, { fitrahPremiumRate: 900, fitrahMaxAmount: 1000 })
        .fitrahPremiumRate,
    ).toBe(900);
  });
});

describe("approval and publication", () => {
  it("the officer who drafted cannot approve; another can", () => {
    const draft = { status: "pending" as const, draftedBy: "officer-1" };
    expect(codeOf(() => checkApproval(draft, "officer-1"))).toBe("rates.own_draft");
    expect(codeOf(() => checkApproval(draft, "approver-1"))).toBe("none");
  });

  it("only a pending draft is approved", () => {
    expect(codeOf(() => checkApproval({ status: "published", draftedBy: "a" }, "b"))).toBe(
      "rates.not_pending",
    );
  });

  it("an approved draft is due at its effective time, not before", () => {
    expect(isDue({ status: "approved", effectiveAtMs: now }, now - 1)).toBe(false);
    expect(isDue({ status: "approved", effectiveAtMs: now }, now)).toBe(true);
    expect(isDue({ status: "pending", effectiveAtMs: now }, now)).toBe(false);
  });
});
