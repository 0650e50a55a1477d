/**
 * Singapore time is a fixed UTC+8 offset (no daylight saving since 1982), so dates are computed with
 * plain offset arithmetic and no Intl time-zone data.
 */
export const SGT_OFFSET_MS = 8 * 60 * 60 * 1000;

/** One day in milliseconds. */
export const DAY_MS = 24 * 60 * 60 * 1000;

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
  const d = new Date(epochMs + SGT_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
};
