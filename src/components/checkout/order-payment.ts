import { useRef, useState } from "react";
import type { FlowType } from "@portal/domain";
import { readStored, removeStored, writeStored } from "../../stores/session-storage";
import type { Owner } from "./owner";
import {
  confirmDonation,
  createOrder,
  retrieveDonation,
  type Donation,
  type DonationRef,
  type OrderInput,
  type OrderPayment,
} from "./payment-api";
import { orderDigest, unpaidOf } from "./household-order";
import { newKey } from "./stored-checkout";

// Paying a household's order (household-order.ts): its parts made by one request and confirmed one
// after the other with the card entered once. A part whose bank checks the card (3-D Secure) waits
// for the check, and the rest is paid with the same card after it: in the sandbox's frame over the
// page, or after Stripe's bank page sends the donor back (the page resumes the order from the tab).
// A part that succeeded is never confirmed again.

/** Where the tab keeps the order being paid (see StoredOrder). */
export const ORDER_STORED = "portal.checkout.order";

/** One part as the tab keeps it: the donation's id and client secret (as a single checkout does). */
type KeptPart = DonationRef & { readonly fund: FlowType };

/**
 * What the tab keeps of the order: a digest of it (never the order: its donor's name, e-mail and any
 * identity number stay out of the browser's storage), its key and owner, its parts once made, and
 * while a part waits on its bank's check the card's payment-method id (a gateway's token, no card
 * number) to pay the rest after it, or while the order is paid by PayNow (a code per fund) that it is.
 */
interface StoredOrder {
  readonly body: string;
  readonly key: string;
  readonly owner: string;
  readonly parts?: ReadonlyArray<KeptPart>;
  readonly card?: string;
  readonly paynow?: true;
}

/** The first unpaid part, if it waits on its bank's check (3-D Secure): the page opens the check. */
export const awaitingCheck = (payments: ReadonlyArray<OrderPayment>): OrderPayment | undefined => {
  const next = unpaidOf(payments)[0];
  return next?.status === "requires_action" && next.nextAction?.kind === "redirect"
    ? next
    : undefined;
};

type Confirm = (part: OrderPayment, card: string, saveCard: boolean) => Promise<Donation>;

/**
 * Confirms each unpaid part in turn with one card, and stops at the first that is not paid
 * (declined, or waiting on its bank's check). Keeping the card is asked once, with the first part it
 * succeeds on. `seen` is told the payments after each answer.
 */
export const payParts = async (
  payments: ReadonlyArray<OrderPayment>,
  card: string,
  saveCard: boolean,
  confirm: Confirm,
  seen: (now: ReadonlyArray<OrderPayment>) => void = () => {},
): Promise<ReadonlyArray<OrderPayment>> => {
  let now = payments;
  let keep = saveCard;
  for (const part of payments) {
    if (part.status === "succeeded") continue;
    const answered = await confirm(part, card, keep);
    if (answered.status === "succeeded") keep = false;
    now = now.map((p) => (p.id === part.id ? { ...p, ...answered } : p));
    seen(now);
    if (answered.status !== "succeeded") break;
  }
  return now;
};

/**
 * After the bank's check, or back in the tab after leaving for it: whether the rest goes on with the
 * kept card by itself. Only when nothing is waiting on a check, nothing was refused, and something
 * is paid (a refused part says why; nothing paid is a new order).
 */
export const goesOn = (payments: ReadonlyArray<OrderPayment>, card: string | undefined): boolean =>
  card !== undefined &&
  payments.some((p) => p.status === "succeeded") &&
  unpaidOf(payments).length > 0 &&
  unpaidOf(payments).every((p) => p.status === "requires_payment_method" && !p.lastPaymentError);

const confirmPart: Confirm = (part, card, saveCard) =>
  confirmDonation({ donationId: part.id, clientSecret: part.clientSecret }, card, { saveCard });

/** An order taken up from the tab (`resume`): its parts now, and whether the rest was paid by itself. */
export interface TakenUp {
  readonly payments: ReadonlyArray<OrderPayment>;
  readonly ran: boolean;
}

type Attempt = StoredOrder & { readonly payments?: ReadonlyArray<OrderPayment> };

/** The order without a way of paying in progress (no card kept for a check, no PayNow codes). */
const bare = ({ card: _card, paynow: _paynow, ...order }: Attempt): Attempt => order;

/** The payments with one part's donation as it now stands. */
const merged = (payments: ReadonlyArray<OrderPayment> | undefined, current: Donation) =>
  (payments ?? []).map((p) => (p.id === current.id ? { ...p, ...current } : p));

/**
 * The order's payments and paying them. One idempotency key per order, details and owner, kept in
 * the tab: a double click, a retry, a reload or the way back from the bank meets the same donations.
 * Once a part is paid the order stands as made (its parts are not made again for changed entries),
 * so nothing paid is charged twice.
 */
