import { gregorianOf, hijriDateOf, type HijriCalendar } from "../calendar/hijri-calendar.ts";
import type { HijriDay, HijriEstimator } from "../calendar/hijri-date.ts";
import { applyRate, ZERO, type Cents } from "../money.ts";
import type { SgtDate } from "../recurring.ts";
import type { AssetClass } from "./assessment.ts";
import { dateOfDay, dayOf } from "./days.ts";
import type { HaulWealth } from "./haul.ts";

/**
 * The year's ledger (issue 33, docs/ledger.md): for one Hijri year by the council's calendar, per kind,
 * what was assessed, what was paid (net of refunds) and what remains. Pure: the caller reads the
 * donor's own gifts, saved assessments, hauls and missed-fasts log and passes them in.
 */

/** The kinds the ledger keeps; wakaf is shown as given, with nothing owed. */
export const LEDGER_KINDS = ["harta", "fitrah", "fidyah", "kaffarah", "wakaf"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Which ledger kind a donation's item counts under (the wakaf funds together). */
export const ledgerKindOf = (item: string): LedgerKind | undefined =>
  item === "harta" || item === "fitrah" || item === "fidyah" || item === "kaffarah"
    ? item
    : item === "ilmu" || item === "wms"
      ? "wakaf"
      : undefined;

/** A Hijri year's Gregorian days (both ends included), each end marked when it is estimated. */
export interface YearSpan {
  readonly hijriYear: number;
  readonly start: SgtDate;
  readonly end: SgtDate;
  readonly startEstimated: boolean;
  readonly endEstimated: boolean;
}

/** The Hijri year `today` falls in, from its 1 Muharram to the day before the next one's. */
export const hijriYearSpan = (
  calendar: HijriCalendar,
  today: SgtDate,
  estimate: HijriEstimator,
): YearSpan | undefined => {
  const now = hijriDateOf(calendar, today, estimate);
  if (!now) return undefined;
  const first = gregorianOf(calendar, { year: now.year, month: 1, day: 1 }, estimate);
  const next = gregorianOf(calendar, { year: now.year + 1, month: 1, day: 1 }, estimate);
  if (!first || !next) return undefined;
  return {
    hijriYear: now.year,
    start: first.date,
    end: dateOfDay(dayOf(next.date) - 1),
    startEstimated: first.estimated,
    endEstimated: next.estimated,
  };
};

const within = (span: YearSpan, date: SgtDate) =>
  dayOf(date) >= dayOf(span.start) && dayOf(date) <= dayOf(span.end);

/** One of the donor's gifts, online or a counter receipt already linked to the donor on proof. */
export interface LedgerGift {
  readonly transactionNo: string;
  readonly receiptNo: string | null;
  /** The Singapore day it was paid (its receipt's issue). */
  readonly paidOn: SgtDate;
  /** The channel: `online`, `counter` (a mosque counter) or `kiosk`. */
  readonly source: string;
  readonly status: "succeeded" | "refunded" | "voided";
  /** Cents per item (`harta`, `fitrah`, `fidyah`, `kaffarah`, `ilmu`, `wms`); no card fee. */
  readonly amounts: Readonly<Record<string, number>>;
  /** Cents given back (a refund in part or whole, or a void). */
  readonly refundedCents: number;
}

/**
 * A refund of `refunded` cents spread over a gift's items in proportion to their amounts, in whole
 * cents (largest remainder, ties to the first item): the parts always add up to `refunded` (capped at
 * the gift's total). A voided gift gives back everything.
 */
export const refundShares = (
  amounts: Readonly<Record<string, number>>,
  refunded: number,
): Record<string, number> => {
  const items = Object.entries(amounts).filter(([, v]) => v > 0);
  const total = items.reduce((s, [, v]) => s + v, 0);
  const back = Math.max(0, Math.min(refunded, total));
  if (total === 0 || back === 0) return Object.fromEntries(items.map(([k]) => [k, 0]));
  const parts = items.map(([k, v]) => {
    const exact = (v * back) / total;
    return { k, whole: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = back - parts.reduce((s, p) => s + p.whole, 0);
  for (const p of [...parts].sort((a, b) => b.rest - a.rest)) {
    if (left === 0) break;
    p.whole += 1;
    left -= 1;
  }
  return Object.fromEntries(parts.map((p) => [p.k, p.whole]));
};

/** A haul the tracker found, for one wealth. */
export interface LedgerHaul {
  readonly wealth: HaulWealth;
  readonly status: "none" | "running" | "due";
  readonly dueDate: SgtDate | null;
  readonly dueDateHijri: HijriDay | null;
  readonly amount: number;
}

/** A saved assessment (its day and its zakat per asset class). */
export interface LedgerAssessment {
  readonly id: string;
  readonly assessedOn: SgtDate;
  readonly hijriYear: number;
  readonly lines: Readonly<Record<AssetClass, number>>;
  readonly total: number;
}

/** Why a figure is what it is: a code the page words, and the figures it names. */
export interface LedgerNote {
  readonly code: string;
  readonly values: Readonly<Record<string, string | number | boolean | null>>;
}

/** A gift as one row of a kind: its part of the gift, and of the refund. */
export interface LedgerGiftLine {
  readonly transactionNo: string;
  readonly receiptNo: string | null;
  readonly paidOn: SgtDate;
  readonly source: string;
  readonly cents: number;
  readonly refundedCents: number;
}

export interface LedgerRow {
  readonly kind: LedgerKind;
  /** Null: nothing assessed for this kind (wakaf always). */
  readonly assessed: Cents | null;
  /** Given in the year, less what was given back. */
  readonly paid: Cents;
  readonly refunded: Cents;
  /** Null when nothing is assessed; never below zero (`over` says by how much it was passed). */
  readonly remaining: Cents | null;
  readonly over: Cents;
  readonly notes: ReadonlyArray<LedgerNote>;
  readonly gifts: ReadonlyArray<LedgerGiftLine>;
}

export interface YearLedger {
  readonly span: YearSpan;
  readonly rows: ReadonlyArray<LedgerRow>;
}

/** The tracker's wealth and the assessment's asset class it stands for. */
const CLASS_OF: Readonly<Record<HaulWealth, AssetClass>> = {
  savings: "savings",
  shares: "shares",
  insurance: "insurance",
  cpf: "cpf",
};

/** The latest saved assessment of the span's Hijri year (the donor's last word on that year). */
export const yearsAssessment = <A extends Pick<LedgerAssessment, "hijriYear" | "assessedOn">>(
  saved: ReadonlyArray<A>,
  hijriYear: number,
): A | undefined =>
  saved
    .filter((a) => a.hijriYear === hijriYear)
    .reduce<A | undefined>(
      (l, a) => (l === undefined || a.assessedOn > l.assessedOn ? a : l),
      undefined,
    );

/**
 * Zakat harta assessed for the year: per asset class, a haul of that wealth falling due in the year
 * (its amount) in place of the year's latest saved assessment's line; the other classes from the
 * assessment. Null when there is neither.
 */
const hartaAssessed = (
  span: YearSpan,
  assessment: LedgerAssessment | undefined,
  hauls: ReadonlyArray<LedgerHaul>,
): { assessed: Cents | null; notes: LedgerNote[] } => {
  const falling = hauls.filter(
    (h) => h.status !== "none" && h.dueDate !== null && within(span, h.dueDate) && h.amount > 0,
  );
  const notes: LedgerNote[] = [];
  if (!assessment && falling.length === 0) {
    return { assessed: null, notes: [{ code: "ledger_harta_none", values: {} }] };
  }
  let sum = 0;
  const replaced = new Set(falling.map((h) => CLASS_OF[h.wealth]));
  if (assessment) {
    const kept = Object.entries(assessment.lines)
      .filter(([k]) => !replaced.has(k as AssetClass))
      .reduce((s, [, v]) => s + v, 0);
    sum += kept;
    notes.push({
      code: "ledger_harta_assessment",
      values: { date: assessment.assessedOn, total: assessment.total, counted: kept },
    });
  }
  for (const h of falling) {
    sum += h.amount;
    notes.push({
      code: h.status === "due" ? "ledger_harta_haul_due" : "ledger_harta_haul_running",
      values: {
        wealth: h.wealth,
        date: h.dueDate,
        hijriDay: h.dueDateHijri?.day ?? null,
        hijriMonth: h.dueDateHijri?.month ?? null,
        hijriYear: h.dueDateHijri?.year ?? null,
        estimated: h.dueDateHijri?.estimated ?? null,
        amount: h.amount,
        replaces: assessment !== undefined,
      },
    });
  }
  return { assessed: sum as Cents, notes };
};

/** The ledger of `span` from the donor's own records (filtered here to the year). */
export const yearLedger = (input: {
  readonly span: YearSpan;
  readonly gifts: ReadonlyArray<LedgerGift>;
  readonly assessments: ReadonlyArray<LedgerAssessment>;
  readonly hauls: ReadonlyArray<LedgerHaul>;
  /** The missed-fasts log: days not yet paid, the rate per day, the transactions that paid entries. */
  readonly fasts: {
    readonly daysOwed: number;
    readonly perDay: number;
    readonly paidBy: ReadonlyArray<string>;
  };
}): YearLedger => {
  const { span } = input;
  const lines = new Map<LedgerKind, LedgerGiftLine[]>(LEDGER_KINDS.map((k) => [k, []]));
  for (const gift of input.gifts) {
    if (!within(span, gift.paidOn)) continue;
    const back = refundShares(
      gift.amounts,
      gift.status === "voided" ? Number.MAX_SAFE_INTEGER : gift.refundedCents,
    );
    for (const [item, cents] of Object.entries(gift.amounts)) {
      const kind = ledgerKindOf(item);
      if (!kind || cents <= 0) continue;
      lines.get(kind)!.push({
        transactionNo: gift.transactionNo,
        receiptNo: gift.receiptNo,
        paidOn: gift.paidOn,
        source: gift.source,
        cents,
        refundedCents: back[item] ?? 0,
      });
    }
  }
  const assessment = yearsAssessment(input.assessments, span.hijriYear);
  const harta = hartaAssessed(span, assessment, input.hauls);
  const fidyahLines = lines.get("fidyah")!;
  const paidFromLog = fidyahLines
    .filter((l) => input.fasts.paidBy.includes(l.transactionNo))
    .reduce((s, l) => s + l.cents, 0);
  const owed = input.fasts.daysOwed * input.fasts.perDay;
  const fidyah =
    owed === 0 && paidFromLog === 0
      ? { assessed: null, notes: [{ code: "ledger_fidyah_none", values: {} }] }
      : {
          assessed: (owed + paidFromLog) as Cents,
          notes: [
            {
              code: "ledger_fidyah_owed",
              values: { days: input.fasts.daysOwed, perDay: input.fasts.perDay, amount: owed },
            },
            ...(paidFromLog > 0
              ? [{ code: "ledger_fidyah_paid_from_log", values: { amount: paidFromLog } }]
              : []),
          ],
        };
  const assessedOf: Record<LedgerKind, { assessed: Cents | null; notes: LedgerNote[] }> = {
    harta,
    fitrah: { assessed: null, notes: [{ code: "ledger_fitrah_not_assessed", values: {} }] },
    fidyah,
    kaffarah: { assessed: null, notes: [{ code: "ledger_kaffarah_not_assessed", values: {} }] },
    wakaf: { assessed: null, notes: [{ code: "ledger_wakaf_given", values: {} }] },
  };
  const rows = LEDGER_KINDS.map((kind): LedgerRow => {
    const gifts = lines.get(kind)!;
    const gross = gifts.reduce((s, l) => s + l.cents, 0);
    const refunded = gifts.reduce((s, l) => s + l.refundedCents, 0);
    const paid = gross - refunded;
    const { assessed, notes } = assessedOf[kind];
    const remaining = assessed === null ? null : Math.max(0, assessed - paid);
    const over = assessed === null ? 0 : Math.max(0, paid - assessed);
    return {
      kind,
      assessed,
      paid: paid as Cents,
      refunded: refunded as Cents,
      remaining: remaining as Cents | null,
      over: over as Cents,
      notes: [
        ...notes,
        { code: "ledger_paid", values: { count: gifts.length, gross, refunded, paid } },
        ...(assessed === null
          ? []
          : [
              remaining! > 0
                ? { code: "ledger_remaining", values: { amount: remaining } }
                : over > 0
                  ? { code: "ledger_over", values: { amount: over } }
                  : { code: "ledger_settled", values: {} },
            ]),
      ],
      gifts,
    };
  });
  return { span, rows };
};

/** The smallest base whose zakat at `rate` is at least `zakat` (to pay a remaining amount). */
export const zakatBaseFor = (zakat: number, rate: number): Cents => {
  if (zakat <= 0 || rate <= 0) return ZERO;
  let base = Math.ceil(zakat / rate);
  while (base > 0 && applyRate((base - 1) as Cents, rate) >= zakat) base -= 1;
  while (applyRate(base as Cents, rate) < zakat) base += 1;
  return base as Cents;
};
