import { DAY_MS } from "../format/sgt.ts";
import type { SgtDate } from "../recurring.ts";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * The day number of a calendar date (days since 1970-01-01), so dates can be counted and compared as
 * integers. Refuses anything that is not a real `YYYY-MM-DD` date (`2026-02-30` included).
 */
export const dayOf = (date: SgtDate): number => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a calendar date: ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    throw new RangeError(`not a calendar date: ${date}`);
  }
  return Math.round(ms / DAY_MS);
};

/** The calendar date of a day number (the inverse of `dayOf`). */
export const dateOfDay = (day: number): SgtDate => {
  const d = new Date(day * DAY_MS);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** `n` days after a date (before it when negative). */
export const addDays = (date: SgtDate, n: number): SgtDate => dateOfDay(dayOf(date) + n);
