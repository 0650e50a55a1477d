import type Stripe from "stripe";
import { cents, type GatewayCharge } from "@portal/domain";
import type { GatewayRecords } from "./gateway-records";

type Source = Stripe.BalanceTransaction["source"];

const idOf = (value: string | { readonly id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === "string" ? value : value.id;

/** A succeeded charge as reconciliation reads it: its PaymentIntent (the ledger's `gateway_ref`). */
export const chargeRecord = (charge: Stripe.Charge): GatewayCharge | undefined => {
  const ref = idOf(charge.payment_intent);
  if (!ref || charge.status !== "succeeded") return undefined;
  const paynow = (
    charge.payment_method_details as { paynow?: { reference?: string | null } } | null
  )?.paynow;
  return {
    ref,
    amount: cents(charge.amount),
    // Given back in full: partly refunded charges still count as paid, as the ledger counts them.
    refunded: charge.refunded,
    paynowReference: paynow?.reference ?? null,
  };
};

/**
 * Stripe's own record of charges and refunds for reconciliation (PORTAL_PAYMENT_GATEWAY=stripe): the
 * account's balance transactions created in the span (`created[gte]`, `created[lt]`, every page
 * through `starting_after`), each with its source expanded. A charge's transaction is the charge; a
 * refund's names the charge it gave back, fetched when it was made on another day. Payments the ledger
 * knows that the span did not show are looked up by their PaymentIntent (its latest charge), so a
 * payment made at 23:59:59 and settled after midnight is found on either day.
 */
export function stripeRecords(stripe: Stripe): GatewayRecords {
  const charges = async (from: Date, until: Date, refs: ReadonlyArray<string>) => {
    const found = new Map<string, GatewayCharge>();
    const refundedCharges = new Set<string>();
    const chargeIds = new Set<string>();
    const seen = (charge: Stripe.Charge) => {
      chargeIds.add(charge.id);
      const record = chargeRecord(charge);
      if (record) found.set(record.ref, record);
    };
    const listed = stripe.balanceTransactions.list({
      created: { gte: Math.floor(from.getTime() / 1000), lt: Math.ceil(until.getTime() / 1000) },
      limit: 100,
      expand: ["data.source"],
    });
    for await (const transaction of listed) {
      const source: Source = transaction.source;
      if (source === null || typeof source === "string") continue;
      if (source.object === "charge") seen(source);
      else if (source.object === "refund") {
        const charge = idOf(source.charge);
        if (charge && source.status !== "failed" && source.status !== "canceled")
          refundedCharges.add(charge);
      }
    }
    // A refund of a charge listed on another day: the charge as it now stands.
    for (const chargeId of refundedCharges) {
      if (!chargeIds.has(chargeId)) seen(await stripe.charges.retrieve(chargeId));
    }
    for (const ref of refs) {
      if (found.has(ref)) continue;
      const intent = await stripe.paymentIntents
        .retrieve(ref, { expand: ["latest_charge"] })
        .catch((error: { code?: string }) => {
          if (error.code === "resource_missing") return undefined;
          throw error;
        });
      const latest = intent?.latest_charge;
      if (latest && typeof latest !== "string") seen(latest);
    }
    return [...found.values()];
  };
  return { gateway: "stripe", charges };
}
