/**
 * Gregorian days as whole numbers (days since 1970-01-01) and back, for the Hijri calendar's
 * arithmetic. Dates are calendar days (`YYYY-MM-DD`), not instants: no time zone is involved.
 */
const DAY_MS = 86_400_000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a real `YYYY-MM-DD` date, or undefined (not that shape, or no such day). */
export const dayNumberOf = (iso: string): number | undefined => {
  const parts = ISO_DATE.exec(iso);
  if (!parts) return undefined;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  // Date.UTC rolls 2026-02-30 over to 2 March: a real date comes back as it went in.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1) return undefined;
  if (back.getUTCDate() !== day) return undefined;
  return ms / DAY_MS;
};

/** The `YYYY-MM-DD` date of a day number. */
export const isoDateOf = (dayNumber: number): string =>
  new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
