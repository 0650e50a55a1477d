import type { Cents } from "../money.ts";
import type { SgtDate } from "../recurring.ts";
import type { NisabSchedule, NisabStep } from "./balances.ts";
import { dayOf } from "./days.ts";
import { assessHaul, type HaulResult, type HaulWealth } from "./haul.ts";

/**
 * Seed data, not rules: the nisab figures `design/facts.md` gives as published (May 2024 $8,937, March
 * 2025 $10,975, the seeded rates' nisab), each from the first of its month. The tracker's nisab
 * history starts from these; each nisab officers publish afterwards is added from its effective date.
 */
export const seedNisabHistory: NisabSchedule = [
  { from: "2024-05-01", nisab: 893_700 as Cents },
  { from: "2025-03-01", nisab: 1_097_500 as Cents },
];

/** The wealth the tracker keeps, in the order the page shows it (each meets the nisab on its own). */
export const HAUL_WEALTH: ReadonlyArray<HaulWealth> = ["savings", "shares", "insurance", "cpf"];

export const isHaulWealth = (value: unknown): value is HaulWealth =>
  HAUL_WEALTH.includes(value as HaulWealth);

/** `balance`: the wealth held on a date; `payment`: "I paid zakat on this wealth on that date". */
export type HaulEntryKind = "balance" | "payment";

/** One line the donor recorded. */
export interface HaulEntry {
  readonly id: string;
  readonly wealth: HaulWealth;
  readonly kind: HaulEntryKind;
  readonly date: SgtDate;
  /** The balance, in cents (null for a payment). */
  readonly balance: Cents | null;
}

/** How many lines one donor may keep (all wealth together): years of month-end balances. */
export const HAUL_ENTRY_LIMIT = 600;

/** The earliest date a line may carry. */
export const HAUL_EARLIEST_DATE = "2000-01-01";

/** The largest balance a line may carry: $9,999,999,999.99 (well inside a safe integer). */
export const HAUL_MAX_BALANCE_CENTS = 999_999_999_999;

/** Why a line is refused; the code is also the translation key (dots as underscores). */
export type HaulEntryProblem =
  | "haul.dateInvalid"
  | "haul.dateTooEarly"
  | "haul.dateInFuture"
  | "haul.balanceInvalid"
  | "haul.balanceNotForPayment";

/**
 * A line's date and balance as the server checks them again: a real `YYYY-MM-DD` day from 2000 up to
 * today (Singapore), a balance of whole cents from 0 to the cap for a balance line, none for a
 * payment. Answers the problem, or undefined when the line is sound.
 */
export const haulEntryProblem = (
  entry: { readonly kind: HaulEntryKind; readonly date: string; readonly balance: unknown },
  today: SgtDate,
): HaulEntryProblem | undefined => {
  let day: number;
  try {
    day = dayOf(entry.date);
  } catch {
    return "haul.dateInvalid";
  }
  if (day < dayOf(HAUL_EARLIEST_DATE)) return "haul.dateTooEarly";
  if (day > dayOf(today)) return "haul.dateInFuture";
  if (entry.kind === "payment") {
    return entry.balance === null || entry.balance === undefined
      ? undefined
      : "haul.balanceNotForPayment";
  }
  const balance = entry.balance;
  return typeof balance === "number" &&
    Number.isSafeInteger(balance) &&
    balance >= 0 &&
    balance <= HAUL_MAX_BALANCE_CENTS
    ? undefined
    : "haul.balanceInvalid";
};

/**
 * The nisab over time from what the council published: the steps it published (each in force from
 * its date), and the nisab in force now counted from `current.since` when no published step already
 * says so. Oldest first; of two steps on one day the later given wins (`daySteps`).
 */
export const nisabHistory = (
  published: ReadonlyArray<NisabStep>,
  current: { readonly nisab: Cents; readonly since: SgtDate },
): NisabSchedule => {
  const steps = [...published].sort((a, b) => dayOf(a.from) - dayOf(b.from));
  const last = steps.at(-1);
  if (last === undefined) return [{ from: HAUL_EARLIEST_DATE, nisab: current.nisab }];
  if (last.nisab === current.nisab) return steps;
  const since = dayOf(current.since) > dayOf(last.from) ? current.since : last.from;
  return [
    ...steps.filter((s) => dayOf(s.from) < dayOf(since)),
    { from: since, nisab: current.nisab },
  ];
};

/** Where a haul's counting starts from: the donor's recorded payment, or their last one here. */
export type HaulPaymentSource = "recorded" | "portal";

/** One wealth's haul as the tracker shows it. */
export interface TrackedHaul<H = never> {
  readonly wealth: HaulWealth;
  readonly lastPayment: { readonly date: SgtDate; readonly source: HaulPaymentSource } | null;
  readonly haul: HaulResult<H>;
}

/**
 * Every wealth the donor recorded a line for, assessed on `asOf`: the haul counts from the latest
 * payment the donor recorded on that wealth (on or before `asOf`) or, without one, from their last
 * zakat harta payment through the portal (`portalPayment`), else from the first balance.
 */
export const haulTracker = <H = never>(input: {
  readonly entries: ReadonlyArray<HaulEntry>;
  readonly portalPayment: SgtDate | null;
  readonly nisab: NisabSchedule;
  readonly zakatRate: number;
  readonly asOf: SgtDate;
  readonly hijri?: ((date: SgtDate) => H) | undefined;
}): TrackedHaul<H>[] => {
  const today = dayOf(input.asOf);
  return HAUL_WEALTH.flatMap((wealth) => {
    const mine = input.entries.filter((e) => e.wealth === wealth);
    if (mine.length === 0) return [];
    const paid = mine
      .filter((e) => e.kind === "payment" && dayOf(e.date) <= today)
      .map((e) => e.date)
      .sort((a, b) => dayOf(a) - dayOf(b))
      .at(-1);
    const portal =
      input.portalPayment !== null && dayOf(input.portalPayment) <= today
        ? input.portalPayment
        : undefined;
    const lastPayment =
      paid !== undefined
        ? { date: paid, source: "recorded" as const }
        : portal !== undefined
          ? { date: portal, source: "portal" as const }
          : null;
    const haul = assessHaul<H>({
      wealth,
      balances: mine
        .filter((e) => e.kind === "balance" && e.balance !== null)
        .map((e) => ({ date: e.date, balance: e.balance! })),
      lastPayment: lastPayment?.date,
      nisab: input.nisab,
      zakatRate: input.zakatRate,
      asOf: input.asOf,
      hijri: input.hijri,
    });
    return [{ wealth, lastPayment, haul }];
  });
};
