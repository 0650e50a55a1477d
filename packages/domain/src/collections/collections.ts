import { dayNumberOf, isoDateOf } from "../calendar/days.ts";
import { gregorianOf, hijriDateOf, type HijriCalendar } from "../calendar/hijri-calendar.ts";
import type { HijriEstimator } from "../calendar/hijri-date.ts";

/**
 * The collections page (issue 34): what has been given this Ramadan and this year, per fund and per
 * channel, against the same days a year before. Pure: the caller passes today (a Singapore day), the
 * council's Hijri calendar and the estimator; the records sum the gifts of each window.
 */

/** Where a gift was given: online, at a mosque counter (an amil), at a kiosk. */
export const CHANNELS = ["online", "counter", "kiosk"] as const;
export type Channel = (typeof CHANNELS)[number];

/** A donation's `source` as its channel: `Online`, `pos` (a counter), `kiosk`. */
export const channelOfSource = (source: string): Channel =>
  source === "kiosk" ? "kiosk" : source.toLowerCase() === "online" ? "online" : "counter";

/** A span of Singapore days, both ends included (`YYYY-MM-DD`). */
export interface DayWindow {
  readonly from: string;
  readonly to: string;
}

/** A period and the same days a year before. */
export interface ComparedWindows {
  readonly now: DayWindow;
  readonly before: DayWindow;
}

/** The same month and day a year earlier; 29 February becomes 28 February. */
export const sameDayLastYear = (iso: string): string => {
  const year = Number(iso.slice(0, 4)) - 1;
  const monthDay = iso.slice(5);
  const candidate = `${String(year).padStart(4, "0")}-${monthDay}`;
  return dayNumberOf(candidate) === undefined ? `${candidate.slice(0, 8)}28` : candidate;
};

const mustBeDay = (iso: string): number => {
  const day = dayNumberOf(iso);
  if (day === undefined) throw new RangeError(`not a day: ${iso}`);
  return day;
};

/**
 * This Gregorian year to `today` (1 January to today), and the same days last year (1 January to the
 * same month and day).
 */
export const yearWindows = (today: string): ComparedWindows => {
  mustBeDay(today);
  const lastYear = sameDayLastYear(today);
  return {
    now: { from: `${today.slice(0, 4)}-01-01`, to: today },
    before: { from: `${lastYear.slice(0, 4)}-01-01`, to: lastYear },
  };
};

/** A Ramadan's windows: its Hijri year, whether any day of it is estimated, whether it is under way. */
export interface RamadanWindows extends ComparedWindows {
  readonly hijriYear: number;
  /** Whether the council's calendar fixes neither end (an estimate stands for a day of either). */
  readonly estimated: boolean;
  /** Today is in this Ramadan (it is counted to today); else it is the last Ramadan, whole. */
  readonly underWay: boolean;
  /** How many days of Ramadan each window holds. */
  readonly days: number;
}

const RAMADAN = 9;

/** A Ramadan's first day and length (29 or 30), by the council's calendar or estimated. */
const ramadanOf = (calendar: HijriCalendar, year: number, estimate: HijriEstimator) => {
  const first = gregorianOf(calendar, { year, month: RAMADAN, day: 1 }, estimate);
  if (!first) throw new RangeError(`no Ramadan ${year}`);
  const thirtieth = gregorianOf(calendar, { year, month: RAMADAN, day: 30 }, estimate);
  const last =
    thirtieth ?? gregorianOf(calendar, { year, month: RAMADAN, day: 29 }, estimate) ?? first;
  return {
    first: first.date,
    length: thirtieth ? 30 : 29,
    estimated: first.estimated || last.estimated,
  };
};

/**
 * This Ramadan (today's, counted to today), or when today is not in Ramadan the last one, whole; and
 * the same days of the Ramadan a Hijri year before (its first n days, n the days of this window).
 * Ramadan is the Hijri month by the council's published calendar, estimated where it has none.
 */
