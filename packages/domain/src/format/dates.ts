import { DAY_MS, sgtParts } from "./sgt";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const monthName = (month: number): string => MONTHS[month - 1] ?? "";

/** `D MMM YYYY` in Singapore: `5 Mar 2025`. */
export const formatDate = (epochMs: number): string => {
  const p = sgtParts(epochMs);
  return `${p.day} ${monthName(p.month)} ${p.year}`;
};

/** `DD MMM YYYY` in Singapore: `05 Mar 2025`. */
export const formatDatePadded = (epochMs: number): string => {
  const p = sgtParts(epochMs);
  return `${String(p.day).padStart(2, "0")} ${monthName(p.month)} ${p.year}`;
};

/** `h:mm A` in Singapore: `3:07 PM`, `12:00 AM` at midnight. */
export const formatTime = (epochMs: number): string => {
  const p = sgtParts(epochMs);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${h12}:${String(p.minute).padStart(2, "0")} ${p.hour < 12 ? "AM" : "PM"}`;
};

/** `date | time` in Singapore: `5 Mar 2025 | 3:07 PM`. */
export const formatDateTime = (epochMs: number): string =>
  `${formatDate(epochMs)} | ${formatTime(epochMs)}`;

/** Days from one zakat payment to the next (one Hijri year). */
export const HAUL_DAYS = 355;

/** Next zakat due: 355 days after the given instant. */
export const nextZakatDue = (epochMs: number): number => epochMs + HAUL_DAYS * DAY_MS;
