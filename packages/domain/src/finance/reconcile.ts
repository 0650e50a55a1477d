import type { Cents } from "../money.ts";

/**
 * Reconciling a day: the portal's ledger of gateway payments against the gateway's own record of
 * charges and refunds, matched by the gateway's payment reference. A voided gift counts as money given
 * back, like a refund. Records are matched whatever day each side dated them: the caller loads the day's
 * records of both sides and, for each, its counterpart on the other side, so a payment made at 23:59:59
 * and settled after midnight is no difference on either day.
 */
export type PaymentMethodKind = "card" | "paynow" | "google_pay" | "apple_pay";

/** One payment as the portal's ledger holds it (a payment attempt that took money). */
export interface LedgerPayment {
  readonly ref: string;
  readonly transactionNo: string;
  readonly amount: Cents;
  readonly method: PaymentMethodKind;
  /** The ledger gave this payment's money back (a refund, a void, a second payment returned). */
  readonly returned: boolean;
}

/** One charge as the gateway records it. */
export interface GatewayCharge {
  readonly ref: string;
  readonly amount: Cents;
  /** The gateway refunded it. */
  readonly refunded: boolean;
  /** PayNow's collection reference, when it was a PayNow payment. */
  readonly paynowReference?: string | null;
}

export const DIFFERENCE_KINDS = [
  "paidNotAtGateway",
  "chargedNotPaidHere",
  "amountDiffers",
  "refundOnlyHere",
  "refundOnlyAtGateway",
] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

export interface Difference {
  readonly kind: DifferenceKind;
  readonly ref: string;
  /** The donation behind it, when the ledger knows one. */
  readonly transactionNo: string | null;
  readonly ledgerAmount: Cents | null;
  readonly gatewayAmount: Cents | null;
}

export interface DayReconciliation {
  /** Payments found alike on both sides. */
  readonly matched: number;
  readonly differences: ReadonlyArray<Difference>;
}

/** Compare both sides, one entry per reference; differences sorted by kind, then reference. */
export const reconcile = (
  ledger: ReadonlyArray<LedgerPayment>,
  gateway: ReadonlyArray<GatewayCharge>,
): DayReconciliation => {
  const here = new Map(ledger.map((p) => [p.ref, p]));
  const there = new Map(gateway.map((c) => [c.ref, c]));
  const differences: Difference[] = [];
  let matched = 0;
  const refs = new Set([...here.keys(), ...there.keys()]);
  for (const ref of refs) {
    const l = here.get(ref);
    const g = there.get(ref);
    const base = {
      ref,
      transactionNo: l?.transactionNo ?? null,
      ledgerAmount: l?.amount ?? null,
      gatewayAmount: g?.amount ?? null,
    };
    if (!g) {
      // Money the ledger gave back that never reached the gateway is no money owed either way.
      if (l && !l.returned) differences.push({ kind: "paidNotAtGateway", ...base });
      else differences.push({ kind: "refundOnlyHere", ...base });
      continue;
    }
    if (!l) {
      if (!g.refunded) differences.push({ kind: "chargedNotPaidHere", ...base });
      else differences.push({ kind: "refundOnlyAtGateway", ...base });
      continue;
    }
    let same = true;
    if (l.amount !== g.amount) {
      differences.push({ kind: "amountDiffers", ...base });
      same = false;
    }
    if (l.returned !== g.refunded) {
      differences.push({ kind: l.returned ? "refundOnlyHere" : "refundOnlyAtGateway", ...base });
      same = false;
    }
    if (same) matched++;
  }
  differences.sort(
    (a, b) =>
      DIFFERENCE_KINDS.indexOf(a.kind) - DIFFERENCE_KINDS.indexOf(b.kind) ||
      (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0),
  );
  return { matched, differences };
};

/** A day may be signed off only when nothing differs. */
export const canSignOff = (day: DayReconciliation): boolean => day.differences.length === 0;
