import { gregorianOf, hijriDateOf, mustMove, type HijriCalendar } from "../calendar/index.ts";
import type { HijriDate, HijriEstimator } from "../calendar/hijri-date.ts";
import { HAUL_DAYS } from "../format/dates.ts";
import { applyRate, timesCount, ZERO, type Cents } from "../money.ts";
import type { SgtDate } from "../recurring.ts";
import { nisabSteps, stepAt, type DatedBalance, type NisabSchedule } from "./balances.ts";
import { dateOfDay, dayOf } from "./days.ts";
import { haulCore, scanStart, type HaulWealth } from "./haul.ts";
import type { DonorLedgerYear, PortalHartaPayments } from "./reminder-ledger.ts";

/**
 * Reminders (issue 33): e-mails a signed-in donor opted into, before the haul due date of each wealth
 * and before Ramadan (fitrah, and fidyah owed). The rule decides, for one donor and one day, which
 * reminders are due, each with a key that names it for good (donor, kind, due date), so the job that
 * sends them claims each key once and a re-run after a crash sends nothing twice.
 */

/** What a reminder is about: a wealth's haul ending, fitrah before Aidilfitri, fidyah owed. */
export type ReminderKind = "haul" | "fitrah" | "fidyah";

/** The donor's choices (account page): each kind of reminder is off until the donor turns it on. */
export interface ReminderPreferences {
  /** Before each wealth's haul due date. */
  readonly haul: boolean;
  /** Before Ramadan: fitrah, and fidyah when fasts are owed. */
  readonly ramadan: boolean;
  /** The donor's language: the mail and its calendar file are written in it. */
  readonly lang: "en" | "ms";
}

/** How many days before its due date a reminder is first due (it stays due until that day). */
export const REMINDER_LEAD_DAYS = { haul: 14, ramadan: 7 } as const;

/** One wealth's recorded balances, as the haul tracker keeps them (migration 045). */
export interface WealthRecord {
  readonly wealth: HaulWealth;
  readonly balances: ReadonlyArray<DatedBalance>;
  readonly lastPayment?: SgtDate | undefined;
}

/** What the reminders read of a donor's year, through the `ReminderSources` port. */
export interface DonorYear {
  /** Each wealth's balances; `lastPayment` there is the payment the donor recorded on it. */
  readonly wealth: ReadonlyArray<WealthRecord>;
  /** Fasts missed and not yet paid for (the missed-fasts log, migration 046). */
  readonly fidyahDaysOwed: number;
  /** The donor's zakat harta payments through the portal (where a haul may count from). */
  readonly portal?: PortalHartaPayments | undefined;
  /** What the year's ledger reads besides (gifts, assessments), when the year was asked for. */
  readonly ledger?: DonorLedgerYear | undefined;
}

/** A haul that ends (or has ended) with zakat due: what a haul reminder is about. */
export interface HaulDue {
  readonly wealth: HaulWealth;
  readonly dueDate: SgtDate;
  /** Zakat on the lowest balance at the nisab of the haul's end (projected while it runs). */
  readonly amount: Cents;
}

/** The published figures the reminders need: the nisab over time, the zakat and fidyah rates. */
export interface ReminderRates {
  readonly nisab: NisabSchedule;
  readonly zakatRate: number;
  /** Fidyah for one day, in cents. */
  readonly fidyahPerDay: Cents;
}

/**
 * The haul of each wealth by MUIS's rule (`haulCore`, year/haul.ts) on `today`, keeping those with
 * zakat due at the haul's end: a running haul whose lowest balance so far reaches the nisab of its end,
 * or an ended one. The due date and amount are `assessHaul`'s (a test holds them equal), without the
 * explanation in words, which the job, run for every opted-in donor, does not need. A wealth with
 * nothing recorded has no haul.
 */
export const haulsDue = (
  wealth: ReadonlyArray<WealthRecord>,
  rates: Pick<ReminderRates, "nisab" | "zakatRate">,
  today: SgtDate,
): HaulDue[] => {
  const due: HaulDue[] = [];
  for (const record of wealth) {
    const one = haulDueOf(record, record.lastPayment, rates, today);
    if (one) due.push(one);
  }
  return due;
};

