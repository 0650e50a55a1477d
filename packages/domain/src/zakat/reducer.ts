import type { RateConfig } from "../config.ts";
import type { Cents } from "../money.ts";
import { withResults } from "./calculate.ts";
import {
  emptyInsurancePolicy,
  emptySavingsAccount,
  emptySharesPortfolio,
  initialZakatState,
  type BusinessState,
  type FitrahKind,
  type InsurancePolicy,
  type SavingsAccount,
  type SharesPortfolio,
  type ZakatState,
} from "./state.ts";

/** Business fields a donor can edit. */
export type BusinessPatch = Partial<
  Pick<
    BusinessState,
    | "type"
    | "currentAssets"
    | "assetsToAdd"
    | "assetsToRemove"
    | "currentLiabilities"
    | "liabilitiesToAdd"
    | "ownershipSharePercent"
  >
>;

/** Every edit the calculator accepts. */
export type ZakatAction =
  | { readonly type: "savings/add" }
  | {
      readonly type: "savings/update";
      readonly index: number;
      readonly patch: Partial<SavingsAccount>;
    }
  | { readonly type: "savings/remove"; readonly index: number }
  | {
      readonly type: "gold/setWeight";
      readonly bucket: "forUsage" | "notForUsage";
      readonly grams: number;
    }
  | { readonly type: "insurance/add" }
  | {
      readonly type: "insurance/update";
      readonly index: number;
      readonly patch: Partial<InsurancePolicy>;
    }
  | { readonly type: "insurance/remove"; readonly index: number }
  | { readonly type: "shares/add" }
  | {
      readonly type: "shares/update";
      readonly index: number;
      readonly patch: Partial<SharesPortfolio>;
    }
  | { readonly type: "shares/remove"; readonly index: number }
  | { readonly type: "cpf/setOrdinaryAccount"; readonly amount: Cents }
  | { readonly type: "business/update"; readonly patch: BusinessPatch }
  | { readonly type: "fitrah/setPersons"; readonly kind: FitrahKind; readonly persons: number }
  | { readonly type: "fitrah/setVariableRate"; readonly rate: Cents }
  | { readonly type: "sourceOfIncome/set"; readonly value: string }
  | { readonly type: "submitting/set"; readonly value: boolean }
  | { readonly type: "reset" };

const updateAt = <A>(rows: ReadonlyArray<A>, index: number, patch: Partial<A>): ReadonlyArray<A> =>
  rows.map((row, i) => (i === index ? { ...row, ...patch } : row));

const removeAt = <A>(rows: ReadonlyArray<A>, index: number): ReadonlyArray<A> =>
  rows.filter((_, i) => i !== index);

const nonNegative = (n: number): number => (Number.isFinite(n) && n > 0 ? n : 0);

const edit = (state: ZakatState, action: ZakatAction): ZakatState => {
  switch (action.type) {
    case "savings/add":
      return {
        ...state,
        savings: { ...state.savings, accounts: [...state.savings.accounts, emptySavingsAccount] },
      };
    case "savings/update":
      return {
        ...state,
        savings: {
          ...state.savings,
          accounts: updateAt(state.savings.accounts, action.index, action.patch),
        },
      };
    case "savings/remove":
      return {
        ...state,
        savings: { ...state.savings, accounts: removeAt(state.savings.accounts, action.index) },
      };
    case "gold/setWeight":
      return {
        ...state,
        gold: {
          ...state.gold,
          [action.bucket]: { ...state.gold[action.bucket], weightGrams: nonNegative(action.grams) },
        },
      };
    case "insurance/add":
      return {
        ...state,
        insurance: { policies: [...state.insurance.policies, emptyInsurancePolicy] },
      };
    case "insurance/update":
      return {
        ...state,
        insurance: { policies: updateAt(state.insurance.policies, action.index, action.patch) },
      };
    case "insurance/remove":
      return {
        ...state,
        insurance: { policies: removeAt(state.insurance.policies, action.index) },
      };
    case "shares/add":
      return {
        ...state,
        shares: { ...state.shares, portfolios: [...state.shares.portfolios, emptySharesPortfolio] },
      };
    case "shares/update":
      return {
        ...state,
        shares: {
          ...state.shares,
          portfolios: updateAt(state.shares.portfolios, action.index, action.patch),
        },
      };
    case "shares/remove":
      return {
        ...state,
        shares: { ...state.shares, portfolios: removeAt(state.shares.portfolios, action.index) },
      };
    case "cpf/setOrdinaryAccount":
      return { ...state, cpf: { ordinaryAccount: action.amount } };
    case "business/update": {
      const share = action.patch.ownershipSharePercent;
      if (share !== undefined && !(share >= 0 && share <= 100)) return state;
      return { ...state, business: { ...state.business, ...action.patch } };
    }
    case "fitrah/setPersons":
      if (!Number.isInteger(action.persons) || action.persons < 0) return state;
      return {
        ...state,
        fitrah: {
          ...state.fitrah,
          [action.kind]: { ...state.fitrah[action.kind], persons: action.persons },
        },
      };
    case "fitrah/setVariableRate":
      return {
        ...state,
        fitrah: { ...state.fitrah, variable: { ...state.fitrah.variable, rate: action.rate } },
      };
    case "sourceOfIncome/set":
      return { ...state, sourceOfIncome: action.value };
    case "submitting/set":
      return { ...state, isSubmitting: action.value };
    case "reset":
      return initialZakatState;
  }
};

/**
 * Applies one edit and recomputes every derived figure with the given rates. Weights below zero are read
 * as zero. A number of persons that is negative or fractional, or an ownership share below 0 or above
 * 100 %, is refused: the edit leaves the state as it was (nothing is priced from it, nothing clamped);
 * the page shows why (the same rules as `countProblem` / `ownershipShareProblem`, written out here so
 * the calculator page loads no more code for them).
 * `reset` (used after a passed transaction) returns the initial state with the current nisab.
 */
export const reduceZakat = (
  state: ZakatState,
  action: ZakatAction,
  config: RateConfig,
): ZakatState => withResults(edit(state, action), config);
