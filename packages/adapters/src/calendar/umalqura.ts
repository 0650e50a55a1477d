import type { HijriDate, HijriEstimator } from "@portal/domain";

// Umm al-Qura through the platform's own `Intl` (no library): the portal's estimate of a Hijri day the
// council has not published. Singapore's dates are MUIS's, often a day later; the domain moves the
// estimate by the difference its nearest published month start shows (`hijriDateOf`).
let format: Intl.DateTimeFormat | undefined;

/** The Umm al-Qura date of a Gregorian `YYYY-MM-DD` day. */
export const umAlQuraDateOf: HijriEstimator = (isoDate: string): HijriDate => {
  format ??= new Intl.DateTimeFormat("en-u-ca-islamic-umalqura-nu-latn", {
    timeZone: "UTC",
    year: "numeric",
    month: "numeric",
    day: "numeric",
  });
  const parts = format.formatToParts(new Date(`${isoDate}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number.parseInt(parts.find((p) => p.type === type)?.value ?? "", 10);
  return { year: part("year"), month: part("month"), day: part("day") };
};
