import type { RateConfig } from "../config.ts";
import { goldRatePerGram, goldValue } from "../config.ts";
import type { Cents } from "../money.ts";
import { ZERO, applyRate, cents, sumCents, timesCount } from "../money.ts";
import { figure, type Explanation } from "./explanation.ts";
import type { FitrahKind, FitrahLine, ZakatState } from "./state.ts";

/** A result in cents with its explanation. */
export interface ZakatLine {
  readonly zakat: Cents;
  readonly explanation: Explanation;
}

/** Every result of the calculator. Harta is wealth zakat; fitrah is per person. */
export interface ZakatResults {
  readonly savings: ZakatLine & { readonly net: Cents };
  readonly goldKept: ZakatLine & { readonly value: Cents };
  readonly goldWorn: ZakatLine & { readonly value: Cents };
  readonly insurance: ZakatLine & { readonly total: Cents };
  readonly shares: ZakatLine & { readonly total: Cents };
  readonly cpf: ZakatLine & { readonly total: Cents };
  readonly business: ZakatLine & {
    readonly net: Cents;
    readonly totalZakat: Cents;
  };
  readonly fitrah: ZakatLine & { readonly lines: Readonly<Record<FitrahKind, FitrahLine>> };
  readonly hartaTotal: Cents;
  readonly total: Cents;
}

/**
 * The nisab rule shared by savings, insurance, shares and CPF, each on its own total: zakat is due only when the total reaches the
 * nisab, and is then total x zakat rate, rounded once to whole cents.
 */
export const nisabRule = (rule: string, total: Cents, config: RateConfig): ZakatLine => {
  const due = total >= config.nisabValue;
  return {
    zakat: due ? applyRate(total, config.zakatRate) : ZERO,
    explanation: {
      rule,
      due,
      reason: due ? "atOrAboveNisab" : "belowNisab",
      figures: [
        figure("total", total, "cents"),
        figure("nisab", config.nisabValue, "cents"),
        figure("zakatRate", config.zakatRate, "rate"),
      ],
    },
  };
};

/** Savings: net = sum of (amount - interest); due when net reaches nisab. */
export const savingsZakat = (state: ZakatState, config: RateConfig) => {
  const net = sumCents(state.savings.accounts.map((a) => cents(a.amount - a.interest)));
  return { ...nisabRule("zakat.savings", net, config), net };
};

/**
 * Gold bucket: value = weight x nisab / 86 per gram; due when the weight reaches the bucket's threshold
 * (86 g kept, 860 g worn, from configuration); zakat = value x rate.
 */
export const goldZakat = (
  rule: "zakat.goldKept" | "zakat.goldWorn",
  weightGrams: number,
  thresholdGrams: number,
  config: RateConfig,
) => {
  const value = goldValue(weightGrams, config);
  const due = weightGrams > 0 && weightGrams >= thresholdGrams;
  return {
    value,
    zakat: due ? applyRate(value, config.zakatRate) : ZERO,
    explanation: {
      rule,
      due,
      reason: due ? "atOrAboveThreshold" : "belowThreshold",
      figures: [
        figure("weight", weightGrams, "grams"),
        figure("threshold", thresholdGrams, "grams"),
        figure("goldRatePerGram", goldRatePerGram(config), "cents"),
        figure("value", value, "cents"),
        figure("zakatRate", config.zakatRate, "rate"),
      ],
    },
  } satisfies ZakatLine & { value: Cents };
};

/**
 * Business: net = current assets + additions - removals - current liabilities + liabilities added back.
 * When net reaches nisab: totalZakat = |net| x rate and the payable = |net| x rate x ownership % (each
 * rounded once from net, half away from zero).
 */
export const businessZakat = (state: ZakatState, config: RateConfig) => {
  const b = state.business;
  const net = cents(
    b.currentAssets + b.assetsToAdd - b.assetsToRemove - b.currentLiabilities + b.liabilitiesToAdd,
  );
  const due = net >= config.nisabValue;
  const abs = cents(Math.abs(net));
  const share = b.ownershipSharePercent / 100;
  const totalZakat = due ? applyRate(abs, config.zakatRate) : ZERO;
  const zakat = due ? applyRate(abs, config.zakatRate * share) : ZERO;
  return {
    net,
    totalZakat,
    zakat,
    explanation: {
      rule: "zakat.business",
      due,
      reason: due ? "atOrAboveNisab" : "belowNisab",
      figures: [
        figure("currentAssets", b.currentAssets, "cents"),
        figure("assetsToAdd", b.assetsToAdd, "cents"),
        figure("assetsToRemove", b.assetsToRemove, "cents"),
        figure("currentLiabilities", b.currentLiabilities, "cents"),
        figure("liabilitiesToAdd", b.liabilitiesToAdd, "cents"),
        figure("net", net, "cents"),
        figure("nisab", config.nisabValue, "cents"),
        figure("zakatRate", config.zakatRate, "rate"),
        figure("ownershipShare", b.ownershipSharePercent, "percent"),
      ],
    },
  } satisfies ZakatLine & { net: Cents; totalZakat: Cents };
};

