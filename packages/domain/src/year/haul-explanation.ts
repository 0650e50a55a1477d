import { HAUL_DAYS } from "../format/dates.ts";
import type { Cents } from "../money.ts";
import type { SgtDate } from "../recurring.ts";
import { figure, type Figure } from "../zakat/explanation.ts";
import type { HaulResult } from "./haul.ts";
import { dayOf } from "./days.ts";

/** A date that took part in a step (a calendar date, formatted by the page in its language). */
export interface DateFigure {
  readonly key: string;
  readonly value: SgtDate;
  readonly unit: "date";
}

/**
 * Each step of a haul, as the calculator's results are explained: a code (also a translation key) and
 * the figures it names, so a page says it in English or Malay.
 */
export type HaulStepCode =
  | "haul.nothingRecorded"
  | "haul.neverReachedNisab"
  | "haul.startedAtPayment"
  | "haul.startedAtNisab"
  | "haul.broken"
  | "haul.endedBelowNisab"
  | "haul.startedAfterHaul"
  | "haul.waitingForNisab"
  | "haul.lowest"
  | "haul.dueDate"
  | "haul.amountDue"
  | "haul.amountExpected"
  | "haul.lowestBelowNisabAtEnd";

/** One explained step. */
export interface HaulStep {
  readonly code: HaulStepCode;
  readonly figures: ReadonlyArray<Figure | DateFigure>;
}

const date = (key: string, value: SgtDate): DateFigure => ({ key, value, unit: "date" });
const money = (key: string, value: Cents): Figure => figure(key, value, "cents");

/**
 * The steps in the order they happened: how each haul began, each break, each haul that ended with
 * nothing due, then the current haul's lowest balance, due date and amount (or why none runs).
 */
export const explainHaul = (
  r: Omit<HaulResult<unknown>, "steps">,
  nisabToday: Cents,
  recorded: boolean,
): HaulStep[] => {
  const today = [money("nisab", nisabToday), date("asOf", r.asOf)];
  if (!recorded) return [{ code: "haul.nothingRecorded", figures: today }];
  if (r.start === null && r.neverReachedNisab) {
    return [{ code: "haul.neverReachedNisab", figures: today }];
  }
  const events: Array<{ day: number; order: number; step: HaulStep }> = [];
  const at = (when: SgtDate, order: number, step: HaulStep) =>
    events.push({ day: dayOf(when), order, step });
  for (const b of r.breaks) {
    at(b.date, 1, {
      code: "haul.broken",
      figures: [
        date("since", b.since),
        date("date", b.date),
        money("balance", b.balance),
        money("nisab", b.nisab),
      ],
    });
  }
  for (const h of r.endedBelowNisab) {
    at(h.end, 2, {
      code: "haul.endedBelowNisab",
      figures: [
        date("start", h.start),
        date("end", h.end),
        money("lowest", h.lowest),
        money("nisab", h.nisab),
      ],
    });
  }
  events.sort((a, b) => a.day - b.day || a.order - b.order);
  const steps = events.map((e) => e.step);
  if (r.start === null || r.lowest === null || r.dueDate === null || r.nisabAtEnd === null) {
    return [...steps, { code: "haul.waitingForNisab", figures: today }];
  }
  const startCode =
    r.startReason === "lastPayment"
      ? "haul.startedAtPayment"
      : r.startReason === "previousHaulEnded"
        ? "haul.startedAfterHaul"
        : "haul.startedAtNisab";
  const amountFigures = [
    money("lowest", r.lowest.balance),
    money("nisab", r.nisabAtEnd),
    figure("zakatRate", r.zakatRate, "rate"),
    money("amount", r.amount),
  ];
  return [
    ...steps,
    { code: startCode, figures: [date("start", r.start)] },
    {
      code: "haul.lowest",
      figures: [date("date", r.lowest.date), money("balance", r.lowest.balance)],
    },
    {
      code: "haul.dueDate",
      figures: [
        date("start", r.start),
        figure("days", HAUL_DAYS, "count"),
        date("dueDate", r.dueDate),
      ],
    },
    r.lowest.balance < r.nisabAtEnd
      ? { code: "haul.lowestBelowNisabAtEnd", figures: amountFigures }
      : {
          code: r.status === "due" ? "haul.amountDue" : "haul.amountExpected",
          figures: amountFigures,
        },
  ];
};
