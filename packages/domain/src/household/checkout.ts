import type { CheckoutOrder } from "../checkout-order.ts";
import type { RateConfig } from "../config.ts";
import type { DonationItems } from "../donation-pricing.ts";
import type { FlowType } from "../flow.ts";
import { ALL_FUNDS, fundOf } from "../funds/lookup.ts";
import { sumCents, type Cents } from "../money.ts";
import {
  householdLines,
  householdProblems,
  HOUSEHOLD_ITEMS,
  linesTotal,
  type HouseholdItem,
  type HouseholdMember,
} from "./household.ts";

/**
 * The items a flow lets people be named for (the household form's columns): the fund's own of
 * fitrah, fidyah and harta. Zakat: fitrah and harta; fidyah: fidyah; the others none. Each fund is
 * its own payment and receipt, as every receipt, the finance roll-up and the IRAS file count one fund
 * a receipt (fidyah has no tax deduction; zakat is filed at 1x).
 */
export const householdItemsOf = (flow: FlowType): ReadonlyArray<HouseholdItem> => {
  const keys: ReadonlyArray<string> = fundOf(flow).items.map((item) => item.key);
  return HOUSEHOLD_ITEMS.filter((item) => keys.includes(item));
};

/** Whether a flow's fund prices fitrah (the registry's items). */
export const paysFitrah = (flow: FlowType): boolean => householdItemsOf(flow).includes("fitrah");

/**
 * The fund a household item is paid to: the registry's first fund whose items include it (fitrah and
 * harta: zakat; fidyah: fidyah), or undefined when no fund prices it.
 */
export const householdFundOf = (item: HouseholdItem): FlowType | undefined =>
  ALL_FUNDS.find((fund) => householdItemsOf(fund.flow).includes(item))?.flow;

/** One person as the order sends them: their name, and a kept person's id (checked by the server). */
const sent = (m: HouseholdMember): HouseholdMember => ({
  name: m.name.replace(/\s+/g, " ").trim(),
  ...(m.memberId === undefined ? {} : { memberId: m.memberId }),
  ...(m.fitrah === undefined ? {} : { fitrah: m.fitrah }),
  ...(m.fitrah === "own" && m.ownRateCents !== undefined ? { ownRateCents: m.ownRateCents } : {}),
  ...(m.fidyahDays ? { fidyahDays: m.fidyahDays } : {}),
  ...(m.hartaCents ? { hartaCents: m.hartaCents } : {}),
});

/**
 * The order with named people (a household) paying what is given for each: their fitrah in place of
 * the fitrah counts, their days of fidyah in place of the days, their zakat harta added to the
 * donor's own. The order as it was while the household is incomplete (its form says what is missing),
 * names an item the flow does not pay, or the flow pays nothing for named people.
 */
export const withHousehold = (
  base: CheckoutOrder,
  members: ReadonlyArray<HouseholdMember>,
  rates: RateConfig,
): CheckoutOrder => {
  const allowed = householdItemsOf(base.flow);
  if (allowed.length === 0 || householdProblems(members, rates).length > 0) return base;
  const priced = householdLines(members, rates);
  // The items the people pay (as the server's `householdKinds` says them).
  const paid = HOUSEHOLD_ITEMS.filter((item) => priced[item].length > 0);
  if (paid.some((item) => !allowed.includes(item))) return base;
  const { fitrah, fidyah, ...rest } = base.items;
  const items: DonationItems = {
    ...rest,
    ...(paid.includes("fitrah") || fitrah === undefined ? {} : { fitrah }),
    ...(paid.includes("fidyah") || fidyah === undefined ? {} : { fidyah }),
    household: members.map(sent),
  };
  const own = (kind: HouseholdItem) =>
    kind === "harta" ? (base.lines.find((line) => line.kind === "harta")?.amount ?? 0) : 0;
  const lines = [
    ...base.lines.filter((line) => !(paid as ReadonlyArray<string>).includes(line.kind)),
    ...paid.map((kind) => ({ kind, amount: (own(kind) + linesTotal(priced[kind])) as Cents })),
  ].filter((line) => line.amount > 0);
  return { flow: base.flow, items, lines, total: sumCents(lines.map((line) => line.amount)) };
};
