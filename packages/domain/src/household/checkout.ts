import type { CheckoutOrder } from "../checkout-order.ts";
import type { RateConfig } from "../config.ts";
import type { DonationItems } from "../donation-pricing.ts";
import type { FlowType } from "../flow.ts";
import { fundOf } from "../funds/lookup.ts";
import { sumCents, type Cents } from "../money.ts";
import {
  householdLines,
  householdProblems,
  linesTotal,
  type HouseholdMember,
} from "./household.ts";

/** Whether a flow's fund prices fitrah (the registry's items): where people may be named for it. */
export const paysFitrah = (flow: FlowType): boolean =>
  fundOf(flow).items.some((item) => item.key === "fitrah");

/**
 * The order with fitrah paid for named people (a household) in place of the fitrah counts: the
 * people each with their rate kind, the fitrah line their total at `rates`. The order as it was while
 * the household is incomplete (its form says what is missing) or the flow pays no fitrah.
 */
export const withHousehold = (
  base: CheckoutOrder,
  members: ReadonlyArray<HouseholdMember>,
  rates: RateConfig,
): CheckoutOrder => {
  if (!paysFitrah(base.flow) || householdProblems(members, rates).length > 0) return base;
  if (members.some((m) => m.fitrah === undefined)) return base;
  const { fitrah: _counts, ...rest } = base.items;
  const fitrah = linesTotal(householdLines(members, rates).fitrah) as Cents;
  const items: DonationItems = {
    ...rest,
    household: members.map((m) => ({
      name: m.name.replace(/\s+/g, " ").trim(),
      fitrah: m.fitrah!,
      ...(m.fitrah === "own" && m.ownRateCents !== undefined
        ? { ownRateCents: m.ownRateCents }
        : {}),
    })),
  };
  const lines = [
    ...base.lines.filter((line) => line.kind !== "fitrah"),
    { kind: "fitrah" as const, amount: fitrah },
  ].filter((line) => line.amount > 0);
  return { flow: base.flow, items, lines, total: sumCents(lines.map((line) => line.amount)) };
};
