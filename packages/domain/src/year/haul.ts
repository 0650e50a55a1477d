import { HAUL_DAYS } from "../format/dates.ts";
import { applyRate, ZERO, type Cents } from "../money.ts";
import type { SgtDate } from "../recurring.ts";
import { daySteps, nisabSteps, stepAt, type DatedBalance, type NisabSchedule } from "./balances.ts";
import { dateOfDay, dayOf } from "./days.ts";
import { explainHaul, type HaulStep } from "./haul-explanation.ts";

/** The wealth a haul is kept for: each meets the nisab on its own, as in the calculator. */
export type HaulWealth = "savings" | "shares" | "insurance" | "cpf";

/** What the rule needs: one wealth's recorded balances, the last payment, the nisab, the date. */
export interface HaulInput<H = never> {
  readonly wealth: HaulWealth;
  readonly balances: ReadonlyArray<DatedBalance>;
  /** The donor's last zakat payment on this wealth: the haul is counted from it. */
  readonly lastPayment?: SgtDate | undefined;
  readonly nisab: NisabSchedule;
  readonly zakatRate: number;
  /** Today (the caller's clock): nothing after it is counted. */
  readonly asOf: SgtDate;
  /** The council's Hijri calendar, to give the due date in Hijri too (another module builds it). */
  readonly hijri?: ((date: SgtDate) => H) | undefined;
}

/** How a haul began. */
export type HaulStartReason = "lastPayment" | "reachedNisab" | "previousHaulEnded";

/** A day the balance fell below the nisab and broke the haul. */
export interface HaulBreak {
  readonly date: SgtDate;
  readonly balance: Cents;
  readonly nisab: Cents;
  /** When the broken haul began. */
  readonly since: SgtDate;
}

/** A haul that ran its 355 days with its lowest balance under the nisab of its end: nothing was due. */
export interface HaulEndedBelowNisab {
  readonly start: SgtDate;
  readonly end: SgtDate;
  readonly lowest: Cents;
  readonly nisab: Cents;
}

/**
 * `none`: no haul is running (nothing recorded, never at nisab, or fallen below it); `running`: a haul
 * runs and `dueDate` is when it ends if the balance holds; `due`: the haul has ended and zakat is due.
 */
export type HaulStatus = "none" | "running" | "due";

/** The rule's answer, each step explained in `steps`. */
export interface HaulResult<H = never> {
  readonly wealth: HaulWealth;
  readonly status: HaulStatus;
  readonly start: SgtDate | null;
  readonly startReason: HaulStartReason | null;
  /** The haul's end, 355 days after its start (projected while it runs). */
  readonly dueDate: SgtDate | null;
  readonly dueDateHijri: H | null;
  /** The lowest balance of the haul (so far, while it runs), on the first day it was held. */
  readonly lowest: { readonly date: SgtDate; readonly balance: Cents } | null;
  readonly breaks: ReadonlyArray<HaulBreak>;
  readonly endedBelowNisab: ReadonlyArray<HaulEndedBelowNisab>;
  /** The nisab in force at the haul's end (the schedule's figure for that date while it runs). */
  readonly nisabAtEnd: Cents | null;
  /** Zakat on the lowest balance when it reaches the end's nisab (projected while the haul runs). */
  readonly amount: Cents;
  readonly zakatRate: number;
  readonly asOf: SgtDate;
  /** True when no record reached the nisab since the scan began. */
  readonly neverReachedNisab: boolean;
  readonly steps: ReadonlyArray<HaulStep>;
}

/** The haul as day numbers, before it is written as dates and explained. */
export interface HaulCore {
  readonly status: HaulStatus;
  readonly start: number | null;
  readonly startReason: HaulStartReason | null;
  readonly lowest: { readonly day: number; readonly balance: Cents } | null;
  readonly breaks: ReadonlyArray<{ day: number; balance: Cents; nisab: Cents; since: number }>;
  readonly endedBelowNisab: ReadonlyArray<{
    start: number;
    end: number;
    lowest: Cents;
    nisab: Cents;
  }>;
  readonly neverReachedNisab: boolean;
}

/** Where the scan begins: the last payment, else the first record; undefined when nothing is recorded. */
export const scanStart = (input: HaulInput<unknown>): number | undefined => {
  if (input.lastPayment !== undefined) return dayOf(input.lastPayment);
  let first: number | undefined;
  for (const b of input.balances) {
    const day = dayOf(b.date);
    if (first === undefined || day < first) first = day;
  }
  return first;
};

/**
 * MUIS's haul, walked from change to change (a record, a new nisab) rather than day by day: the haul
 * starts at the last payment when the balance then holds the nisab, else on the first day it reaches
 * the nisab in force that day; a day below the nisab breaks it and it starts again when the balance
 * reaches the nisab again; it ends 355 days after its start. Zakat is then due on the lowest balance
 * held over the haul (its end included) when that reaches the nisab in force at the end; when it does
 * not (the nisab rose), nothing is due and the next haul starts on that day. Before its first record
 * a balance counts as below the nisab; after its last, the last one holds.
 */
