import { describe, expect, it } from "vitest";
import { seedRates, type RateConfig } from "./config.ts";
import { dollarsToCents } from "./money.ts";
import {
  changedRates,
  checkSession,
  ensureSessionToken,
  flowChangeResets,
  isRateChange,
  isStaleTransaction,
  TOKEN_LIFE_MS,
} from "./session.ts";

const now = 1_700_000_000_000;

describe("session rules", () => {
  it("creates a token only when absent, expiring in 30 minutes", () => {
    const s = ensureSessionToken(null, now, "t1");
    expect(s).toEqual({ token: "t1", expiresAt: now + 30 * 60 * 1000, extended: false });
    expect(ensureSessionToken(s, now + 5, "t2")).toBe(s);
  });

  it("expires at the deadline, extending once for a recurring redirect", () => {
    const s = ensureSessionToken(undefined, now, "t");
    expect(checkSession(s, now + TOKEN_LIFE_MS - 1, false)._tag).toBe("Active");
    expect(checkSession(s, now + TOKEN_LIFE_MS, false)._tag).toBe("Expired");
    const ext = checkSession(s, now + TOKEN_LIFE_MS, true);
    expect(ext._tag).toBe("Extended");
    if (ext._tag !== "Extended") return;
    expect(ext.session.expiresAt).toBe(now + 2 * TOKEN_LIFE_MS);
    expect(checkSession(ext.session, now + 2 * TOKEN_LIFE_MS, true)._tag).toBe("Expired");
  });

  it("treats a transaction older than 30 minutes as stale", () => {
    expect(isStaleTransaction(now - TOKEN_LIFE_MS - 1, now)).toBe(true);
    expect(isStaleTransaction(now - TOKEN_LIFE_MS, now)).toBe(false);
    expect(isStaleTransaction(null, now)).toBe(false);
  });

  it("counts nisab, fitrah, fidyah, kaffarah and people changes as rate changes, nothing else", () => {
    expect(isRateChange(seedRates, { ...seedRates, nisabValue: dollarsToCents(11_000) })).toBe(
      true,
    );
    expect(
      changedRates(seedRates, {
        ...seedRates,
        jimakNoOfPeople: 61,
        fidyahPerDay: dollarsToCents(5),
      }),
    ).toEqual(["fidyahPerDay", "jimakNoOfPeople"]);
    const otherCosts: RateConfig = { ...seedRates, goldRate: 1, maxFidyahLimit: dollarsToCents(1) };
    expect(isRateChange(seedRates, otherCosts)).toBe(false);
    expect(isRateChange(undefined, seedRates)).toBe(false);
  });

  it("a flow change resets the old flow's state", () => {
    expect(flowChangeResets("ZAKAT", "FIDYAH")).toEqual(["zakatCalculator"]);
    expect(flowChangeResets("ILMU", "WMS")).toEqual(["donationWidget"]);
    expect(flowChangeResets("KAFFARAH", "KAFFARAH")).toEqual([]);
    expect(flowChangeResets(null, "ZAKAT")).toEqual([]);
  });
});
