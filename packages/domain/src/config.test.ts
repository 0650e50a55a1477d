import { describe, expect, it } from "vitest";
import { decodeRateConfig, goldRatePerGram, goldValue, seedRates } from "./config.ts";

describe("rate configuration", () => {
  it("seeds the published rates", () => {
    expect(seedRates.nisabValue).toBe(1_097_500);
    expect(goldRatePerGram(seedRates)).toBeCloseTo(12_761.63, 2);
    expect(goldValue(86, seedRates)).toBe(1_097_500);
    expect(seedRates.fitrahNormalRate).toBe(500);
    expect(seedRates.fitrahPremiumRate).toBe(800);
    expect(seedRates.fidyahPerDay).toBe(400);
    expect(seedRates.kaffarahPerDay).toBe(400);
    expect([seedRates.goldKeptThresholdGrams, seedRates.goldWornThresholdGrams]).toEqual([86, 860]);
  });

  it("decodes a valid configuration and refuses a broken one", () => {
    expect(decodeRateConfig({ ...seedRates })).toEqual(seedRates);
    expect(() => decodeRateConfig({ ...seedRates, nisabValue: 10.5 })).toThrow();
    expect(() => decodeRateConfig({ ...seedRates, zakatRate: 2 })).toThrow();
    expect(() => decodeRateConfig({ ...seedRates, jimakNoOfPeople: -1 })).toThrow();
    expect(() => decodeRateConfig({ ...seedRates, goldDivisor: 0 })).toThrow(/goldDivisor/);
    expect(() => decodeRateConfig({ ...seedRates, fidyahPerDay: "400" })).toThrow(/fidyahPerDay/);
    expect(() => decodeRateConfig({ ...seedRates, goldRate: Number.NaN })).toThrow(/goldRate/);
    const { kaffarahPerDay: _dropped, ...missing } = seedRates;
    expect(() => decodeRateConfig(missing)).toThrow(/kaffarahPerDay/);
    expect(() => decodeRateConfig(null)).toThrow();
    // Only the rates come back: other fields of the input are left behind.
    expect(decodeRateConfig({ ...seedRates, extra: 1 })).toEqual(seedRates);
  });
});
