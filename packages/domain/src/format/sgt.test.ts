import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sgtStartOfDay } from "../validators/date.ts";
import { formatDate } from "./dates.ts";
import { SGT_1982_CHANGE_MS, sgtLocalToEpoch, sgtOffsetAt, sgtParts } from "./sgt.ts";

describe("Singapore time before and after 1982", () => {
  it("is +07:30 until 31 Dec 1981 23:59:59 local and +08:00 from 1 Jan 1982", () => {
    expect(SGT_1982_CHANGE_MS).toBe(Date.parse("1981-12-31T16:30:00Z"));
    expect(sgtOffsetAt(Date.parse("1981-12-31T16:29:59Z"))).toBe(7.5 * 3_600_000);
    expect(sgtOffsetAt(Date.parse("1981-12-31T16:30:00Z"))).toBe(8 * 3_600_000);
    expect(sgtParts(Date.parse("1981-12-31T16:29:59Z"))).toMatchObject({
      year: 1981,
      month: 12,
      day: 31,
      hour: 23,
      minute: 59,
      second: 59,
    });
    expect(sgtParts(Date.parse("1981-12-31T16:30:00Z"))).toMatchObject({
      year: 1982,
      month: 1,
      day: 1,
      hour: 0,
      minute: 30,
    });
  });

  it("reads a 1970s date of birth at +07:30, so it does not shift a day", () => {
    const start = sgtStartOfDay({ year: 1975, month: 3, day: 5 });
    expect(start).toBe(Date.parse("1975-03-04T16:30:00Z"));
    expect(formatDate(start, "en")).toBe("5 Mar 1975");
    expect(formatDate(start, "ms")).toBe("5 Mac 1975");
    // The same instant read at a fixed +08:00 would have been 00:30 on 5 Mar: still the day, but the
    // day's last half hour would fall on the next day.
    expect(sgtParts(start + 86_400_000 - 1)).toMatchObject({ day: 5, hour: 23, minute: 59 });
  });

  it("reads the skipped half hour of 1 Jan 1982 as the change", () => {
    expect(sgtLocalToEpoch(Date.UTC(1982, 0, 1))).toBe(SGT_1982_CHANGE_MS);
    expect(sgtLocalToEpoch(Date.UTC(1982, 0, 1, 0, 30))).toBe(SGT_1982_CHANGE_MS);
    expect(sgtLocalToEpoch(Date.UTC(1981, 11, 31, 23, 59))).toBe(
      Date.parse("1981-12-31T16:29:00Z"),
    );
  });

  it("keeps every calendar day from 1900 to 2100 through start-of-day and back", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const d = new Date(ms);
        const date = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
        const start = sgtStartOfDay(date);
        expect(sgtParts(start)).toMatchObject(date);
        expect(sgtParts(start - 1).day).not.toBe(date.day);
      }),
    );
  });
});
