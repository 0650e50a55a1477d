import { describe, expect, it } from "vitest";
import { DAY_MS } from "../format/sgt.ts";
import { addDays, dateOfDay, dayOf } from "./days.ts";

/** `dayOf` as it was written first (a pattern and `Date.UTC`): the arithmetic must answer the same. */
const byDate = (date: string): number => {
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

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

describe("dayOf", () => {
  it("counts every day from 1600 to 2400 as Date.UTC does, and dateOfDay reads it back", () => {
    const wrong: string[] = [];
    for (let day = byDate("1600-01-01"); day <= byDate("2400-12-31"); day++) {
      const date = dateOfDay(day);
      if (dayOf(date) !== day || byDate(date) !== day) wrong.push(date);
    }
    expect(wrong).toEqual([]);
  });

  it("answers as before for every day-of-month text of some years, real or not", () => {
    for (const year of [1, 99, 100, 1900, 2000, 2024, 2025, 2100, 9999]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
          let expected: number | string;
          try {
            expected = byDate(date);
          } catch {
            expected = "refused";
          }
          let got: number | string;
          try {
            got = dayOf(date);
          } catch {
            got = "refused";
          }
          expect(got, date).toBe(expected);
        }
      }
    }
  });

  it("refuses what is not YYYY-MM-DD", () => {
    for (const text of [
      "",
      "2026-1-01",
      "2026-01-1",
      "2026/01/01",
      "2026-01-01 ",
      " 2026-01-01",
      "20260101",
      "2026-0a-01",
      "+026-01-01",
      "2026-01-0١",
      "2026-02-29",
      "2026-02-30",
    ]) {
      expect(() => dayOf(text), text).toThrow(RangeError);
    }
    expect(dayOf("2024-02-29")).toBe(dayOf(addDays("2024-02-28", 1)));
  });
});
