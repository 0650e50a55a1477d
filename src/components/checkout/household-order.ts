import { useRef, useState } from "react";
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
import { readStored, removeStored, writeStored } from "../../stores/session-storage";
import type { Owner } from "./owner";
import {
  confirmDonation,
  createOrder,
  type Donation,
  type OrderInput,
  type OrderPayment,
} from "./payment-api";
import { fill } from "../../i18n/fill";
import { fundNameKey } from "../../i18n/funds";
import type { CheckoutLabels } from "./labels";
import { failureText } from "./problems";
import { newKey } from "./stored-checkout";

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
    return fill(l.order_checkout_part_failed, { paid: name(paid), fund: name(failed) });
  }
  if (failed.lastPaymentError) return failureText(l, failed.lastPaymentError);
  // A bank's check (3-D Secure) is not taken in an order: another card, or each fund on its own.
  return failed.status === "requires_action"
    ? l.order_checkout_bank_check
    : l.checkout_error_network;
};

const ORDER_STORED = "portal.checkout.order";

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

interface StoredOrder {
  /** The order's digest (orderDigest). */
  readonly body: string;
  readonly key: string;
  readonly owner: string;
}

/**
 * The order's payments and paying them. One idempotency key per order, details and owner, kept in
 * the tab: a double click, a retry or a reload meets the same donations. Once a part is paid the
 * order stands as made (its parts are not made again for changed entries), so nothing paid is
 * charged twice.
 */
export function useOrderPayment() {
  const attempt = useRef<(StoredOrder & { payments?: ReadonlyArray<OrderPayment> }) | null>(null);
  const [payments, setPayments] = useState<ReadonlyArray<OrderPayment> | null>(null);

  const ensure = async (input: OrderInput, owner: Owner): Promise<ReadonlyArray<OrderPayment>> => {
    const previous = attempt.current;
    // Part paid: the same order, whatever was changed since (the form says so beside Pay).
    if (previous?.payments && previous.owner === owner.key) {
      const paidSome = previous.payments.some((p) => p.status === "succeeded");
      if (paidSome) return previous.payments;
    }
    const body = await orderDigest(input);
    const kept = readStored(ORDER_STORED) as Partial<StoredOrder> | undefined;
    const same = (o: Partial<StoredOrder> | null | undefined) =>
      o?.body === body && o.owner === owner.key && typeof o.key === "string";
    if (previous?.payments && same(previous)) return previous.payments;
    const key = same(previous) ? previous!.key : same(kept) ? kept!.key! : newKey();
    const stored: StoredOrder = { body, key, owner: owner.key };
    attempt.current = stored;
    writeStored(ORDER_STORED, stored);
    const made = await createOrder(input, key, owner);
    attempt.current = { ...stored, payments: made };
    setPayments(made);
    return made;
  };

  /**
   * Pays what of the order is unpaid with one card (`method` gives its payment-method id once, and
   * only if something is left to pay), one part after another; stops at the first that is not paid
   * (declined, or a bank's check, which an order does not take: the page says so).
   */
  const pay = async (
    input: OrderInput,
    owner: Owner,
    method: () => Promise<{ id: string; saveCard: boolean }>,
  ): Promise<ReadonlyArray<OrderPayment>> => {
    const made = await ensure(input, owner);
    if (unpaidOf(made).length === 0) return made;
    const card = await method();
    let now = made;
    let keep = card.saveCard;
    for (const part of made) {
      if (part.status === "succeeded") continue;
      const answered: Donation = await confirmDonation(
        { donationId: part.id, clientSecret: part.clientSecret },
        card.id,
        { saveCard: keep },
      );
      // Keeping the card is asked once (with the first payment it succeeds on).
      if (answered.status === "succeeded") keep = false;
      now = now.map((p) => (p.id === part.id ? { ...p, ...answered } : p));
      attempt.current = { ...attempt.current!, payments: now };
      setPayments(now);
      if (answered.status !== "succeeded") break;
    }
    return now;
  };

  /** Paid in full (or given up): the next order is a new one. */
  const forget = () => {
    attempt.current = null;
    removeStored(ORDER_STORED);
  };
  return { payments, pay, forget };
}
