import { DAY_MS } from "../format/sgt.ts";
import type { SgtDate } from "../recurring.ts";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

const DIGIT_0 = 48;

/** The number a run of ASCII digits spells, or -1 when a character is not a digit. */
const digits = (text: string, from: number, to: number): number => {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - DIGIT_0;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
};

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The day number of a calendar date (days since 1970-01-01), so dates can be counted and compared as
 * integers. Refuses anything that is not a real `YYYY-MM-DD` date (`2026-02-30` included). Worked
 * out by arithmetic (the reminder job counts millions of dates a run); years before 100 go through
 * `Date.UTC` as they always did (it reads them as 19xx).
 */
export const dayOf = (date: SgtDate): number => {
  const year = date.length === 10 ? digits(date, 0, 4) : -1;
  const month = digits(date, 5, 7);
  const day = digits(date, 8, 10);
  if (year < 0 || month < 1 || month > 12 || day < 1 || date[4] !== "-" || date[7] !== "-") {
    throw new RangeError(`not a calendar date: ${date}`);
  }
  const last = month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1]!;
  if (day > last) throw new RangeError(`not a calendar date: ${date}`);
  if (year < 100) return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
  // Days from the civil date (proleptic Gregorian), March-based years.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
};

/** The calendar date of a day number (the inverse of `dayOf`). */
export const dateOfDay = (day: number): SgtDate => {
  const d = new Date(day * DAY_MS);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** `n` days after a date (before it when negative). */
export const addDays = (date: SgtDate, n: number): SgtDate => dateOfDay(dayOf(date) + n);
