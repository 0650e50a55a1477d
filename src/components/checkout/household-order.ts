import {
  HOUSEHOLD_ITEMS,
  householdFundOf,
  householdItemsOf,
  householdProblems,
  paysFitrah,
  withHousehold,
  type Cents,
  type CheckoutOrder,
  type FlowType,
  type HouseholdItem,
  type HouseholdMember,
  type RateConfig,
} from "@portal/domain";
import type { OrderInput, OrderPayment } from "./payment-api";
import { fill } from "../../i18n/fill";
import { fundNameKey } from "../../i18n/funds";
import type { CheckoutLabels } from "./labels";
import { failureText } from "./problems";

// Issue 33's last piece (docs/households.md "One payment across funds"): at the zakat checkout a
// signed-in donor's household may carry days of fidyah beside fitrah and harta. Zakat and fidyah are
// different funds, each with its own receipt, so the order is two payments made by one request
// (`createOrder`) and confirmed one after the other with the card entered once. A payment that
// succeeded is never confirmed again: a retry confirms only what is still unpaid.

/** The zakat checkout's order as the household makes it: the zakat part, and the fidyah part if any. */
export interface SplitOrder {
  readonly main: CheckoutOrder | null;
  readonly fidyah: CheckoutOrder | null;
}

/** The fund a person's days of fidyah are paid to (the registry's), and an order of it with nothing yet. */
const FIDYAH_FUND = householdFundOf("fidyah");
const nothingOf = (flow: FlowType): CheckoutOrder => ({
  flow,
  items: {},
  lines: [],
  total: 0 as Cents,
});

/** Whether a checkout of `flow` may carry days of fidyah as a second fund's payment beside its own. */
const takesFidyahApart = (flow: FlowType): boolean =>
  FIDYAH_FUND !== undefined && FIDYAH_FUND !== flow && paysFitrah(flow);

/**
 * The order with its named people: in the zakat checkout their fitrah and harta priced into the
 * zakat order (`withHousehold`) and their days of fidyah into an order of the fidyah fund of its
 * own. Any other flow, or a household still incomplete (its form says what is missing), is the
 * order as `withHousehold` makes it, with no fidyah part.
 */
export const splitOrder = (
  base: CheckoutOrder | null,
  members: ReadonlyArray<HouseholdMember> | null,
  rates: RateConfig | null,
): SplitOrder => {
  if (!base || !rates || !members) return { main: base, fidyah: null };
  const days = members.filter((m) => (m.fidyahDays ?? 0) > 0);
  if (
    !FIDYAH_FUND ||
    !takesFidyahApart(base.flow) ||
    days.length === 0 ||
    householdProblems(members, rates).length > 0
  )
    return { main: withHousehold(base, members, rates), fidyah: null };
  const zakat = members
    .filter((m) => m.fitrah !== undefined || (m.hartaCents ?? 0) > 0)
    .map(({ fidyahDays: _days, ...rest }) => rest);
  const fidyah = days.map((m) => ({
    name: m.name,
    ...(m.memberId === undefined ? {} : { memberId: m.memberId }),
    fidyahDays: m.fidyahDays,
  }));
  return {
    main: zakat.length > 0 ? withHousehold(base, zakat, rates) : base,
    fidyah: withHousehold(nothingOf(FIDYAH_FUND), fidyah, rates),
  };
};

/** The order's parts worth paying (a zakat part of nothing left out) in the order they are paid. */
export const orderParts = (split: SplitOrder): ReadonlyArray<CheckoutOrder> =>
  [split.main, split.fidyah].filter(
    (part): part is CheckoutOrder => part !== null && part.total > 0,
  );

/**
 * What the household form offers for each person: the fund's own items, and at the zakat checkout of
 * a signed-in donor days of fidyah beside fitrah and harta (paid as the fidyah fund's own donation).
 */
export const orderItemsOf = (flow: FlowType, signedIn: boolean): ReadonlyArray<HouseholdItem> =>
  takesFidyahApart(flow) && signedIn ? HOUSEHOLD_ITEMS : householdItemsOf(flow);

/** What pressing Pay charges now: what of the order is left once a part is paid, else the whole. */
export const amountToPay = (whole: number, payments: ReadonlyArray<OrderPayment> | null): Cents =>
  (payments && partlyPaid(payments)
    ? unpaidOf(payments).reduce((sum, p) => sum + p.totalCents, 0)
    : whole) as Cents;

/** What of the order is paid and what is not (none yet: every part unpaid). */
export const unpaidOf = (payments: ReadonlyArray<OrderPayment>): ReadonlyArray<OrderPayment> =>
  payments.filter((p) => p.status !== "succeeded");

/** Some of the order paid and some not (the page then shows which, and pays only the rest). */
export const partlyPaid = (payments: ReadonlyArray<OrderPayment> | null): boolean => {
  const left = payments ? unpaidOf(payments).length : 0;
  return left > 0 && left < (payments?.length ?? 0);
};

/** What the page says of an order not paid in full (null: every part paid). */
export const orderProblem = (
  l: CheckoutLabels,
  payments: ReadonlyArray<OrderPayment>,
): string | null => {
  const failed = unpaidOf(payments)[0];
  if (!failed) return null;
  // One fund paid: "nothing was charged" would not be true of the order; said of the fund left.
  const paid = payments.find((p) => p.status === "succeeded");
  if (paid) {
    const name = (p: OrderPayment) => l[fundNameKey(p.fund)];
    // Its bank's check not finished (given up, or left without an answer): Pay opens it again.
    const check = failed.status === "requires_action" && !failed.lastPaymentError;
    return fill(check ? l.order_checkout_part_check : l.order_checkout_part_failed, {
      paid: name(paid),
      fund: name(failed),
    });
  }
  if (failed.lastPaymentError) return failureText(l, failed.lastPaymentError);
  // The bank's check not finished and nothing paid: nothing was charged (Pay makes the order anew).
  return failed.status === "requires_action" ? l.polish_3ds_cancelled : l.checkout_error_network;
};

/**
 * What the tab keeps to know the same order again: a SHA-256 digest of it, never the order itself
 * (its donor's name, e-mail and any identity number for IRAS stay out of the browser's storage).
 */
export const orderDigest = async (input: OrderInput): Promise<string> => {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(JSON.stringify(input)),
  );
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
};
