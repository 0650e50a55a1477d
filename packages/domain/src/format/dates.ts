import { DAY_MS, sgtParts } from "./sgt.ts";

/** The languages dates are written in: English, and Malay (Dewan Bahasa's month abbreviations). */
export type DateLanguage = "en" | "ms";

const MONTHS: Record<DateLanguage, ReadonlyArray<string>> = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  ms: ["Jan", "Feb", "Mac", "Apr", "Mei", "Jun", "Jul", "Ogo", "Sep", "Okt", "Nov", "Dis"],
};

/** Before and after noon: `AM`/`PM`, and in Malay `PG` (pagi) and `PTG` (petang). */
const HALVES: Record<DateLanguage, readonly [string, string]> = {
  en: ["AM", "PM"],
  ms: ["PG", "PTG"],
};

const monthName = (month: number, lang: DateLanguage): string => MONTHS[lang][month - 1] ?? "";

/** `D MMM YYYY` in Singapore: `5 Mar 2025` (Malay `5 Mac 2025`). */
export const formatDate = (epochMs: number, lang: DateLanguage): string => {
  const p = sgtParts(epochMs);
  return `${p.day} ${monthName(p.month, lang)} ${p.year}`;
};

/** `DD MMM YYYY` in Singapore: `05 Mar 2025` (Malay `05 Mac 2025`). */
export const formatDatePadded = (epochMs: number, lang: DateLanguage): string => {
  const p = sgtParts(epochMs);
  return `${String(p.day).padStart(2, "0")} ${monthName(p.month, lang)} ${p.year}`;
};

/** `h:mm A` in Singapore: `3:07 PM`, `12:00 AM` at midnight (Malay `3:07 PTG`, `12:00 PG`). */
export const formatTime = (epochMs: number, lang: DateLanguage): string => {
  const p = sgtParts(epochMs);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const [am, pm] = HALVES[lang];
  return `${h12}:${String(p.minute).padStart(2, "0")} ${p.hour < 12 ? am : pm}`;
};

/** `date | time` in Singapore: `5 Mar 2025 | 3:07 PM`. */
export const formatDateTime = (epochMs: number, lang: DateLanguage): string =>
  `${formatDate(epochMs, lang)} | ${formatTime(epochMs, lang)}`;

/** Days from one zakat payment to the next (one Hijri year). */
export const HAUL_DAYS = 355;

/** Next zakat due: 355 days after the given instant. */
export const nextZakatDue = (epochMs: number): number => epochMs + HAUL_DAYS * DAY_MS;
