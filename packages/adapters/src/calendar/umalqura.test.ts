import { describe, expect, it } from "vitest";
import { hijriCalendar, hijriDateOf } from "@portal/domain";
import { umAlQuraDateOf } from "./umalqura";

describe("Umm al-Qura through Intl", () => {
  it("began Ramadan 1447 on 18 February 2026, a day before Singapore", () => {
    expect(umAlQuraDateOf("2026-02-18")).toEqual({ year: 1447, month: 9, day: 1 });
    expect(umAlQuraDateOf("2026-02-17")).toEqual({ year: 1447, month: 8, day: 29 });
  });

  it("estimates Singapore's days from the council's published start, marked estimated", () => {
    const calendar = hijriCalendar([{ year: 1447, month: 9, start: "2026-02-19" }]);
    expect(hijriDateOf(calendar, "2026-02-19", umAlQuraDateOf)).toEqual({
      year: 1447,
      month: 9,
      day: 1,
      estimated: false,
    });
    // Umm al-Qura moved by the day Ramadan's published start shows.
    expect(hijriDateOf(calendar, "2026-03-21", umAlQuraDateOf)).toEqual({
      year: 1447,
      month: 10,
      day: 1,
      estimated: true,
    });
  });
});