/** `haulsDue` of one wealth, its haul counted from `lastPayment` (undefined: the first balance). */
export const haulDueOf = (
  record: WealthRecord,
  lastPayment: SgtDate | undefined,
  rates: Pick<ReminderRates, "nisab" | "zakatRate">,
  today: SgtDate,
): HaulDue | undefined => {
  const input = {
    wealth: record.wealth,
    balances: record.balances,
    lastPayment,
    nisab: rates.nisab,
    zakatRate: rates.zakatRate,
    asOf: today,
  };
  const from = scanStart(input);
  if (from === undefined || from > dayOf(today)) return undefined;
  const core = haulCore(input);
  if (core.start === null || core.lowest === null) return undefined;
  const dueDay = core.start + HAUL_DAYS;
  const nisab = nisabSteps(rates.nisab);
  const nisabAtEnd = stepAt(nisab, dueDay) ?? nisab[0]!.value;
  if (core.lowest.balance < nisabAtEnd) return undefined;
  const amount = applyRate(core.lowest.balance, rates.zakatRate);
  return amount > ZERO ? { wealth: record.wealth, dueDate: dateOfDay(dueDay), amount } : undefined;
};

/** A reminder already claimed (sent or queued) for this donor: its key, and the day it named. */
export interface ReminderClaimed {
  readonly key: string;
  readonly kind: ReminderKind;
  /** The Hijri day a Ramadan reminder was set for (undefined for a haul reminder). */
  readonly hijri?: HijriDate | undefined;
  readonly dueDate: SgtDate;
  /** Whether that Gregorian day was an estimate when the reminder was sent. */
  readonly estimated: boolean;
}

/** A reminder due today: what to send, and the key that makes it sent once. */
export interface ReminderDue {
  /** `<donor>:<kind>[:<wealth>]:<Hijri or haul due day>:<Gregorian due day>`: claimed once. */
  readonly key: string;
  /**
   * The calendar event's identity: the same across a moved date, so the donor's calendar replaces the
   * event rather than adding a second (`sequence` orders the versions).
   */
  readonly eventId: string;
  readonly sequence: number;
  readonly kind: ReminderKind;
  readonly wealth?: HaulWealth | undefined;
  /** The Gregorian day the reminder is for (the calendar event's day). */
  readonly dueDate: SgtDate;
  /** The Hijri day of a Ramadan reminder (1 Ramadan). */
  readonly hijri?: HijriDate | undefined;
  /** Whether the due day is the estimate of a month the council has not published. */
  readonly estimated: boolean;
  /** Set when this reminder corrects one sent on an estimate the council has since moved. */
  readonly movedFrom?: SgtDate | undefined;
  /** Zakat due (haul), fidyah owed (fidyah); zero for fitrah, whose rate is the day's. */
  readonly amount: Cents;
  readonly fidyahDays?: number | undefined;
  /**
   * After the year's ledger (reminder-ledger.ts): the haul's zakat or the fidyah owed, and what the
   * donor already paid of it in the Hijri year `paidYear`; `amount` is then what is still due.
   * Absent when nothing was paid.
   */
  readonly paid?:
    { readonly of: Cents; readonly paid: Cents; readonly hijriYear: number } | undefined;
  readonly lang: "en" | "ms";
}

export interface ReminderInput {
  readonly donorId: string;
  readonly preferences: ReminderPreferences;
  readonly calendar: HijriCalendar;
  readonly estimate: HijriEstimator;
  readonly today: SgtDate;
  /** The hauls with zakat due; after the ledger, each with what is still due (`HaulOwed`). */
  readonly hauls: ReadonlyArray<HaulDue & { readonly zakat?: Cents; readonly paid?: Cents }>;
  readonly fidyahDaysOwed: number;
  readonly fidyahPerDay: Cents;
  /** Fidyah paid this year towards the fasts owed (`owedAfterLedger`); none when absent. */
  readonly fidyahPaid?: Cents | undefined;
  /** The Hijri year whose ledger counted the payments (named in the mail). */
  readonly ledgerYear?: number | undefined;
  /** The reminders this donor was already sent (any year): none is sent twice. */
  readonly claimed: ReadonlyArray<ReminderClaimed>;
  /**
   * `nextRamadan(calendar, estimate, today)`, when the caller has it already (the same for every
   * donor of a run): computed here otherwise.
   */
  readonly ramadan?: NextRamadan | undefined;
}

/** The next 1 Ramadan: its Hijri day, its Gregorian day, and whether that is an estimate. */
export interface NextRamadan {
  readonly hijri: HijriDate;
  readonly date: SgtDate;
  readonly estimated: boolean;
}

const hijriKey = (h: HijriDate) =>
  `${h.year}-${String(h.month).padStart(2, "0")}-${String(h.day).padStart(2, "0")}`;

/** What was paid of an amount, for the mail; undefined when nothing was. */
const paidPart = (of: Cents | undefined, paid: Cents | undefined, hijriYear: number | undefined) =>
  of !== undefined && paid !== undefined && paid > 0 && hijriYear !== undefined
    ? { of, paid, hijriYear }
    : undefined;

/** Whether `today` is within `lead` days before `due`, `due` included. */
const inWindow = (today: SgtDate, due: SgtDate, lead: number) => {
  const gap = dayOf(due) - dayOf(today);
  return gap >= 0 && gap <= lead;
};

