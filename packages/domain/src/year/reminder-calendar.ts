import type { SgtDate } from "../recurring.ts";
import { escapeText, foldLine, icsDateTime } from "../tax/calendar.ts";
import { addDays } from "./days.ts";

/** One reminder's calendar event, in the donor's language. */
export interface ReminderEvent {
  /** The due day, `YYYY-MM-DD`: the event is all day on it. */
  readonly date: SgtDate;
  /**
   * Stable per reminder and the same for its corrections (a moved Ramadan), so importing a later
   * file replaces the event; names no one (the server derives it from the reminder's event id).
   */
  readonly uid: string;
  /** 0 for the first file of an event; one more for each correction. */
  readonly sequence: number;
  /** When the file was made (epoch milliseconds), for DTSTAMP. */
  readonly stampMs: number;
  readonly summary: string;
  readonly description: string;
  /** `en` or `ms`. */
  readonly language: string;
}

const compactDate = (date: SgtDate) => date.replaceAll("-", "");

/**
 * An RFC 5545 calendar file with the reminder's one all-day event (DTSTART and the exclusive DTEND
 * the day after, as VALUE=DATE), CRLF line ends, lines folded at 75 octets, text escaped, SUMMARY and
 * DESCRIPTION tagged with the donor's language.
 */
export const reminderCalendar = (event: ReminderEvent): string => {
  const lang = `LANGUAGE=${event.language}`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Majlis Ugama Islam Singapura//Giving portal reminders//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsDateTime(event.stampMs)}`,
    `DTSTART;VALUE=DATE:${compactDate(event.date)}`,
    `DTEND;VALUE=DATE:${compactDate(addDays(event.date, 1))}`,
    `SUMMARY;${lang}:${escapeText(event.summary)}`,
    `DESCRIPTION;${lang}:${escapeText(event.description)}`,
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
};
