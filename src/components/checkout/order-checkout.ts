import type { FlowType } from "@portal/domain";
import { markTransactionPassed } from "../../lib/transaction";
import type { Phase } from "./choices";
import { orderProblem, unpaidOf } from "./household-order";
import { forgetDonor } from "./kept-donor";
import type { CheckoutLabels } from "./labels";
import { awaitingCheck, useOrderPayment, type TakenUp } from "./order-payment";
import { clearGivingEntries } from "./order-source";
import { currentOwner, type Owner } from "./owner";
import type { Donation, OrderInput, OrderPayment } from "./payment-api";

/**
 * How a bank's check (3-D Secure) waiting in an order is opened: in the sandbox's frame over the page,
 * on Stripe's page (the order resumes from the tab on the way back), or not (the donor gave it up,
 * or came back from Stripe's page without finishing it: Pay opens it again).
 */
export type Opens = "frame" | "page" | false;

const paidSome = (payments: ReadonlyArray<OrderPayment>) =>
  payments.some((p) => p.status === "succeeded");

/**
 * What checkout does with a household's order (household-order.ts, order-payment.ts): pays it, opens
 * each part's bank's check, goes on after it, and says where the order stands.
 */
export function useOrderCheckout(props: {
  readonly labels: CheckoutLabels;
  readonly setPhase: (phase: Phase) => void;
  readonly setProblem: (problem: string | null) => void;
  readonly setBusy: (busy: boolean) => void;
}) {
  const { labels: l, setPhase, setProblem, setBusy } = props;
  const order = useOrderPayment();

  /** What paying came to: all paid (a receipt per fund), a bank's check to open, or what failed. */
  function settle(payments: ReadonlyArray<OrderPayment>, open: Opens) {
    const waiting = awaitingCheck(payments);
    if (waiting?.nextAction && open === "page") return location.assign(waiting.nextAction.payload);
    if (waiting?.nextAction && open === "frame") {
      const reference = { donationId: waiting.id, clientSecret: waiting.clientSecret };
      return setPhase({ kind: "challenge", url: waiting.nextAction.payload, reference });
    }
    const failed = orderProblem(l, payments);
    if (failed === null) {
      markTransactionPassed();
      forgetDonor();
      clearGivingEntries();
      order.forget();
      return setPhase({ kind: "order-done", payments });
    }
    // A check given up with nothing paid: its donation cannot be confirmed again, so the next Pay
    // makes the order anew (nothing was charged). Once a part is paid the order stands as made.
    if (waiting && !paidSome(payments)) order.forget();
    setPhase({ kind: "form" });
    setProblem(failed);
  }

  return {
    payments: order.payments,
    /** Pays what of the order is unpaid with one card, opening a bank's check as `open` says. */
    pay: async (
      input: OrderInput,
      owner: Owner,
      card: () => Promise<{ id: string; saveCard: boolean }>,
      open: Opens,
    ) => settle(await order.pay(input, owner, card), open),
    /** Pays the order by PayNow: a code for each unpaid part in turn (OrderPayNow). */
    payNow: async (input: OrderInput, owner: Owner) => {
      const made = await order.payNow(input, owner);
      if (unpaidOf(made).length === 0) return settle(made, false);
      setPhase({ kind: "order-paynow" });
    },
    /** A part's PayNow code paid: the next part's code, or (all paid) the receipts. */
    paidByPayNow: (current: Donation) => {
      const now = order.apply(current);
      if (unpaidOf(now).length === 0) settle(now, false);
    },
    /** Back from the codes to the form (another way to pay what is left: the same order). */
    leavePayNow: () => {
      order.release();
      setPhase({ kind: "form" });
    },
    /** The sandbox's check of a part ended (`current`, its donation now): the rest paid after it. */
    checked: (current: Donation, open: Opens) => {
      setPhase({ kind: "form" });
      setBusy(true);
      void order
        .checked(current)
        .then((now) => settle(now, open))
        .catch(() => setProblem(l.checkout_error_network))
        .finally(() => setBusy(false));
    },
    /** The donor gave up a part's check: what is paid stays paid, and the page says what is left. */
    cancel: () => {
      order.release();
      settle(order.payments ?? [], false);
    },
    /**
     * Back from the bank's page, or the page loaded again mid-order: the order as it now stands (the
     * rest paid with the kept card if its check passed), or null if this tab pays none. Paid in full,
     * the thank-you page is shown at once; else the caller settles it once the page is ready.
     */
    resume: async (flow: FlowType): Promise<TakenUp | null> => {
      const taken = await order.resume(await currentOwner(), flow).catch(() => null);
      if (taken && unpaidOf(taken.payments).length === 0) settle(taken.payments, false);
      return taken;
    },
    /**
     * An order taken up (`resume`) once the page is ready: its codes again, or as `settle` says, a
     * waiting check opened on the gateway's way; on Stripe a check the donor came back from unfinished
     * is not opened again by itself (Pay opens it), the next part's is.
     */
    takeUp: (taken: TakenUp, gateway: "sandbox" | "stripe") =>
      order.byPayNow()
        ? setPhase({ kind: "order-paynow" })
        : settle(taken.payments, gateway === "sandbox" ? "frame" : taken.ran ? "page" : false),
  };
}
