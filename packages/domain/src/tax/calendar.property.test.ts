import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeText, foldLine } from "./calendar.ts";

/** UTF-8 octets, counted independently of the code under test. */
const utf8Length = (text: string) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, "x").length;
const unfold = (text: string) => text.replace(/\r\n /g, "");
const unescape = (text: string) =>
  text.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));

describe("calendar text properties", () => {
  it("a folded line has no part over 75 octets and unfolds to the original", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), (text) => {
        const line = `DESCRIPTION:${escapeText(text)}`;
        const folded = foldLine(line);
        for (const part of folded.split("\r\n")) expect(utf8Length(part)).toBeLessThanOrEqual(75);
        expect(unfold(folded)).toBe(line);
      }),
    );
  });

  it("escaped text has no bare line break, semicolon or comma and reads back the same", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "\\", ";", ",", "\n", "é", " ") }),
        (text) => {
          const escaped = escapeText(text);
          expect(escaped).not.toMatch(/[\r\n]/);
          expect(escaped.replace(/\\[\\;,n]/g, "")).not.toMatch(/[;,\\]/);
          expect(unescape(escaped)).toBe(text);
        },
      ),
    );
  });
});
