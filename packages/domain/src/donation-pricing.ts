import type { RateConfig } from "./config.ts";
import { domainError, type DomainError } from "./errors.ts";
import { FIDYAH_CATEGORIES, type FidyahCategory } from "./fidyah.ts";
import type { FlowType } from "./flow.ts";
import type { FUNDS } from "./funds/registry.ts";
import { fundOf, pricingOf } from "./funds/lookup.ts";
import { kaffarahUnitCost, KAFFARAH_MAX_QUANTITY, KAFFARAH_MIN_AMOUNT } from "./kaffarah.ts";
import { checkAmount } from "./limits.ts";
import { formatMoney, sumCents, timesCount, type Cents } from "./money.ts";
import {
  householdLines,
  householdProblems,
  HOUSEHOLD_ITEMS,
  linesTotal,
  type HouseholdItem,
  type HouseholdMember,
} from "./household/household.ts";
import { HARTA_NAMES, type HartaItem } from "./receipt/attributes.ts";
import type { SourceOfIncome } from "./zakat/source-of-income.ts";

/** A harta remark's length (§5: text inputs take 25 characters) and how many one item may carry. */
export const HARTA_REMARK_MAX_LENGTH = 25;
export const HARTA_REMARKS_MAX = 20;

type ItemOf<F> = F extends { readonly items: ReadonlyArray<infer I> } ? I : never;
/** The keys of the items whose amount the donor chooses (`ilmu`, `wms`): the registry's gifts. */
export type GiftItemKey = Extract<ItemOf<(typeof FUNDS)[number]>, { pricing: "amount" }>["key"];

/**
 * What a donor asks to pay, kind by kind: the inputs the server prices again from configuration. The
 * gifts (Wakaf Ilmu's `ilmu`, WMS's `wms`, ...) are the registry's `amount` items.
 */
export interface DonationItems extends Readonly<Partial<Record<GiftItemKey, Cents>>> {
  /** Zakat harta as calculated or declared by the donor. */
  readonly harta?: Cents;
  /**
   * What the harta is made of, for the receipt (§3 "Harta items"): the zakat of each asset of the
   * calculator with the donor's remarks. Their amounts add up to `harta`.
   */
  readonly hartaItems?: ReadonlyArray<HartaItem>;
  /** Zakat fitrah: persons per kind; the variable kind carries its own rate per person. */
  readonly fitrah?: {
    readonly normal: number;
    readonly premium: number;
    readonly variable?: { readonly persons: number; readonly rate: Cents };
  };
  /**
   * Fidyah: days missed, priced at the configured rate per day; `types` names the categories paid
   * for (the receipt's `typeOfFidyah`).
   */
  readonly fidyah?: {
    readonly days: number;
    readonly types?: ReadonlyArray<FidyahCategory>;
    /**
     * §4's direct category amounts: a category paid as an amount the donor states rather than as days,
     * each a whole number of cents from 1 to the configured maximum fidyah limit.
     */
    readonly amounts?: Readonly<Partial<Record<FidyahCategory, Cents>>>;
  };
  /**
   * Named people (a household, issues 32 and 33): each person's name with what is paid for them, of
   * the flow's items: fitrah at a rate kind (in place of `fitrah`'s counts), days of fidyah (in place
   * of `fidyah`'s days) and zakat harta (added to `harta`); priced here at the current rates, each
   * person named on the receipt. A signed-in donor's kept people arrive by id and are named by the
   * server from the donor's own list before pricing (create-donation.ts).
   */
  readonly household?: ReadonlyArray<HouseholdMember>;
  /** Where the wealth paid on comes from, as the calculator's donor chose it (the receipt's field). */
  readonly sourceOfIncome?: SourceOfIncome;
  /** Kaffarah: jimak or nazar by quantity, or a custom amount. */
  readonly kaffarah?:
    | { readonly kind: "jimak" | "nazar"; readonly quantity: number }
    | { readonly kind: "custom"; readonly amount: Cents };
}

/** The kinds a donation pays (harta items and the source of income only describe the harta). */
export type DonationKind = Exclude<
  keyof DonationItems,
  "hartaItems" | "sourceOfIncome" | "household"
>;

export interface PricedDonation {
  readonly amounts: Readonly<Partial<Record<DonationKind, Cents>>>;
  readonly total: Cents;
}

export type PricingError = DomainError<
  "PricingError",
  | "donation.empty"
  | "donation.kindNotInFlow"
  | "donation.quantity"
  | "donation.fitrahRate"
  | "donation.amount"
  | "donation.ratesSuperseded"
  | "donation.totalMismatch"
  | "donation.hartaItems"
  | "donation.household"
>;

const fail = (code: PricingError["code"], message: string): PricingError =>
  domainError("PricingError", code, message);