/** The next 1 Ramadan on or after `today` by the council's calendar (estimated where unpublished). */
export const nextRamadan = (
  calendar: HijriCalendar,
  estimate: HijriEstimator,
  today: SgtDate,
):
  | { readonly hijri: HijriDate; readonly date: SgtDate; readonly estimated: boolean }
  | undefined => {
  const now = hijriDateOf(calendar, today, estimate);
  if (!now) return undefined;
  const year = now.month < 9 || (now.month === 9 && now.day === 1) ? now.year : now.year + 1;
  const hijri = { year, month: 9, day: 1 };
  const found = gregorianOf(calendar, hijri, estimate);
  return found ? { hijri, date: found.date, estimated: found.estimated } : undefined;
};

/**
 * The reminders due for one donor today. Haul: each wealth with zakat due, from 14 days before its
 * due date to that day. Before Ramadan (fitrah, and fidyah when fasts are owed): from 7 days before 1
 * Ramadan by the council's calendar to that day. Each has a key naming the donor, the kind, the due day;
 * a key already claimed is never due again. A Ramadan reminder sent on a day the council's calendar has
 * since moved (`mustMove`: an estimate the publication changed) is never kept: a correction is due,
 * for the new day, under a new key and the same calendar event; a reminder whose day still stands is
 * done.
 */
export const remindersDue = (input: ReminderInput): ReminderDue[] => {
  const { donorId, preferences, today } = input;
  const claimedKeys = new Set(input.claimed.map((c) => c.key));
  const due: ReminderDue[] = [];
  if (preferences.haul) {
    for (const haul of input.hauls) {
      // Fully paid this year (the ledger): nothing to remind of.
      if (haul.amount <= 0) continue;
      if (!inWindow(today, haul.dueDate, REMINDER_LEAD_DAYS.haul)) continue;
      const key = `${donorId}:haul:${haul.wealth}:${haul.dueDate}`;
      if (claimedKeys.has(key)) continue;
      due.push({
        key,
        eventId: key,
        sequence: 0,
        kind: "haul",
        wealth: haul.wealth,
        dueDate: haul.dueDate,
        estimated: false,
        amount: haul.amount,
        paid: paidPart(haul.zakat, haul.paid, input.ledgerYear),
        lang: preferences.lang,
      });
    }
  }
  if (preferences.ramadan) {
    const ramadan = input.ramadan ?? nextRamadan(input.calendar, input.estimate, today);
    if (ramadan) {
      const fidyahOwed = timesCount(input.fidyahPerDay, input.fidyahDaysOwed);
      const fidyahPaid = Math.min(fidyahOwed, input.fidyahPaid ?? 0);
      // Fidyah owed and not all paid this year (the ledger).
      const kinds: Array<"fitrah" | "fidyah"> =
        input.fidyahDaysOwed > 0 && (fidyahPaid === 0 || fidyahOwed - fidyahPaid > 0)
          ? ["fitrah", "fidyah"]
          : ["fitrah"];
      for (const kind of kinds) {
        const eventId = `${donorId}:${kind}:${hijriKey(ramadan.hijri)}`;
        const earlier = input.claimed.filter(
          (c) =>
            c.kind === kind &&
            c.hijri !== undefined &&
            hijriKey(c.hijri) === hijriKey(ramadan.hijri),
        );
        const last = earlier.at(-1);
        let movedFrom: SgtDate | undefined;
        if (last) {
          // Sent already: only a day the council has since moved calls for another mail.
          const verdict = mustMove(
            { hijri: ramadan.hijri, on: last.dueDate, estimated: last.estimated },
            input.calendar,
            input.estimate,
          );
          if (!verdict.move || verdict.to !== ramadan.date) continue;
          movedFrom = last.dueDate;
        } else if (!inWindow(today, ramadan.date, REMINDER_LEAD_DAYS.ramadan)) continue;
        const key = `${eventId}:${ramadan.date}`;
        if (claimedKeys.has(key)) continue;
        due.push({
          key,
          eventId,
          sequence: earlier.length,
          kind,
          dueDate: ramadan.date,
          hijri: ramadan.hijri,
          estimated: ramadan.estimated,
          movedFrom,
          amount: kind === "fidyah" ? ((fidyahOwed - fidyahPaid) as Cents) : ZERO,
          fidyahDays: kind === "fidyah" ? input.fidyahDaysOwed : undefined,
          paid:
            kind === "fidyah"
              ? paidPart(fidyahOwed, fidyahPaid as Cents, input.ledgerYear)
              : undefined,
          lang: preferences.lang,
        });
      }
    }
  }
  return due;
};
