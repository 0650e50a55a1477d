import type { SgtDate } from "../recurring.ts";

/**
 * An RFC 5545 calendar file with one all-day event: the next zakat harta due date, with a reminder a
 * week before. Lines end in CRLF and are folded at 75 octets (UTF-8); text values are escaped.
 */
export interface DueDateEvent {
  /** The due date, `YYYY-MM-DD` (a date, not an instant: the event is all day). */
  readonly date: SgtDate;
  /** Globally unique and stable, so importing a newer file updates the same event. */
  readonly uid: string;
  /** When the file was made (epoch milliseconds), for DTSTAMP. */
  readonly stampMs: number;
  /** In the donor's language. */
  readonly summary: string;
  readonly description: string;
  readonly alarm: string;
  /** `en` or `ms`, for the text's LANGUAGE parameter. */
  readonly language: string;
}

export const ICS_MAX_OCTETS = 75;

/** RFC 5545 §3.3.11: backslash, semicolon and comma escaped; line breaks as `\n`. */
export const escapeText = (text: string): string =>
  text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");

const octets = (codePoint: number): number =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/**
 * RFC 5545 §3.1: a line longer than 75 octets is split, each continuation starting with one space
 * (which counts towards its 75). A character is never cut between its UTF-8 bytes.
 */
export const foldLine = (line: string): string => {
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const n = octets(char.codePointAt(0) ?? 0);
    if (size + n > ICS_MAX_OCTETS) {
      parts.push(current);
      current = " ";
      size = 1;
    }
    current += char;
    size += n;
  }
  parts.push(current);
  return parts.join("\r\n");
};

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as UTC date-time, `20261121T050459Z`. */
export const icsDateTime = (epochMs: number): string => {
  const d = new Date(epochMs);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(
    d.getUTCHours(),
  )}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
};

/** `2027-11-10` as a DATE value, `20271110`, and the day after (an all-day event's exclusive end). */
const dateValues = (date: SgtDate) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a calendar date: ${date}`);
  const start = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const compact = (ms: number) => icsDateTime(ms).slice(0, 8);
  return { start: compact(start), end: compact(start + 24 * 60 * 60 * 1000) };
};

export const zakatDueCalendar = (event: DueDateEvent): string => {
  const { start, end } = dateValues(event.date);
  const lang = `LANGUAGE=${event.language}`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Majlis Ugama Islam Singapura//Giving portal//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${icsDateTime(event.stampMs)}`,
    `DTSTART;VALUE=DATE:${start}`,
    `DTEND;VALUE=DATE:${end}`,
    `SUMMARY;${lang}:${escapeText(event.summary)}`,
    `DESCRIPTION;${lang}:${escapeText(event.description)}`,
    "TRANSP:TRANSPARENT",
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    "TRIGGER:-P7D",
    `DESCRIPTION;${lang}:${escapeText(event.alarm)}`,
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
};
