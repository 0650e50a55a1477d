/**
 * Singapore time is UTC+8 from 1 January 1982 00:00 local time and UTC+07:30 before it (the clocks moved
 * forward half an hour at that midnight; no daylight saving since). Dates are computed with plain offset
 * arithmetic and no Intl time-zone data, so a date of birth before 1982 keeps its day.
 */
export const SGT_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The offset before 1982: UTC+07:30. */
export const SGT_OFFSET_BEFORE_1982_MS = 7.5 * 60 * 60 * 1000;

/** The instant Singapore moved to UTC+8: 1982-01-01 00:00 at +07:30, i.e. 1981-12-31T16:30:00Z. */
// Written as the number (sgt.test.ts checks it against the date): the pages' shared date code is
// counted to the byte (size-budget.json).
export const SGT_1982_CHANGE_MS = 378_664_200_000;

/** One day in milliseconds. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Singapore's offset from UTC at an instant. */
export const sgtOffsetAt = (epochMs: number): number =>
  epochMs < SGT_1982_CHANGE_MS ? SGT_OFFSET_BEFORE_1982_MS : SGT_OFFSET_MS;

/**
 * The instant of a Singapore wall-clock time given as `Date.UTC(...)` of its parts. The half hour the
 * change skipped (1 January 1982, 00:00 to 00:29) is read as the change itself.
 */
export const sgtLocalToEpoch = (localMs: number): number =>
  // At +8 when that lands after the change; else at +07:30, or the change itself when that does not
  // land before it (the skipped half hour).
  Math.max(
    localMs - SGT_OFFSET_MS,
    Math.min(localMs - SGT_OFFSET_BEFORE_1982_MS, SGT_1982_CHANGE_MS),
  );

/** Calendar and clock parts of an instant as seen in Singapore. */
export interface SgtParts {
  readonly year: number;
  /** 1 to 12. */
  readonly month: number;
  readonly day: number;
  /** 0 to 23. */
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/** Splits an epoch-millisecond instant into Singapore calendar parts. */
export const sgtParts = (epochMs: number): SgtParts => {
  const d = new Date(epochMs + sgtOffsetAt(epochMs));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
};
