import { describe, expect, it } from "vitest";
import { taxYearOf, taxYearSpan } from "./tax-year.ts";

const at = (iso: string) => Date.parse(iso);

describe("Singapore tax year", () => {
  it("a gift at 23:30 SGT on 31 Dec belongs to that year, at 00:30 SGT on 1 Jan to the next", () => {
    expect(taxYearOf(at("2026-12-31T23:30:00+08:00"))).toBe(2026);
    expect(taxYearOf(at("2027-01-01T00:30:00+08:00"))).toBe(2027);
    // The same instants in UTC read as the other year: Singapore's calendar decides.
    expect(taxYearOf(at("2026-12-31T16:30:00Z"))).toBe(2027);
    expect(taxYearOf(at("2026-12-31T15:59:59.999Z"))).toBe(2026);
    expect(taxYearOf(at("2026-12-31T16:00:00Z"))).toBe(2027);
  });

  it("spans 1 Jan 00:00 SGT up to, not including, the next 1 Jan 00:00 SGT", () => {
    expect(taxYearSpan(2026)).toEqual({
      fromMs: at("2026-01-01T00:00:00+08:00"),
      untilMs: at("2027-01-01T00:00:00+08:00"),
    });
  });
});