const count = (n: number, max: number) => Number.isInteger(n) && n >= 0 && n <= max;

/**
 * Why harta items cannot stand on a receipt, or undefined: each names an asset once, from the known
 * names, with a whole positive amount in cents and at most 20 remarks of 1 to 25 characters, and
 * together they come to the harta paid.
 */
export const hartaItemsProblem = (
  list: ReadonlyArray<HartaItem>,
  harta: Cents | undefined,
): string | undefined => {
  if (harta === undefined) return "Harta items need a harta amount.";
  const names = new Set<string>();
  for (const item of list) {
    if (!HARTA_NAMES.includes(item.name)) return `Unknown harta item: ${String(item.name)}.`;
    if (names.has(item.name)) return `The harta item ${item.name} is given twice.`;
    names.add(item.name);
    if (!Number.isSafeInteger(item.amount) || item.amount <= 0) {
      return "A harta item's amount is a whole number of cents above zero.";
    }
    if (item.remark.length > HARTA_REMARKS_MAX) {
      return `A harta item carries at most ${HARTA_REMARKS_MAX} remarks.`;
    }
    const badRemark = item.remark.some(
      (r) => r.trim() === "" || r.length > HARTA_REMARK_MAX_LENGTH,
    );
    if (badRemark) return `A remark is 1 to ${HARTA_REMARK_MAX_LENGTH} characters.`;
  }
  if (sumCents(list.map((item) => item.amount as Cents)) !== harta) {
    return "The harta items do not add up to the harta amount.";
  }
  return undefined;
};

/**
 * Price a donation from its inputs and the current configuration, as the server does before taking any
 * money: every amount is computed here, not taken from the browser; the browser's total must match, and
 * the rates it was computed on must still be current.
 */
