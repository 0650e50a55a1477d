import type { RateConfig } from "./config.ts";
import { isCount } from "./counts.ts";
import type { Cents } from "./money.ts";
import { ZERO, cents, sumCents, timesCount } from "./money.ts";

/** Fidyah categories of spec §3. */
export type FidyahCategory = "haid" | "pregnancy" | "illness";
/** The fidyah categories, in the page's order: the receipt's `typeOfFidyah` names those paid for. */
export const FIDYAH_CATEGORIES: ReadonlyArray<FidyahCategory> = ["haid", "pregnancy", "illness"];

/** A row for one year of missed fasts: quantity (portions) = days; amount = quantity x fidyah per day. */
export interface FidyahYearRow {
  readonly year: string;
  readonly noOfDays: number;
  readonly quantity: number;
  readonly amount: Cents;
}

/** An illness row computed over several years: quantity = years x days; amount = quantity x per day. */
export interface FidyahCalcRow {
  readonly noOfYear: number;
  readonly noOfDays: number;
  readonly quantity: number;
  readonly amount: Cents;
}

/** One category: rows of years and their total. */
export interface FidyahCategoryState {
  readonly years: ReadonlyArray<FidyahYearRow>;
  readonly totalAmount: Cents;
}

/** Illness also has multi-year rows and a remark. */
export interface FidyahIllnessState extends FidyahCategoryState {
  readonly yearsCalc: ReadonlyArray<FidyahCalcRow>;
  readonly remark: string;
}

/** Fidyah state of spec §3. */
export interface FidyahState {
  readonly haid: FidyahCategoryState;
  readonly pregnancy: FidyahCategoryState;
  readonly illness: FidyahIllnessState;
  readonly haidAmount: Cents;
  readonly pregnancyAmount: Cents;
  readonly illnessAmount: Cents;
  readonly totalAmount: Cents;
}

/** An empty year row. */
export const emptyYearRow: FidyahYearRow = { year: "", noOfDays: 0, quantity: 0, amount: ZERO };
/** An empty multi-year row. */
export const emptyCalcRow: FidyahCalcRow = { noOfYear: 0, noOfDays: 0, quantity: 0, amount: ZERO };

/** Initial fidyah state: one empty row per category. */
export const initialFidyahState: FidyahState = {
  haid: { years: [emptyYearRow], totalAmount: ZERO },
  pregnancy: { years: [emptyYearRow], totalAmount: ZERO },
  illness: { years: [emptyYearRow], yearsCalc: [emptyCalcRow], remark: "", totalAmount: ZERO },
  haidAmount: ZERO,
  pregnancyAmount: ZERO,
  illnessAmount: ZERO,
  totalAmount: ZERO,
};

/** Edits of the fidyah page. A row patch with `calc: true` is an illness multi-year row. */
export type FidyahAction =
  | { readonly type: "addRow"; readonly category: FidyahCategory; readonly calc?: boolean }
  | {
      readonly type: "updateRow";
      readonly category: FidyahCategory;
      readonly index: number;
      readonly patch: { readonly year?: string; readonly noOfDays?: number };
    }
  | {
      readonly type: "updateCalcRow";
      readonly index: number;
      readonly patch: { readonly noOfYear?: number; readonly noOfDays?: number };
    }
  | {
      readonly type: "removeRow";
      readonly category: FidyahCategory;
      readonly index: number;
      readonly calc?: boolean;
    }
  | { readonly type: "setRemark"; readonly remark: string }
  | { readonly type: "setAmount"; readonly category: FidyahCategory; readonly amount: Cents | null }
  | { readonly type: "reset" };

const count = (n: number | undefined): number => n ?? 0;

/** True when a row patch carries a negative, fractional or unreadable count: the edit is refused. */
const refused = (patch: { readonly noOfDays?: number; readonly noOfYear?: number }): boolean =>
  [patch.noOfDays, patch.noOfYear].some((n) => n !== undefined && !isCount(n));

const priceYear = (row: FidyahYearRow, config: RateConfig): FidyahYearRow => {
  const quantity = count(row.noOfDays);
  return {
    ...row,
    noOfDays: quantity,
    quantity,
    amount: timesCount(config.fidyahPerDay, quantity),
  };
};