/** The rate a fitrah kind uses: normal and premium from configuration, variable as the donor chose. */
export const fitrahRate = (kind: FitrahKind, state: ZakatState, config: RateConfig): Cents =>
  kind === "normal"
    ? config.fitrahNormalRate
    : kind === "premium"
      ? config.fitrahPremiumRate
      : state.fitrah.variable.rate;

/** Fitrah: each kind is rate x persons; the total is their sum (whole cents, so exact to 2 decimals). */
export const fitrahZakat = (state: ZakatState, config: RateConfig) => {
  const line = (kind: FitrahKind): FitrahLine => {
    const rate = fitrahRate(kind, state, config);
    const persons = state.fitrah[kind].persons;
    return { rate, persons, amount: timesCount(rate, persons) };
  };
  const lines = { normal: line("normal"), premium: line("premium"), variable: line("variable") };
  const zakat = sumCents([lines.normal.amount, lines.premium.amount, lines.variable.amount]);
  const figures = (["normal", "premium", "variable"] as const).flatMap((k) => [
    figure(`${k}.rate`, lines[k].rate, "cents"),
    figure(`${k}.persons`, lines[k].persons, "count"),
    figure(`${k}.amount`, lines[k].amount, "cents"),
  ]);
  return {
    lines,
    zakat,
    explanation: { rule: "zakat.fitrah", due: zakat > 0, reason: "ratePerPerson", figures },
  } satisfies ZakatLine & { lines: Readonly<Record<FitrahKind, FitrahLine>> };
};

/** Computes every result of the calculator from its inputs and the rate configuration. */
export const calculateZakat = (state: ZakatState, config: RateConfig): ZakatResults => {
  const savings = savingsZakat(state, config);
  const goldKept = goldZakat(
    "zakat.goldKept",
    state.gold.notForUsage.weightGrams,
    config.goldKeptThresholdGrams,
    config,
  );
  const goldWorn = goldZakat(
    "zakat.goldWorn",
    state.gold.forUsage.weightGrams,
    config.goldWornThresholdGrams,
    config,
  );
  const insuranceTotal = sumCents(state.insurance.policies.map((p) => p.amount));
  const insurance = {
    ...nisabRule("zakat.insurance", insuranceTotal, config),
    total: insuranceTotal,
  };
  const sharesTotal = sumCents(state.shares.portfolios.map((p) => p.amount));
  const shares = { ...nisabRule("zakat.shares", sharesTotal, config), total: sharesTotal };
  // The CPF Ordinary Account meets the nisab on its own, as savings, shares and insurance each do.
  const cpfTotal = state.cpf.ordinaryAccount;
  const cpf = { ...nisabRule("zakat.cpf", cpfTotal, config), total: cpfTotal };
  const business = businessZakat(state, config);
  const fitrah = fitrahZakat(state, config);
  const hartaTotal = sumCents([
    savings.zakat,
    goldKept.zakat,
    goldWorn.zakat,
    insurance.zakat,
    shares.zakat,
    cpf.zakat,
    business.zakat,
  ]);
  return {
    savings,
    goldKept,
    goldWorn,
    insurance,
    shares,
    cpf,
    business,
    fitrah,
    hartaTotal,
    total: cents(hartaTotal + fitrah.zakat),
  };
};

/** Writes the derived figures of the results back into the state (what the page shows in each card). */
export const withResults = (state: ZakatState, config: RateConfig): ZakatState => {
  const r = calculateZakat(state, config);
  return {
    ...state,
    gold: {
      forUsage: { ...state.gold.forUsage, totalZakat: r.goldWorn.zakat },
      notForUsage: { ...state.gold.notForUsage, totalZakat: r.goldKept.zakat },
    },
    business: {
      ...state.business,
      netAssetsDue: r.business.net,
      totalZakat: r.business.totalZakat,
      totalPayable: r.business.zakat,
    },
    fitrah: r.fitrah.lines,
    shares: { ...state.shares, totalSharesAmount: r.shares.total },
    totalAmount: r.total,
    nisabValue: config.nisabValue,
  };
};

/**
 * Whether the donor's own fitrah rate stops the order: persons entered at a rate outside the configured
 * range, which the server refuses (`donation.fitrahRate`). The calculator and checkout say so first.
 * (Here rather than in checkout-order.ts: the calculator page then loads no order code.)
 */
export const fitrahRateOutOfRange = (
  variable: { readonly persons: number; readonly rate: Cents },
  rates: Pick<RateConfig, "fitrahMinAmount" | "fitrahMaxAmount">,
): boolean =>
  variable.persons > 0 &&
  (variable.rate < rates.fitrahMinAmount || variable.rate > rates.fitrahMaxAmount);