export const priceDonation = (input: {
  readonly flow: FlowType;
  readonly items: DonationItems;
  readonly claimedTotal: Cents;
  readonly ratesVersion: number;
  readonly currentRatesVersion: number;
  readonly rates: RateConfig;
}): PricedDonation | PricingError => {
  const { items, rates } = input;
  if (input.ratesVersion !== input.currentRatesVersion) {
    return fail("donation.ratesSuperseded", "The rates changed; recalculate before paying.");
  }
  // Named people first: a person with nothing to pay, or an amount that is not whole cents, is
  // refused as theirs (and not as "nothing to pay").
  if (items.household !== undefined && householdProblems(items.household, rates).length > 0) {
    return fail(
      "donation.household",
      "Name each person (2 to 66 letters) with something to pay: a fitrah rate (an own rate within the range), whole days of fidyah (up to 60) or whole cents of zakat harta.",
    );
  }
  const allowed: ReadonlyArray<string> = fundOf(input.flow).items.map((item) => item.key);
  const kinds = [
    ...(Object.keys(items) as Array<keyof DonationItems>).filter(
      (k): k is DonationKind =>
        k !== "hartaItems" && k !== "sourceOfIncome" && k !== "household" && items[k] !== undefined,
    ),
    // Named people pay the items given for them.
    ...householdKinds(items.household).filter((k) => items[k] === undefined),
  ];
  if (kinds.length === 0) return fail("donation.empty", "Nothing to pay.");
  const stray = kinds.find((k) => !allowed.includes(k));
  if (stray)
    return fail("donation.kindNotInFlow", `${stray} cannot be paid in the ${input.flow} flow.`);

  const amounts: Partial<Record<DonationKind, Cents>> = {};
  if (items.harta !== undefined) amounts.harta = items.harta;
  if (items.hartaItems !== undefined) {
    const problem = hartaItemsProblem(items.hartaItems, items.harta);
    if (problem) return fail("donation.hartaItems", problem);
  }
  if (items.fitrah) {
    const { normal, premium, variable } = items.fitrah;
    if (![normal, premium, variable?.persons ?? 0].every((n) => count(n, 9999))) {
      return fail("donation.quantity", "Persons must be whole numbers from 0 to 9999.");
    }
    if (
      variable &&
      (variable.rate < rates.fitrahMinAmount || variable.rate > rates.fitrahMaxAmount)
    ) {
      return fail(
        "donation.fitrahRate",
        `Choose an own fitrah rate from ${formatMoney(rates.fitrahMinAmount)} to ${formatMoney(rates.fitrahMaxAmount)} a person.`,
      );
    }
    amounts.fitrah = sumCents([
      timesCount(rates.fitrahNormalRate, normal),
      timesCount(rates.fitrahPremiumRate, premium),
      variable ? timesCount(variable.rate, variable.persons) : (0 as Cents),
    ]);
  }
  if (items.sourceOfIncome !== undefined && items.harta === undefined) {
    return fail("donation.hartaItems", "A source of income describes a harta amount.");
  }
  if (items.fidyah) {
    if (!count(items.fidyah.days, 366 * 100))
      return fail("donation.quantity", "Days must be a whole number.");
    const types = items.fidyah.types ?? [];
    if (new Set(types).size !== types.length || types.some((t) => !FIDYAH_CATEGORIES.includes(t)))
      return fail("donation.quantity", "Fidyah types are haid, pregnancy and illness, once each.");
    const direct = Object.entries(items.fidyah.amounts ?? {}) as Array<[string, Cents]>;
    for (const [category, amount] of direct) {
      if (!FIDYAH_CATEGORIES.includes(category as FidyahCategory))
        return fail("donation.quantity", "Fidyah types are haid, pregnancy and illness.");
      if (!Number.isSafeInteger(amount) || amount < 1 || amount > rates.maxFidyahLimit)
        return fail(
          "donation.amount",
          "A fidyah category's amount is from $0.01 to the maximum fidyah limit.",
        );
    }
    amounts.fidyah = sumCents([
      timesCount(rates.fidyahPerDay, items.fidyah.days),
      ...direct.map(([, amount]) => amount),
    ]);
  }
  if (items.household !== undefined) {
    const members = items.household;
    const paid = householdKinds(members);
    if (
      (paid.includes("fitrah") && items.fitrah !== undefined) ||
      (paid.includes("fidyah") && items.fidyah !== undefined)
    ) {
      return fail("donation.household", "Name the people paid for, or count them: not both.");
    }
    const lines = householdLines(members, rates);
    for (const item of paid) {
      // Harta for named people adds to the donor's own (the calculator's); the others replace counts.
      amounts[item] = ((item === "harta" ? (amounts.harta ?? 0) : 0) +
        linesTotal(lines[item])) as Cents;
    }
  }
  if (items.kaffarah) {
    const k = items.kaffarah;
    if (k.kind === "custom") {
      if (k.amount < KAFFARAH_MIN_AMOUNT)
        return fail("donation.amount", "A custom kaffarah is at least $5.");
      amounts.kaffarah = k.amount;
    } else {
      if (!count(k.quantity, KAFFARAH_MAX_QUANTITY) || k.quantity === 0) {
        return fail(
          "donation.quantity",
          "Kaffarah quantity must be a whole number from 1 to 9999.",
        );
      }
      amounts.kaffarah = timesCount(kaffarahUnitCost(k.kind, rates), k.quantity);
    }
  }
  for (const kind of kinds) {
    const gift = items[kind];
    if (pricingOf(kind) === "amount" && typeof gift === "number") amounts[kind] = gift;
  }

  for (const [kind, amount] of Object.entries(amounts) as Array<[DonationKind, Cents]>) {
    if (!Number.isSafeInteger(amount) || amount < 0) {
      return fail(
        "donation.amount",
        `The ${kind} amount must be a whole number of cents, not negative.`,
      );
    }
    // A kind that comes to nothing (fitrah for no one) is nothing to pay, not a mistake.
    if (amount === 0) delete amounts[kind];
  }
  const total = sumCents(Object.values(amounts) as Cents[]);
  const issue = checkAmount(fundOf(input.flow).limits, total);
  if (issue) return fail("donation.amount", `The total breaks its limit (${issue.key}).`);
  if (total !== input.claimedTotal) {
    return fail(
      "donation.totalMismatch",
      "The total does not match the amounts; recalculate before paying.",
    );
  }
  return { amounts, total };
};

/** The items named people pay (fitrah, fidyah, harta), in that order; none without a household. */
export const householdKinds = (
  members: ReadonlyArray<HouseholdMember> | undefined,
): ReadonlyArray<HouseholdItem> => {
  if (members === undefined) return [];
  // Which items, not what they cost: any rates will do.
  const none = 0 as Cents;
  const lines = householdLines(members, {
    fitrahNormalRate: none,
    fitrahPremiumRate: none,
    fitrahMinAmount: none,
    fitrahMaxAmount: none,
    fidyahPerDay: none,
  });
  return HOUSEHOLD_ITEMS.filter((item) => lines[item].length > 0);
};

/**
 * What a donation keeps of its inputs: the donor's items, with named people as the lines they were
 * priced at (item, name, fitrah's rate kind or fidyah's days, cents), as a counter's household keeps
 * them, for the receipt.
 */
export const donationInputs = (items: DonationItems, rates: RateConfig): unknown => {
  if (items.household === undefined) return items;
  const lines = householdLines(items.household, rates);
  return {
    ...items,
    household: HOUSEHOLD_ITEMS.flatMap((item) => lines[item].map((line) => ({ item, ...line }))),
  };
};

/** Whether pricing failed. */
export const isPricingError = (value: PricedDonation | PricingError): value is PricingError =>
  "_tag" in value && value._tag === "PricingError";
