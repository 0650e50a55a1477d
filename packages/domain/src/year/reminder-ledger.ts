import { timesCount, ZERO, type Cents } from "../money.ts";
import type { SgtDate } from "../recurring.ts";
import { dayOf } from "./days.ts";
import { HAUL_WEALTH } from "./tracker.ts";
import {
  yearLedger,
  type LedgerAssessment,
  type LedgerGift,
  type LedgerHaul,
  type YearLedger,
  type YearSpan,
} from "./ledger.ts";
import { haulDueOf, type HaulDue, type ReminderRates, type WealthRecord } from "./reminders.ts";

/**
 * The reminders after the year's ledger (issue 33, docs/reminders.md and docs/ledger.md): a haul
 * reminder asks for what is still due on that haul after what the donor has already paid of zakat
 * harta this Hijri year, and a fidyah reminder for the fidyah owed less what was paid of it this year;
 * what is fully paid is not reminded. Pure: the job reads the donor's year and passes it in.
 */

/** The donor's zakat harta payments through the portal that a haul may be counted from. */
export interface PortalHartaPayments {
  /** The last one paid before the Hijri year began: where the year's ledger counts a haul from. */
  readonly beforeYear?: SgtDate | undefined;
  /** The last one so far: where the tracker page counts a haul from. */
  readonly latest?: SgtDate | undefined;
}

/** What the ledger reads of a donor's year beside the hauls and the missed-fasts log. */
export interface DonorLedgerYear {
  /** The gifts the account holds paid within the year (online, and counter receipts linked on proof). */
  readonly gifts: ReadonlyArray<LedgerGift>;
  /** The donor's saved assessments of the year (the latest counts). */
  readonly assessments: ReadonlyArray<LedgerAssessment>;
  /** The transactions that paid entries of the missed-fasts log. */
  readonly fidyahPaidBy: ReadonlyArray<string>;
}

/**
 * Each wealth's haul with zakat due, counted as the year's ledger counts it (docs/ledger.md): from the
 * payment the donor recorded on that wealth, else from their last zakat harta payment through the
 * portal made before the year began (a payment this year pays the haul, it does not move it). A haul
 * that so falls due after the year belongs to the next year's ledger, for which this year's payments
 * came before the year: it is counted from the latest payment, as the tracker page counts it.
 */
export const yearHaulsDue = (
  wealth: ReadonlyArray<WealthRecord>,
  portal: PortalHartaPayments,
  span: Pick<YearSpan, "end"> | undefined,
  rates: Pick<ReminderRates, "nisab" | "zakatRate">,
  today: SgtDate,
): HaulDue[] => {
  const due: HaulDue[] = [];
  const end = span === undefined ? undefined : dayOf(span.end);
  for (const record of wealth) {
    let haul: HaulDue | undefined;
    if (record.lastPayment !== undefined || end === undefined) {
      haul = haulDueOf(record, record.lastPayment ?? portal.latest, rates, today);
    } else {
      haul = haulDueOf(record, portal.beforeYear, rates, today);
      if ((haul === undefined || dayOf(haul.dueDate) > end) && portal.latest !== portal.beforeYear)
        haul = haulDueOf(record, portal.latest, rates, today);
    }
    if (haul) due.push(haul);
  }
  return due;
};

/** A haul with zakat due, after the year's ledger: `amount` is what is still due of its `zakat`. */
export interface HaulOwed extends HaulDue {
  /** Zakat on the haul by MUIS's rule. */
  readonly zakat: Cents;
  /** Paid towards it this Hijri year (zakat harta through the portal and linked counter receipts). */
  readonly paid: Cents;
}

/** Fidyah for the fasts owed, after the year's ledger. */
export interface FidyahOwed {
  readonly days: number;
  /** The days owed at today's rate. */
  readonly owed: Cents;
  /** Paid of it this Hijri year (fidyah gifts that paid no entry of the log). */
  readonly paid: Cents;
  /** Still due (`owed` less `paid`, never below zero). */
  readonly left: Cents;
}

