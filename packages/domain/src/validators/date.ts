import { sgtLocalToEpoch } from "../format/sgt.ts";
import type { Validation } from "./messages.ts";

/** A calendar date. */
export interface CalendarDate {
  readonly day: number;
  readonly month: number;
  readonly year: number;
}

/** Parses `dd/mm/yyyy` strictly (two-digit day and month, real calendar date); `null` otherwise. */
export const parseDdMmYyyy = (text: string): CalendarDate | null => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = Number(m[3]);
  const probe = new Date(Date.UTC(year, month - 1, day));
  const real =
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day;
  return real ? { day, month, year } : null;
};

/** Start of a calendar date in Singapore (+07:30 before 1982, +08:00 since), as epoch milliseconds. */
export const sgtStartOfDay = (date: CalendarDate): number =>
  sgtLocalToEpoch(Date.UTC(date.year, date.month - 1, date.day));

/**
 * Date rule (§5): `dd/mm/yyyy`, and allowed only if before now (the date's start in Singapore must be
 * earlier than `nowMs`). The clock is never read here: `nowMs` is passed in.
 */
export const validatePastDate = (text: string, nowMs: number): Validation => {
  if (text.trim() === "") return "validation.dateOfBirth.required";
  const date = parseDdMmYyyy(text);
  if (date === null) return "validation.date.invalid";
  return sgtStartOfDay(date) < nowMs ? null : "validation.date.future";
};
