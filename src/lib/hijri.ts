import { hijriCalendar, hijriDateOf, type HijriCalendar, type HijriDay } from "@portal/domain";
import { umAlQuraDateOf } from "@portal/adapters";
import { request } from "./api";

// The council's Hijri calendar as the portal's pages read it (docs/hijri-calendar.md): the published
// month starts, once per page load (the server caches the answer too); a day outside them estimated by
// Umm al-Qura through Intl. A page without the calendar (a failed read) shows no Hijri date at all
// rather than one that may be wrong without saying so.

let loading: Promise<HijriCalendar | undefined> | undefined;

/** The council's published calendar, or undefined when it cannot be read. */
export const loadHijriCalendar = (): Promise<HijriCalendar | undefined> =>
  (loading ??= request("hijriCalendar", {}, { keepPage: true })
    .then((body) => {
      const months = (body as { data?: { months?: unknown } }).data?.months;
      return Array.isArray(months) ? hijriCalendar(months) : undefined;
    })
    .catch(() => undefined));

/** The Hijri day of a Gregorian `YYYY-MM-DD` day by the council's calendar (estimated where it must). */
export const hijriDayOf = (calendar: HijriCalendar, isoDate: string): HijriDay | undefined =>
  hijriDateOf(calendar, isoDate, umAlQuraDateOf);

/** `3 Ramadan 1448 AH` (`3 Ramadan 1448 H`), with ", estimated" (", anggaran") where it is. */
export const hijriText = (
  day: HijriDay,
  t: (key: string, values?: Record<string, string>) => string,
): string =>
  t(day.estimated ? "hijri_date_estimated" : "hijri_date", {
    day: String(day.day),
    month: t(`hijri_month_${day.month}`),
    year: String(day.year),
  });