/** What a donor's reminders ask for after the year's ledger. */
export interface OwedAfterLedger {
  readonly hauls: ReadonlyArray<HaulOwed>;
  readonly fidyah: FidyahOwed;
  /** The ledger, when the donor's year has anything that moves it (gifts or an assessment). */
  readonly ledger?: YearLedger | undefined;
}

const wealthOrder = (wealth: string) => HAUL_WEALTH.indexOf(wealth as never);

/** A haul as the ledger counts it: falling due in the span, assessed at its zakat. */
const ledgerHaul = (haul: HaulDue, today: SgtDate): LedgerHaul => ({
  wealth: haul.wealth,
  status: dayOf(haul.dueDate) <= dayOf(today) ? "due" : "running",
  dueDate: haul.dueDate,
  dueDateHijri: null,
  amount: haul.amount,
});

/**
 * The hauls and fidyah a donor is asked for after the year's ledger. The year's zakat harta paid (net
 * of refunds, `yearLedger`) counts first towards what the year's latest saved assessment assessed
 * outside the hauls, then towards the hauls falling due in the year, earliest due first (the wealth's
 * order on a tie); so the hauls together are asked for the ledger's harta remaining at most (exactly
 * when it is less than their zakat). A haul falling due after the year is asked for in full (the
 * next year's payments will pay it). Fidyah: what the ledger's fidyah row has left, at most the fasts
 * owed at today's rate.
 */
export const owedAfterLedger = (input: {
  readonly span: YearSpan;
  readonly today: SgtDate;
  readonly hauls: ReadonlyArray<HaulDue>;
  readonly year: DonorLedgerYear;
  readonly fidyah: { readonly days: number; readonly perDay: Cents };
}): OwedAfterLedger => {
  const { span, today, year } = input;
  const owed = timesCount(input.fidyah.perDay, input.fidyah.days);
  const end = dayOf(span.end);
  const start = dayOf(span.start);
  // Nothing paid and nothing assessed this year: the ledger moves nothing (a test holds it equal).
  if (year.gifts.length === 0 && year.assessments.length === 0) {
    return {
      hauls: input.hauls.map((h) => ({ ...h, zakat: h.amount, paid: ZERO })),
      fidyah: { days: input.fidyah.days, owed, paid: ZERO, left: owed },
    };
  }
  const inYear = input.hauls
    .filter((h) => dayOf(h.dueDate) >= start && dayOf(h.dueDate) <= end)
    .sort(
      (a, b) =>
        dayOf(a.dueDate) - dayOf(b.dueDate) || wealthOrder(a.wealth) - wealthOrder(b.wealth),
    );
  const ledger = yearLedger({
    span,
    gifts: year.gifts,
    assessments: year.assessments,
    hauls: inYear.map((h) => ledgerHaul(h, today)),
    fasts: { daysOwed: input.fidyah.days, perDay: input.fidyah.perDay, paidBy: year.fidyahPaidBy },
  });
  const harta = ledger.rows.find((r) => r.kind === "harta")!;
  const fidyahRow = ledger.rows.find((r) => r.kind === "fidyah")!;
  const haulsZakat = inYear.reduce((s, h) => s + h.amount, 0);
  // What the assessment counted outside the hauls, which the year's payments meet first.
  const outside = Math.max(0, (harta.assessed ?? 0) - haulsZakat);
  let towardsHauls = Math.max(0, harta.paid - outside);
  const paidOf = new Map<HaulDue, number>();
  for (const haul of inYear) {
    const paid = Math.min(haul.amount, towardsHauls);
    paidOf.set(haul, paid);
    towardsHauls -= paid;
  }
  const hauls = input.hauls.map((h): HaulOwed => {
    const paid = paidOf.get(h) ?? 0;
    return { ...h, zakat: h.amount, paid: paid as Cents, amount: (h.amount - paid) as Cents };
  });
  const left = Math.min(owed, fidyahRow.remaining ?? 0);
  return {
    hauls,
    fidyah: {
      days: input.fidyah.days,
      owed,
      paid: (owed - left) as Cents,
      left: left as Cents,
    },
    ledger,
  };
};
