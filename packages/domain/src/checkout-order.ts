import type { RateConfig } from "./config.ts";
import {
  HARTA_REMARK_MAX_LENGTH,
  HARTA_REMARKS_MAX,
  type DonationItems,
  type DonationKind,
} from "./donation-pricing.ts";
import { FIDYAH_CATEGORIES, type FidyahCategory, type FidyahState } from "./fidyah.ts";
import type { FlowType } from "./flow.ts";
import { giftItemOf } from "./funds/lookup.ts";
import type { KaffarahState } from "./kaffarah.ts";
import { sumCents, type Cents } from "./money.ts";
import { cleanText } from "./validators/text.ts";
import type { HartaItem } from "./receipt/attributes.ts";
import { calculateZakat, type ZakatResults, type ZakatState } from "./zakat/index.ts";
import { isSourceOfIncome } from "./zakat/source-of-income.ts";

const remarksOf = (rows: ReadonlyArray<{ readonly remark: string }>): string[] =>
  rows
    .map((row) => cleanText(row.remark).trim().slice(0, HARTA_REMARK_MAX_LENGTH))
    .filter((remark) => remark !== "")
    .slice(0, HARTA_REMARKS_MAX);

/**
 * The harta items of the receipt (§3): each asset whose zakat is due, with the remarks the donor
 * wrote on its rows. Their amounts add up to the harta total (it is their sum).
 */
export const hartaItemsOf = (state: ZakatState, results: ZakatResults): HartaItem[] =>
  (
    [
      { name: "savings", amount: results.savings.zakat, remark: remarksOf(state.savings.accounts) },
      { name: "gold", amount: results.goldKept.zakat + results.goldWorn.zakat, remark: [] },
      {
        name: "insurance",
        amount: results.insurance.zakat,
        remark: remarksOf(state.insurance.policies),
      },
      { name: "shares", amount: results.shares.zakat, remark: remarksOf(state.shares.portfolios) },
      { name: "cpf", amount: results.cpf.zakat, remark: [] },
      { name: "business", amount: results.business.zakat, remark: [] },
    ] satisfies HartaItem[]
  ).filter((item) => item.amount > 0);

/** One line of the checkout summary: what is paid and how much. `kind` names its label. */
export interface OrderLine {
  readonly kind: DonationKind;
  readonly amount: Cents;
}

/** What checkout asks the server to price: the flow, the inputs per kind, the lines and their total. */
export interface CheckoutOrder {
  readonly flow: FlowType;
  readonly items: DonationItems;
  readonly lines: ReadonlyArray<OrderLine>;
  readonly total: Cents;
}

const order = (flow: FlowType, items: DonationItems, lines: ReadonlyArray<OrderLine>) => {
  const paid = lines.filter((line) => line.amount > 0);
  return { flow, items, lines: paid, total: sumCents(paid.map((line) => line.amount)) };
};

/**
 * The zakat calculator's order: harta as the calculator computed it, fitrah as persons per kind (the
 * server prices persons with its own rates; the variable kind carries the rate the donor chose).
 */
export const zakatOrder = (state: ZakatState, rates: RateConfig): CheckoutOrder => {
  const results = calculateZakat(state, rates);
  const { normal, premium, variable } = state.fitrah;
  const fitrahPersons = normal.persons + premium.persons + variable.persons;
  const items: DonationItems = {
    ...(results.hartaTotal > 0
      ? {
          harta: results.hartaTotal,
          hartaItems: hartaItemsOf(state, results),
          ...(isSourceOfIncome(state.sourceOfIncome)
            ? { sourceOfIncome: state.sourceOfIncome }
            : {}),
        }
      : {}),
    ...(fitrahPersons > 0
      ? {
          fitrah: {
            normal: normal.persons,
            premium: premium.persons,
            ...(variable.persons > 0
              ? { variable: { persons: variable.persons, rate: variable.rate } }
              : {}),
          },
        }
      : {}),
  };
  return order("ZAKAT", items, [
    { kind: "harta", amount: results.hartaTotal },
    { kind: "fitrah", amount: results.fitrah.zakat },
  ]);
};

/**
 * Whether a fidyah category is paid as an amount set directly (§4): it has no rows left, and an
 * amount. A category whose rows were all removed has neither.
 */
export const isDirectFidyah = (state: FidyahState, category: FidyahCategory): boolean =>
  state[category].years.length === 0 &&
  (category !== "illness" || state.illness.yearsCalc.length === 0) &&
  state[category].totalAmount > 0;

/**
 * The fidyah order: the days of every row (illness rows computed over years count years x days), and
 * the amount of each category set directly, which the server checks against the fidyah limit.
 */
export const fidyahOrder = (state: FidyahState): CheckoutOrder => {
  const rows: ReadonlyArray<{ readonly quantity: number }> = [
    ...state.haid.years,
    ...state.pregnancy.years,
    ...state.illness.years,
    ...state.illness.yearsCalc,
  ];
  const days = rows.reduce((sum, row) => sum + row.quantity, 0);
  const types = FIDYAH_CATEGORIES.filter((category) => state[category].totalAmount > 0);
  const direct = FIDYAH_CATEGORIES.filter((category) => isDirectFidyah(state, category));
  const amounts = Object.fromEntries(direct.map((c) => [c, state[c].totalAmount]));
  const fidyah = { days, types, ...(direct.length > 0 ? { amounts } : {}) };
  return order("FIDYAH", days > 0 || direct.length > 0 ? { fidyah } : {}, [
    { kind: "fidyah", amount: state.totalAmount },
  ]);
};

/** The kaffarah order: the chosen option's quantity, or the custom amount. */
export const kaffarahOrder = (state: KaffarahState): CheckoutOrder => {
  const chosen = (["jimak", "nazar", "custom"] as const).find((k) => state[k].amount > 0);
  const items: DonationItems =
    chosen === undefined
      ? {}
      : chosen === "custom"
        ? { kaffarah: { kind: "custom", amount: state.custom.amount } }
        : { kaffarah: { kind: chosen, quantity: state[chosen].value } };
  return order("KAFFARAH", items, [
    { kind: "kaffarah", amount: chosen === undefined ? (0 as Cents) : state[chosen].amount },
  ]);
};

/** A gift to a fund whose one item is the amount the donor chooses (Wakaf Ilmu, WMS). */
export const wakafOrder = (fund: FlowType, amount: Cents): CheckoutOrder => {
  const kind = giftItemOf(fund) as DonationKind | undefined;
  if (kind === undefined) throw new RangeError(`${fund} takes no chosen amount`);
  return order(fund, amount > 0 ? { [kind]: amount } : {}, [{ kind, amount }]);
};
