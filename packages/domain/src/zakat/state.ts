import type { Cents } from "../money.ts";
import { ZERO } from "../money.ts";

/** A savings account: balance, interest earned (excluded from zakat), free remark. */
export interface SavingsAccount {
  readonly amount: Cents;
  readonly interest: Cents;
  readonly remark: string;
}

/** Gold bucket: weight in grams and the zakat computed for it. */
export interface GoldBucket {
  readonly weightGrams: number;
  readonly totalZakat: Cents;
}

/** Insurance type codes of §9: 1 conventional (surrender value), 2 takaful (the year's premiums). */
export type InsuranceType = 1 | 2;
/** Conventional insurance (surrender value). */
export const INSURANCE_CONVENTIONAL: InsuranceType = 1;
/** Takaful insurance (premiums paid in the year). */
export const INSURANCE_TAKAFUL: InsuranceType = 2;

/** An insurance policy counted for zakat. */
export interface InsurancePolicy {
  readonly type: InsuranceType;
  readonly amount: Cents;
  readonly remark: string;
}

/** A shares portfolio at market value. */
export interface SharesPortfolio {
  readonly amount: Cents;
  readonly remark: string;
}

/**
 * CPF: only the Ordinary Account is zakatable (MUIS, zakat on CPF); MediSave and the Special Account are
 * not, so the calculator takes the Ordinary Account's balance alone.
 */
export interface CpfState {
  readonly ordinaryAccount: Cents;
}

/** Business (working-capital method) inputs and derived figures. */
export interface BusinessState {
  readonly type: string;
  readonly currentAssets: Cents;
  readonly assetsToAdd: Cents;
  readonly assetsToRemove: Cents;
  readonly currentLiabilities: Cents;
  readonly liabilitiesToAdd: Cents;
  /** Muslim owner's share, 0 to 100. */
  readonly ownershipSharePercent: number;
  readonly netAssetsDue: Cents;
  readonly totalZakat: Cents;
  readonly totalPayable: Cents;
}

/** Zakat fitrah kinds. */
export type FitrahKind = "normal" | "premium" | "variable";

/** One fitrah kind: rate per person, persons, amount = rate x persons. */
export interface FitrahLine {
  readonly rate: Cents;
  readonly persons: number;
  readonly amount: Cents;
}

/** Zakat calculator state of spec §3. Derived figures are kept current by the reducer. */
export interface ZakatState {
  readonly savings: { readonly accounts: ReadonlyArray<SavingsAccount>; readonly type: string };
  readonly gold: { readonly forUsage: GoldBucket; readonly notForUsage: GoldBucket };
  readonly insurance: { readonly policies: ReadonlyArray<InsurancePolicy> };
  readonly business: BusinessState;
  readonly fitrah: Readonly<Record<FitrahKind, FitrahLine>>;
  readonly shares: {
    readonly portfolios: ReadonlyArray<SharesPortfolio>;
    readonly totalSharesAmount: Cents;
  };
  readonly cpf: CpfState;
  readonly sourceOfIncome: string;
  readonly totalAmount: Cents;
  readonly nisabValue: Cents;
  readonly isSubmitting: boolean;
}

/** An empty savings account row. */
export const emptySavingsAccount: SavingsAccount = { amount: ZERO, interest: ZERO, remark: "" };
/** An empty conventional insurance policy row. */
export const emptyInsurancePolicy: InsurancePolicy = {
  type: INSURANCE_CONVENTIONAL,
  amount: ZERO,
  remark: "",
};
/** An empty shares portfolio row. */
export const emptySharesPortfolio: SharesPortfolio = { amount: ZERO, remark: "" };

const emptyBucket: GoldBucket = { weightGrams: 0, totalZakat: ZERO };
const emptyFitrah: FitrahLine = { rate: ZERO, persons: 0, amount: ZERO };

/** The calculator's initial state (business type defaults to Trade). */
export const initialZakatState: ZakatState = {
  savings: { accounts: [emptySavingsAccount], type: "savings" },
  gold: { forUsage: emptyBucket, notForUsage: emptyBucket },
  insurance: { policies: [emptyInsurancePolicy] },
  business: {
    type: "Trade",
    currentAssets: ZERO,
    assetsToAdd: ZERO,
    assetsToRemove: ZERO,
    currentLiabilities: ZERO,
    liabilitiesToAdd: ZERO,
    ownershipSharePercent: 100,
    netAssetsDue: ZERO,
    totalZakat: ZERO,
    totalPayable: ZERO,
  },
  fitrah: { normal: emptyFitrah, premium: emptyFitrah, variable: emptyFitrah },
  shares: { portfolios: [emptySharesPortfolio], totalSharesAmount: ZERO },
  cpf: { ordinaryAccount: ZERO },
  sourceOfIncome: "",
  totalAmount: ZERO,
  nisabValue: ZERO,
  isSubmitting: false,
};
