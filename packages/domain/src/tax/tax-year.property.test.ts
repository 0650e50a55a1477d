import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { taxYearOf, taxYearSpan } from "./tax-year.ts";

const at = (iso: string) => Date.parse(iso);

describe("tax year properties", () => {
  it("an instant falls within the span of its own tax year and no other", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at("1971-01-01T00:00:00Z"), max: at("2199-01-01T00:00:00Z") }),
        (ms) => {
          const year = taxYearOf(ms);
          const { fromMs, untilMs } = taxYearSpan(year);
          expect(ms >= fromMs && ms < untilMs).toBe(true);
          expect(ms < taxYearSpan(year + 1).fromMs).toBe(true);
          expect(ms >= taxYearSpan(year - 1).untilMs).toBe(true);
        },
      ),
    );
  });
});
