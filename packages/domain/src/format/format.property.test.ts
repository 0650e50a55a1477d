import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatTime,
  formatMobile,
  nextZakatDue,
  sgtParts,
  truncate,
  truncation,
  wrapReference,
} from "./index.ts";
import { DAY_MS } from "./sgt.ts";

const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });

describe("format properties", () => {
  it("Singapore time is always UTC plus eight hours", () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const p = sgtParts(ms);
        expect(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)).toBe(
          Math.floor(ms / 1000) * 1000 + 8 * 3600 * 1000,
        );
      }),
    );
  });

  it("next zakat due is always 355 days later, to the millisecond", () => {
    fc.assert(
      fc.property(instant, (ms) => {
        expect(nextZakatDue(ms) - ms).toBe(355 * DAY_MS);
      }),
    );
  });

  it("date-time always reads 'date | time', in either language", () => {
    fc.assert(
      fc.property(instant, fc.constantFrom("en" as const, "ms" as const), (ms, lang) => {
        expect(formatDateTime(ms, lang)).toBe(`${formatDate(ms, lang)} | ${formatTime(ms, lang)}`);
        expect(formatDateTime(ms, lang)).toMatch(
          lang === "en"
            ? /^\d{1,2} [A-Z][a-z]{2} \d{4} \| \d{1,2}:\d{2} (AM|PM)$/
            : /^\d{1,2} [A-Z][a-z]{2} \d{4} \| \d{1,2}:\d{2} (PG|PTG)$/,
        );
      }),
    );
  });

  it("the two languages write the same day, differing only in month and half-day words", () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const digits = (text: string) => text.replace(/[^\d:|]/g, "");
        expect(digits(formatDateTime(ms, "ms"))).toBe(digits(formatDateTime(ms, "en")));
      }),
    );
  });

  it("wrapped references rejoin to the original, with no line over 13 characters", () => {
    fc.assert(
      fc.property(fc.string(), (ref) => {
        const lines = wrapReference(ref);
        expect(lines.join("")).toBe(ref);
        expect(lines.every((l) => l.length <= 13 && l.length > 0)).toBe(true);
      }),
    );
  });

  it("truncation keeps at most max characters before the ellipsis", () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(40), (text, max) => {
        const out = truncate(text, max);
        if (text.length <= max) expect(out).toBe(text);
        else {
          // The cut text is a start of the text (spaces before the '...' dropped), then '...'.
          expect(out.endsWith("...")).toBe(true);
          expect(out.length).toBeLessThanOrEqual(max + 3);
          expect(text.startsWith(out.slice(0, -3))).toBe(true);
          expect(text.slice(0, max).trimEnd()).toBe(out.slice(0, -3));
        }
        const cut = truncation(text, max);
        expect(cut).toEqual({ shown: out, full: text, cut: out !== text });
      }),
    );
  });

  it("mobile display keeps every digit in order", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8,16}$/), (digits) => {
        expect(formatMobile(`65${digits}`).replace(/\D/g, "")).toBe(`65${digits}`);
      }),
    );
  });
});
