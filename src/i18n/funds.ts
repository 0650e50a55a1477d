import {
  COUNTER_ITEMS,
  DEFAULT_FLOW,
  FLOW_TYPES,
  flowOfItem,
  pricingOf,
  type FlowType,
} from "@portal/domain";

/**
 * The translation keys of the fund registry's funds (the `fund_` block of the translation files):
 * `fund_<FLOW>_name` (its name in history, plans, receipts, statements and checkout lines),
 * `fund_<FLOW>_home` (checkout's way back to it), and `fund_<FLOW>_intro` for a fund with a landing
 * page; the console's `finance_fund_<FLOW>` (its label in the finance dashboard) and
 * `consoleops_fund_<item>` for each item the counter takes. docs/add-a-fund.md lists them.
 */
export const fundNameKey = <F extends FlowType>(flow: F) => `fund_${flow}_name` as const;
export const fundHomeKey = <F extends FlowType>(flow: F) => `fund_${flow}_home` as const;
export const fundIntroKey = <F extends FlowType>(flow: F) => `fund_${flow}_intro` as const;

export const financeFundKey = <F extends FlowType>(flow: F) => `finance_fund_${flow}` as const;
export const counterItemKey = <I extends string>(item: I) => `consoleops_fund_${item}` as const;

/** Every fund's name key, for an island's label list. */
export const fundNameKeys = FLOW_TYPES.map(fundNameKey);
/** Every fund's way-back key. */
export const fundHomeKeys = FLOW_TYPES.map(fundHomeKey);
/** Every fund's finance label key. */
export const financeFundKeys = FLOW_TYPES.map(financeFundKey);
/** Every counter item's label key. */
export const counterItemKeys = COUNTER_ITEMS.map(counterItemKey);

/** The rate-priced items' own line labels; a gift's line is its fund's name. */
const itemLineKeys = {
  harta: "checkout_line_harta",
  fitrah: "checkout_line_fitrah",
  fidyah: "checkout_line_fidyah",
  kaffarah: "checkout_line_kaffarah",
} as const;

/** The label of an order line (checkout's summary): a priced item's own, a gift's fund name. */
export const lineLabelKey = (kind: string) => {
  const pricing = pricingOf(kind);
  const flow = flowOfItem(kind);
  return pricing === "amount" || pricing === undefined
    ? fundNameKey(flow ?? DEFAULT_FLOW)
    : itemLineKeys[pricing];
};
