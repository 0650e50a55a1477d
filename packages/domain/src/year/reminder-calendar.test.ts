import { describe, expect, it } from "vitest";
import { reminderCalendar, type ReminderEvent } from "./reminder-calendar.ts";

/**
 * A reader of RFC 5545 written for the test (not the code under test): unfold (CRLF and one space or
 * tab), split each content line at the first colon outside a quoted parameter, unescape text values.
 */
const parse = (ics: string) => {
  expect(ics.endsWith("\r\n")).toBe(true);
  expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  const lines = ics
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .slice(0, -1);
  return lines.map((line) => {
    let quoted = false;
    let at = -1;
    for (let i = 0; i < line.length; i++) {
      if (line[i] === '"') quoted = !quoted;
      if (line[i] === ":" && !quoted) {
        at = i;
        break;
      }
    }
    const [name, ...params] = line.slice(0, at).split(";");
    const raw = line.slice(at + 1);
    const value = raw.replace(/\\([\\;,nN])/g, (_, c: string) =>
      c === "n" || c === "N" ? "\n" : c,
    );
    return { name: name!, params, value };
  });
};

/** UTF-8 octets, counted independently of the code under test. */
const octets = (text: string) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, "x").length;

const event: ReminderEvent = {
  date: "2027-02-08",
  uid: "3f2a9c1e5b7d-fitrah-1448-09-01@giving.example.sg",
  sequence: 1,
  stampMs: Date.parse("2027-02-01T01:00:00Z"),
  summary: "Ramadan begins: pay zakat fitrah, before the Aidilfitri prayer",
  description:
    "Bulan Ramadan 1448 dijangka bermula pada 8 Februari 2027 (anggaran; Majlis belum mengumumkannya).\nBayar di https://giving.example.sg/ms/fitrah; \\ terima kasih, semoga diberkati.",
  language: "ms",
};

describe("reminderCalendar", () => {
  const ics = reminderCalendar(event);
  const props = parse(ics);
  const value = (name: string) => props.find((p) => p.name === name);

  it("parses back to one all-day event on the due date, its text in the donor's language", () => {
    expect(props.map((p) => p.name)).toEqual([
      "BEGIN",
      "VERSION",
      "PRODID",
      "CALSCALE",
      "METHOD",
      "BEGIN",
      "UID",
      "SEQUENCE",
      "DTSTAMP",
      "DTSTART",
      "DTEND",
      "SUMMARY",
      "DESCRIPTION",
      "TRANSP",
      "END",
      "END",
    ]);
    expect(value("UID")?.value).toBe(event.uid);
    expect(value("SEQUENCE")?.value).toBe("1");
    expect(value("DTSTAMP")?.value).toBe("20270201T010000Z");
    expect(value("DTSTART")).toMatchObject({ params: ["VALUE=DATE"], value: "20270208" });
    expect(value("DTEND")).toMatchObject({ params: ["VALUE=DATE"], value: "20270209" });
    expect(value("SUMMARY")).toMatchObject({ params: ["LANGUAGE=ms"], value: event.summary });
    expect(value("DESCRIPTION")?.value).toBe(event.description);
  });

  it("folds lines at 75 octets without cutting a character, and escapes text", () => {
    for (const line of ics.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(ics).toContain("\r\n ");
    expect(ics).toContain("\\;");
    expect(ics).toContain("\\n");
    expect(ics).toContain("\\\\");
    const wide = reminderCalendar({ ...event, summary: "زكاة ".repeat(30) });
    for (const line of wide.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(parse(wide).find((p) => p.name === "SUMMARY")?.value).toBe("زكاة ".repeat(30));
  });

  it("ends the event the day after, across a month and a year's end", () => {
    const dtend = (date: string) =>
      parse(reminderCalendar({ ...event, date })).find((p) => p.name === "DTEND")?.value;
    expect(dtend("2026-12-31")).toBe("20270101");
    expect(dtend("2028-02-28")).toBe("20280229");
  });
});
