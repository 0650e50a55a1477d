import type { Brand, FundEntry, FundItem, IrasType, Pricing } from "./fund.ts";
import { FUNDS } from "./registry.ts";

/** A fund's id, its `flow` in the registry; the first fund's is the default flow. */
export type FlowType = (typeof FUNDS)[number]["flow"];

/** Every fund, in the registry's order. */
export const ALL_FUNDS: ReadonlyArray<FundEntry & { readonly flow: FlowType }> = FUNDS;

/** The default flow: the registry's first fund (zakat), where a page with no flow of its own starts. */
export const DEFAULT_FLOW: FlowType = FUNDS[0].flow;

/** Every flow, in the registry's order. */
export const FLOW_TYPES: ReadonlyArray<FlowType> = ALL_FUNDS.map((fund) => fund.flow);

/** Whether a stored value is a flow type. */
export const isFlowType = (value: unknown): value is FlowType =>
  typeof value === "string" && (FLOW_TYPES as ReadonlyArray<string>).includes(value);

/** The registry entry of a flow (every `FlowType` has one). */
export const fundOf = (flow: FlowType): FundEntry => {
  const fund = ALL_FUNDS.find((f) => f.flow === flow);
  if (fund === undefined) throw new RangeError(`no fund ${String(flow)}`);
  return fund;
};

/** The fund of a charity id that belongs to one fund alone (the wakaf funds); undefined otherwise. */
export const fundOfCharity = (charityId: number): FundEntry | undefined => {
  const found = ALL_FUNDS.filter((f) => f.charityId === charityId);
  return found.length === 1 ? found[0] : undefined;
};

/** The funds of a brand, in the registry's order; the first is the brand's home. */
export const fundsOfBrand = (
  brand: Brand,
): ReadonlyArray<FundEntry & { readonly flow: FlowType }> =>
  ALL_FUNDS.filter((f) => f.brand === brand);

/** The brand's home flow: where its host lands (`ILMU` for the wakaf site). */
export const brandHome = (brand: Brand): FlowType => {
  const home = fundsOfBrand(brand)[0];
  if (home === undefined) throw new RangeError(`no fund of brand ${brand}`);
  return home.flow;
};

/** The funds with a landing page of their own (the wakaf funds'), in the registry's order. */
export const landingFunds = (): ReadonlyArray<FundEntry & { readonly flow: FlowType }> =>
  ALL_FUNDS.filter((f) => f.landing);

/** Which site a flow belongs to. */
export const brandOf = (flow: FlowType): Brand => fundOf(flow).brand;

/** Whether a flow is a wakaf fund (wears the wakaf brand). */
export const isWakafFlow = (flow: FlowType): boolean => brandOf(flow) === "wakaf";

/** Whether a flow's gifts may recur. */
export const recurringAllowed = (flow: FlowType): boolean => fundOf(flow).recurring;

/** The receipt number series of a flow (`ZK`, `WK`). */
export const receiptSeriesOf = (flow: FlowType): string => fundOf(flow).receiptSeries;

/** Every receipt series, once each. */
export const RECEIPT_SERIES: ReadonlyArray<string> = /* @__PURE__ */ Array.from(
  new Set(ALL_FUNDS.map((f) => f.receiptSeries)),
);

/** Every item any fund prices, once each, with its fund. */
export const ALL_ITEMS: ReadonlyArray<FundItem & { readonly flow: FlowType }> = ALL_FUNDS.flatMap(
  (fund) => fund.items.map((item) => ({ ...item, flow: fund.flow })),
);

/** The keys of the items priced as the amount the donor chose (`ilmu`, `wms`). */
export const AMOUNT_ITEM_KEYS: ReadonlyArray<string> = /* @__PURE__ */ ALL_ITEMS.filter(
  (item) => item.pricing === "amount",
).map((item) => item.key);

/** How an item key is priced; undefined for a key no fund prices. */
export const pricingOf = (key: string): Pricing | undefined =>
  ALL_ITEMS.find((item) => item.key === key)?.pricing;

/** Whether the donor chooses the item's amount (harta and gifts; the rest are priced from rates). */
export const isChosenAmount = (key: string): boolean => {
  const pricing = pricingOf(key);
  return pricing === "amount" || pricing === "harta";
};

/** Whether a flow is priced from the configured rates (a new nisab must send its donor to recalculate). */
export const pricedFromRates = (flow: FlowType): boolean =>
  fundOf(flow).items.some((item) => item.pricing !== "amount");

/** The item a gift fund prices (its one `amount` item); undefined for the others. */
export const giftItemOf = (flow: FlowType): string | undefined => {
  const items = fundOf(flow).items;
  return items.length === 1 && items[0]?.pricing === "amount" ? items[0].key : undefined;
};

/** The flow whose item this is. */
export const flowOfItem = (key: string): FlowType | undefined =>
  ALL_ITEMS.find((item) => item.key === key)?.flow;

/** The fund's path prefix with the configured wakaf route name: `""`, `/fidyah`, `/wakaf-ilmu`. */
export const routeOf = (flow: FlowType, productRoute: string): string =>
  fundOf(flow).route.replace("{product}", productRoute);

/** Every item a mosque counter takes (the funds' `counterItems`), in the registry's order. */
export const COUNTER_ITEMS: ReadonlyArray<string> = /* @__PURE__ */ ALL_FUNDS.flatMap(
  (fund) => fund.counterItems,
);

/** A fund's IRAS record type; undefined for a fund the IRAS file does not report. */
export const irasTypeOf = (flow: FlowType): IrasType | undefined => fundOf(flow).irasType;

/** The flows whose gifts the IRAS file reports (those with an IRAS record type). */
export const IRAS_FLOWS: ReadonlyArray<FlowType> = /* @__PURE__ */ ALL_FUNDS.filter(
  (fund) => fund.irasType !== undefined,
).map((fund) => fund.flow);