const priceCalc = (row: FidyahCalcRow, config: RateConfig): FidyahCalcRow => {
  const noOfYear = count(row.noOfYear);
  const noOfDays = count(row.noOfDays);
  const quantity = noOfYear * noOfDays;
  return { noOfYear, noOfDays, quantity, amount: timesCount(config.fidyahPerDay, quantity) };
};

const rowsTotal = (rows: ReadonlyArray<{ readonly amount: Cents }>): Cents =>
  sumCents(rows.map((r) => r.amount));

const withTotals = (state: FidyahState): FidyahState => ({
  ...state,
  haidAmount: state.haid.totalAmount,
  pregnancyAmount: state.pregnancy.totalAmount,
  illnessAmount: state.illness.totalAmount,
  totalAmount: sumCents([
    state.haid.totalAmount,
    state.illness.totalAmount,
    state.pregnancy.totalAmount,
  ]),
});

const setYears = (
  state: FidyahState,
  category: FidyahCategory,
  years: ReadonlyArray<FidyahYearRow>,
): FidyahState => {
  if (category === "illness") {
    return {
      ...state,
      illness: {
        ...state.illness,
        years,
        totalAmount: cents(rowsTotal(years) + rowsTotal(state.illness.yearsCalc)),
      },
    };
  }
  return { ...state, [category]: { years, totalAmount: rowsTotal(years) } };
};

const setCalc = (state: FidyahState, yearsCalc: ReadonlyArray<FidyahCalcRow>): FidyahState => ({
  ...state,
  illness: {
    ...state.illness,
    yearsCalc,
    totalAmount: cents(rowsTotal(state.illness.years) + rowsTotal(yearsCalc)),
  },
});

const edit = (state: FidyahState, action: FidyahAction, config: RateConfig): FidyahState => {
  switch (action.type) {
    case "addRow":
      return action.calc === true
        ? setCalc(state, [...state.illness.yearsCalc, emptyCalcRow])
        : setYears(state, action.category, [...state[action.category].years, emptyYearRow]);
    case "updateRow": {
      if (refused(action.patch)) return state;
      const rows = state[action.category].years.map((row, i) =>
        i === action.index ? priceYear({ ...row, ...action.patch }, config) : row,
      );
      const next = setYears(state, action.category, rows);
      return action.category === "illness" ? setCalc(next, [emptyCalcRow]) : next;
    }
    case "updateCalcRow": {
      if (refused(action.patch)) return state;
      const rows = state.illness.yearsCalc.map((row, i) =>
        i === action.index ? priceCalc({ ...row, ...action.patch }, config) : row,
      );
      return setCalc(setYears(state, "illness", [emptyYearRow]), rows);
    }
    case "removeRow":
      return action.calc === true
        ? setCalc(
            state,
            state.illness.yearsCalc.filter((_, i) => i !== action.index),
          )
        : setYears(
            state,
            action.category,
            state[action.category].years.filter((_, i) => i !== action.index),
          );
    case "setRemark":
      return { ...state, illness: { ...state.illness, remark: action.remark } };
    case "setAmount": {
      const capped = cents(Math.min(Math.max(action.amount ?? 0, 0), config.maxFidyahLimit));
      if (action.category === "illness") {
        return {
          ...state,
          illness: { years: [], yearsCalc: [], remark: "", totalAmount: capped },
        };
      }
      return { ...state, [action.category]: { years: [], totalAmount: capped } };
    }
    case "reset":
      return initialFidyahState;
  }
};

/**
 * Applies one fidyah edit (spec §4). Rows are priced as days x fidyah per day (no compounding for late
 * years). A negative, fractional or unreadable number of days or years is refused: the edit leaves the
 * state as it was (nothing is priced from it, nothing rounded); the page says why. Updating an illness year row resets the multi-year rows to one empty row, and the other way
 * round. A directly set amount clears the category's rows (and the illness remark) and is capped at the
 * configured maximum; an empty amount counts as zero. Category totals are the sum of their rows; the
 * overall total is haid + illness + pregnancy.
 */
export const reduceFidyah = (
  state: FidyahState,
  action: FidyahAction,
  config: RateConfig,
): FidyahState => withTotals(edit(state, action, config));
