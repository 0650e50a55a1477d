import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normaliseUnitNumber, UNIT_PATTERN } from "./address.ts";

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`));
/** Floor-unit values as donors type them: `05-123`, `#12-3A`. */
const floorUnit = fc
  .tuple(fc.boolean(), digits(1, 3), digits(1, 5), fc.constantFrom("", "A", "b"))
  .map(([hash, floor, unit, letter]) => `${hash ? "#" : ""}${floor}-${unit}${letter}`);

describe("unit number rule (spec §5) properties", () => {
  it("a floor-unit value gets exactly one # prefix and otherwise keeps its text", () => {
    fc.assert(
      fc.property(floorUnit, fc.constantFrom("", " ", "  "), (unit, pad) => {
        const result = normaliseUnitNumber(`${pad}${unit}${pad}`);
        expect(result).toBe(`#${unit.replace(/^#/, "")}`);
        expect(result.match(/#/g)).toHaveLength(1);
      }),
    );
  });

  it("'-' and '00' (no unit) are dropped, with any spaces around them", () => {
    fc.assert(
      fc.property(fc.constantFrom("-", "00"), fc.constantFrom("", " ", "\t"), (unit, pad) => {
        expect(normaliseUnitNumber(`${pad}${unit}${pad}`)).toBe("");
      }),
    );
  });

  it("anything outside the pattern is kept as typed, trimmed", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (text) => {
        const trimmed = text.trim();
        fc.pre(!UNIT_PATTERN.test(trimmed) && trimmed !== "-" && trimmed !== "00");
        expect(normaliseUnitNumber(text)).toBe(trimmed);
      }),
    );
  });

  it("applying the rule twice changes nothing more than once (safe on every blur)", () => {
    fc.assert(
      fc.property(fc.oneof(floorUnit, fc.string({ maxLength: 8 })), (text) => {
        const once = normaliseUnitNumber(text);
        expect(normaliseUnitNumber(once)).toBe(once);
      }),
    );
  });
});