export const ramadanWindows = (
  calendar: HijriCalendar,
  today: string,
  estimate: HijriEstimator,
): RamadanWindows => {
  const todayNumber = mustBeDay(today);
  const hijri = hijriDateOf(calendar, today, estimate);
  if (!hijri) throw new RangeError(`not a day: ${today}`);
  const underWay = hijri.month === RAMADAN;
  const year = hijri.month >= RAMADAN ? hijri.year : hijri.year - 1;
  const now = ramadanOf(calendar, year, estimate);
  const firstNumber = mustBeDay(now.first);
  const days = underWay ? todayNumber - firstNumber + 1 : now.length;
  const before = ramadanOf(calendar, year - 1, estimate);
  const beforeDays = Math.min(days, before.length);
  const beforeFirst = mustBeDay(before.first);
  return {
    hijriYear: year,
    estimated: now.estimated || before.estimated || hijri.estimated,
    underWay,
    days,
    now: { from: now.first, to: isoDateOf(firstNumber + days - 1) },
    before: { from: before.first, to: isoDateOf(beforeFirst + beforeDays - 1) },
  };
};

/** One group's gifts as the records sum them: a count and integer cents. */
export interface CollectedRow {
  readonly fund: string;
  readonly channel: Channel;
  readonly count: number;
  readonly cents: number;
}

/** A line of the page: this period's gifts and cents, and the same days last year's. */
export interface CollectedLine {
  readonly count: number;
  readonly cents: number;
  readonly lastCount: number;
  readonly lastCents: number;
}

export interface CollectedPeriod extends CollectedLine {
  readonly from: string;
  readonly to: string;
  readonly lastFrom: string;
  readonly lastTo: string;
  readonly byFund: ReadonlyArray<CollectedLine & { readonly fund: string }>;
  readonly byChannel: ReadonlyArray<CollectedLine & { readonly channel: Channel }>;
}

const addCents = (a: number, b: number): number => {
  const sum = a + b;
  if (!Number.isSafeInteger(sum)) throw new RangeError("cents beyond a safe integer");
  return sum;
};

const zero = (): { count: number; cents: number; lastCount: number; lastCents: number } => ({
  count: 0,
  cents: 0,
  lastCount: 0,
  lastCents: 0,
});

/**
 * A period's figures from the grouped sums of its two windows: every fund of `funds` (in that order,
 * zeros included) and every channel, each with its count and cents now and the same days last year;
 * the totals are the sums. Cents are added as integers and refused beyond a safe integer.
 */
export const collectedPeriod = (
  windows: ComparedWindows,
  funds: ReadonlyArray<string>,
  now: ReadonlyArray<CollectedRow>,
  before: ReadonlyArray<CollectedRow>,
): CollectedPeriod => {
  const byFund = new Map(funds.map((fund) => [fund, zero()]));
  const byChannel = new Map(CHANNELS.map((channel) => [channel, zero()]));
  const total = zero();
  const add = (rows: ReadonlyArray<CollectedRow>, last: boolean) => {
    for (const row of rows) {
      if (!Number.isSafeInteger(row.cents) || !Number.isSafeInteger(row.count)) {
        throw new RangeError("counts and cents are whole numbers");
      }
      for (const line of [byFund.get(row.fund), byChannel.get(row.channel), total]) {
        if (!line) continue;
        if (last) {
          line.lastCount += row.count;
          line.lastCents = addCents(line.lastCents, row.cents);
        } else {
          line.count += row.count;
          line.cents = addCents(line.cents, row.cents);
        }
      }
    }
  };
  add(now, false);
  add(before, true);
  return {
    ...total,
    from: windows.now.from,
    to: windows.now.to,
    lastFrom: windows.before.from,
    lastTo: windows.before.to,
    byFund: [...byFund].map(([fund, line]) => ({ fund, ...line })),
    byChannel: [...byChannel].map(([channel, line]) => ({ channel, ...line })),
  };
};

/** The change from last year's to this year's, in whole per cent; undefined when last year had none. */
export const changePercent = (now: number, last: number): number | undefined =>
  last === 0 ? undefined : Math.round(((now - last) / last) * 100);
