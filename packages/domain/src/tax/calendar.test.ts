import { describe, expect, it } from "vitest";
import {
  escapeText,
  foldLine,
  icsDateTime,
  zakatDueCalendar,
  type DueDateEvent,
} from "./calendar.ts";

const event: DueDateEvent = {
  date: "2027-02-23",
  uid: "ZK1767600000123-harta-due@giving-portal.local",
  stampMs: Date.parse("2026-11-21T05:04:59Z"),
  summary: "Zakat harta due",
  description:
    "One haul has passed since your zakat harta payment on 5 Mar 2026; pay at https://example.sg/calculator.",
  alarm: "Zakat harta is due in a week",
  language: "en",
};

/** UTF-8 octets, counted independently of the code under test. */
const utf8Length = (text: string) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, "x").length;

/** RFC 5545 unfolding: a CRLF followed by one space or tab joins the lines. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");

describe("zakatDueCalendar", () => {
  const ics = zakatDueCalendar(event);

  it("is one all-day event on the due date with a reminder a week before", () => {
    expect(unfold(ics)).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Majlis Ugama Islam Singapura//Giving portal//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "BEGIN:VEVENT",
      "UID:ZK1767600000123-harta-due@giving-portal.local",
      "DTSTAMP:20261121T050459Z",
      "DTSTART;VALUE=DATE:20270223",
      "DTEND;VALUE=DATE:20270224",
      "SUMMARY;LANGUAGE=en:Zakat harta due",
      "DESCRIPTION;LANGUAGE=en:One haul has passed since your zakat harta payment on 5 Mar 2026\\; pay at https://example.sg/calculator.",
      "TRANSP:TRANSPARENT",
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      "TRIGGER:-P7D",
      "DESCRIPTION;LANGUAGE=en:Zakat harta is due in a week",
      "END:VALARM",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ]);
  });

  it("ends every line with CRLF and folds long ones to at most 75 octets", () => {
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of ics.split("\r\n")) expect(utf8Length(line)).toBeLessThanOrEqual(75);
    expect(ics).toContain("\r\n ");
  });

  it("ends an all-day event the next day, across a month and a year", () => {
    expect(unfold(zakatDueCalendar({ ...event, date: "2026-12-31" }))).toContain(
      "DTEND;VALUE=DATE:20270101",
    );
    expect(() => zakatDueCalendar({ ...event, date: "23/02/2027" })).toThrow(RangeError);
  });
});

describe("escapeText", () => {
  it("escapes backslash, semicolon, comma and line breaks", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });
});

describe("foldLine", () => {
  it("leaves a 75-octet line whole and folds the 76th octet onto a continuation", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
  });

  it("never cuts a character between its UTF-8 bytes", () => {
    const folded = foldLine(`${"x".repeat(74)}é€😀`);
    expect(folded).toBe(`${"x".repeat(74)}\r\n é€😀`);
  });
});

describe("icsDateTime", () => {
  it("writes an instant in UTC with a Z", () => {
    expect(icsDateTime(Date.parse("2026-01-02T03:04:05+08:00"))).toBe("20260101T190405Z");
  });
});