export function useOrderPayment() {
  const attempt = useRef<Attempt | null>(null);
  const [payments, setPayments] = useState<ReadonlyArray<OrderPayment> | null>(null);

  /** Holds the order as it now stands, in the page and (without its payments' answers) the tab. */
  const hold = (next: Attempt) => {
    attempt.current = next;
    const { payments: now, ...kept } = next;
    writeStored(ORDER_STORED, kept satisfies StoredOrder);
    setPayments(now ?? null);
  };

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
    hold({ body, key, owner: owner.key });
    const made = await createOrder(input, key, owner);
    const parts = made.map((p) => ({
      donationId: p.id,
      clientSecret: p.clientSecret,
      fund: p.fund,
    }));
    hold({ body, key, owner: owner.key, parts, payments: made });
    return made;
  };

  /**
   * Pays the unpaid parts with `card`, holding the order after each answer; while a part then waits
   * on its bank's check the tab keeps the card (to pay the rest after it), else none.
   */
  const run = (from: ReadonlyArray<OrderPayment>, card: string, saveCard: boolean) =>
    payParts(from, card, saveCard, confirmPart, (now) =>
      hold({ ...bare(attempt.current!), ...(awaitingCheck(now) ? { card } : {}), payments: now }),
    );

  /**
   * Pays what of the order is unpaid with one card (`method` gives its payment-method id once, and
   * only if something is left to pay), one part after another; stops at the first that is not paid.
   * A part still waiting on its bank's check is not confirmed again: the page opens its check.
   */
  const pay = async (
    input: OrderInput,
    owner: Owner,
    method: () => Promise<{ id: string; saveCard: boolean }>,
  ): Promise<ReadonlyArray<OrderPayment>> => {
    const made = await ensure(input, owner);
    if (unpaidOf(made).length === 0 || awaitingCheck(made)) return made;
    const card = await method();
    return run(made, card.id, card.saveCard);
  };

  /** The order to pay by PayNow, a code per fund (the page shows each unpaid part's in turn). */
  const payNow = async (input: OrderInput, owner: Owner): Promise<ReadonlyArray<OrderPayment>> => {
    const made = await ensure(input, owner);
    hold({ ...bare(attempt.current!), paynow: true, payments: made });
    return made;
  };

  /** A part's donation as it now stands (its PayNow code paid), in the order. */
  const apply = (current: Donation): ReadonlyArray<OrderPayment> => {
    const now = merged(attempt.current!.payments, current);
    hold({ ...attempt.current!, payments: now });
    return now;
  };

  /** A check or PayNow given up: the card is let go (a later visit does not take the order up). */
  const release = () => {
    if (attempt.current) hold(bare(attempt.current));
  };

  /** A part's bank's check ended (`current`, its donation now): the rest paid with the same card. */
  const checked = async (current: Donation): Promise<ReadonlyArray<OrderPayment>> => {
    const before = attempt.current!;
    const now = merged(before.payments, current);
    if (goesOn(now, before.card)) return run(now, before.card!, false);
    hold({ ...bare(before), payments: now });
    return now;
  };

  /**
   * Back from the bank's page, or the page loaded again while a part's check waited or its PayNow
   * code showed: the order's parts as they now stand, and the rest paid with the kept card if its
   * check passed (`ran`: a check now waiting is then the next part's, not one left unfinished).
   * Null: no such order of this owner at this checkout (`flow`, its first part's). An order left
   * otherwise (a part declined, say) is not taken up again: the checkout is the donor's next gift.
   */
  const resume = async (owner: Owner, flow: FlowType): Promise<TakenUp | null> => {
    const kept = readStored(ORDER_STORED) as Partial<StoredOrder> | undefined;
    const paying = typeof kept?.card === "string" || kept?.paynow === true;
    if (!paying || !kept?.parts || kept.parts[0]?.fund !== flow) return null;
    if (typeof kept.body !== "string" || typeof kept.key !== "string") return null;
    if (kept.owner !== owner.key) {
      // Signed in or out since: the next payment makes an order for the new owner.
      removeStored(ORDER_STORED);
      return null;
    }
    const now = await Promise.all(
      kept.parts.map(async (part) => ({
        ...(await retrieveDonation(part)),
        clientSecret: part.clientSecret,
        fund: part.fund,
      })),
    );
    const { card, ...order } = kept as StoredOrder;
    attempt.current = { ...order, ...(card === undefined ? {} : { card }), payments: now };
    if (goesOn(now, card)) return { payments: await run(now, card!, false), ran: true };
    hold({ ...order, ...(awaitingCheck(now) && card ? { card } : {}), payments: now });
    return { payments: now, ran: false };
  };

  /** Paid in full, or given up with nothing paid: the next order is a new one. */
  const forget = () => {
    attempt.current = null;
    removeStored(ORDER_STORED);
    setPayments(null);
  };
  return {
    payments,
    pay,
    checked,
    payNow,
    apply,
    /** Whether the order is being paid by PayNow (its codes shown again when it is taken up). */
    byPayNow: () => attempt.current?.paynow === true,
    resume,
    release,
    forget,
  };
}