export const haulCore = (input: HaulInput<unknown>): HaulCore => {
  const balances = daySteps(input.balances.map((b) => ({ date: b.date, value: b.balance })));
  const nisab = nisabSteps(input.nisab);
  const from = scanStart(input);
  const end = dayOf(input.asOf);
  const breaks: Array<HaulCore["breaks"][number]> = [];
  const endedBelowNisab: Array<HaulCore["endedBelowNisab"][number]> = [];
  let start: number | null = null;
  let startReason: HaulStartReason | null = null;
  let lowest: { day: number; balance: Cents } | null = null;
  let reached = false;
  if (from !== undefined && from <= end) {
    const changes = new Set<number>([from]);
    for (const step of [...balances, ...nisab]) {
      if (step.day > from && step.day <= end) changes.add(step.day);
    }
    const points = [...changes].sort((a, b) => a - b);
    for (let i = 0; i < points.length; i++) {
      const first = points[i]!;
      const last = (points[i + 1] ?? end + 1) - 1;
      const balance = stepAt(balances, first);
      const limit = stepAt(nisab, first) ?? nisab[0]!.value;
      const holds = balance !== undefined && balance >= limit;
      if (holds) reached = true;
      if (start !== null && !holds) {
        breaks.push({ day: first, balance: balance ?? ZERO, nisab: limit, since: start });
        start = null;
        lowest = null;
      }
      if (!holds) continue;
      let current: number = start ?? first;
      let low: { day: number; balance: Cents } = lowest ?? { day: first, balance };
      if (start === null) {
        startReason =
          input.lastPayment !== undefined && first === from ? "lastPayment" : "reachedNisab";
      } else if (balance < low.balance) low = { day: first, balance };
      // A segment may hold the end of one haul or more (a long unchanged balance).
      while (current + HAUL_DAYS <= last) {
        const due: number = current + HAUL_DAYS;
        if (low.balance >= limit) {
          return {
            status: "due",
            start: current,
            startReason,
            lowest: low,
            breaks,
            endedBelowNisab,
            neverReachedNisab: false,
          };
        }
        endedBelowNisab.push({ start: current, end: due, lowest: low.balance, nisab: limit });
        current = due;
        startReason = "previousHaulEnded";
        low = { day: due, balance };
      }
      start = current;
      lowest = low;
    }
  }
  return {
    status: start === null ? "none" : "running",
    start,
    startReason: start === null ? null : startReason,
    lowest,
    breaks,
    endedBelowNisab,
    neverReachedNisab: !reached,
  };
};

/** The haul of one wealth on `asOf`, with its due date, amount and the explanation of each step. */
export const assessHaul = <H = never>(input: HaulInput<H>): HaulResult<H> => {
  const core = haulCore(input);
  const nisab = nisabSteps(input.nisab);
  const dueDay = core.start === null ? null : core.start + HAUL_DAYS;
  const nisabAtEnd = dueDay === null ? null : (stepAt(nisab, dueDay) ?? nisab[0]!.value);
  const amount =
    core.lowest !== null && nisabAtEnd !== null && core.lowest.balance >= nisabAtEnd
      ? applyRate(core.lowest.balance, input.zakatRate)
      : ZERO;
  const dueDate = dueDay === null ? null : dateOfDay(dueDay);
  const result: Omit<HaulResult<H>, "steps"> = {
    wealth: input.wealth,
    status: core.status,
    start: core.start === null ? null : dateOfDay(core.start),
    startReason: core.startReason,
    dueDate,
    dueDateHijri: dueDate !== null && input.hijri !== undefined ? input.hijri(dueDate) : null,
    lowest:
      core.lowest === null
        ? null
        : { date: dateOfDay(core.lowest.day), balance: core.lowest.balance },
    breaks: core.breaks.map((b) => ({
      date: dateOfDay(b.day),
      balance: b.balance,
      nisab: b.nisab,
      since: dateOfDay(b.since),
    })),
    endedBelowNisab: core.endedBelowNisab.map((h) => ({
      start: dateOfDay(h.start),
      end: dateOfDay(h.end),
      lowest: h.lowest,
      nisab: h.nisab,
    })),
    nisabAtEnd,
    amount,
    zakatRate: input.zakatRate,
    asOf: input.asOf,
    neverReachedNisab: core.neverReachedNisab,
  };
  const nisabToday = stepAt(nisab, dayOf(input.asOf)) ?? nisab[0]!.value;
  return { ...result, steps: explainHaul(result, nisabToday, input.balances.length > 0) };
};
