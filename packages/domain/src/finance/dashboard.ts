import type { FlowType } from "../flow.ts";
import type { RecurringFrequency } from "../recurring.ts";

/** Paid gifts of one Singapore day, fund and payment method (the dashboard's one grouped read). */
export interface DayCell {
  /** YYYY-MM-DD, Singapore. */
  readonly day: string;
  readonly fund: FlowType;
  readonly method: string;
  readonly count: number;
  /** Cents. */
  readonly amount: number;
}

export interface Bucket {
  readonly key: string;
  readonly count: number;
  readonly amount: number;
}

export interface Collections {
  readonly byDay: ReadonlyArray<Bucket>;
  /** Weeks start on Monday; the key is the Monday's date. */
  readonly byWeek: ReadonlyArray<Bucket>;
  /** YYYY-MM. */
  readonly byMonth: ReadonlyArray<Bucket>;
  readonly byFund: ReadonlyArray<Bucket>;
  readonly byMethod: ReadonlyArray<Bucket>;
  readonly total: Bucket;
}

const mondayOf = (day: string): string => {
  const t = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - weekday * 86_400_000).toISOString().slice(0, 10);
};

const group = (cells: ReadonlyArray<DayCell>, keyOf: (c: DayCell) => string): Bucket[] => {
  const sums = new Map<string, { count: number; amount: number }>();
  for (const c of cells) {
    const k = keyOf(c);
    const s = sums.get(k) ?? { count: 0, amount: 0 };
    s.count += c.count;
    s.amount += c.amount;
    sums.set(k, s);
  }
  return [...sums].map(([key, s]) => ({ key, ...s })).sort((a, b) => (a.key < b.key ? -1 : 1));
};

/** Day, week, month, fund and method totals of the same cells: each adds up to the same total. */
export const collections = (cells: ReadonlyArray<DayCell>): Collections => ({
  byDay: group(cells, (c) => c.day),
  byWeek: group(cells, (c) => mondayOf(c.day)),
  byMonth: group(cells, (c) => c.day.slice(0, 7)),
  byFund: group(cells, (c) => c.fund),
  byMethod: group(cells, (c) => c.method),
  total: {
    key: "total",
    count: cells.reduce((n, c) => n + c.count, 0),
    amount: cells.reduce((n, c) => n + c.amount, 0),
  },
});

/** Charges a month, on average, of a plan at each frequency. */
const PER_MONTH: Readonly<Record<RecurringFrequency, number>> = {
  daily: 365 / 12,
  weekly: 52 / 12,
  monthly: 1,
  quarterly: 1 / 3,
  annually: 1 / 12,
};

/** Recurring plans in force and what they bring in a month on average (cents, rounded). */
export const monthlyValue = (
  plans: ReadonlyArray<{
    readonly frequency: string;
    readonly count: number;
    readonly amount: number;
  }>,
): { readonly plans: number; readonly monthly: number } => ({
  plans: plans.reduce((n, p) => n + p.count, 0),
  monthly: Math.round(
    plans.reduce((n, p) => n + p.amount * (PER_MONTH[p.frequency as RecurringFrequency] ?? 0), 0),
  ),
});
