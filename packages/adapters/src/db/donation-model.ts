import { createHash, createHmac } from "node:crypto";
import type { Cents, FlowType, GatewayPayment } from "@portal/domain";
import type { SqlQuery } from "./sql";

/**
 * The donation records' shapes: the view the payment API shows, the stored row and how one becomes
 * the other, the errors, and the interface `payments` (donations.ts) implements with its hooks.
 */

/** A donation as the payment API shows it (in the style of a PaymentIntent). */
export interface DonationView {
  readonly id: string;
  readonly transactionNo: string;
  readonly flow: FlowType;
  readonly status: "requires_payment_method" | "requires_action" | "succeeded";
  readonly totalCents: number;
  /** The card fee the donor chose to cover, apart from the gift (issue 33); charged: total + fee. */
  readonly feeCents: number;
  readonly amounts: Record<string, number>;
  readonly frequency: string;
  readonly card: { readonly brand: string; readonly last4: string } | null;
  readonly nextAction: GatewayPayment["nextAction"];
  readonly lastPaymentError: string | null;
  readonly receipt: { readonly receiptNo: string; readonly token: string } | null;
  /** How the latest attempt pays: card (payment type 1), Google Pay (2), Apple Pay (3) or PayNow. */
  readonly paymentMethod: PaymentMethodKind | null;
  /** The PayNow QR still waiting to be paid: its EMVCo text and until when it may be paid. */
  readonly payNow: { readonly payload: string; readonly expiresAt: string } | null;
}

/** The ways a donation can be paid; wallets are cards underneath, recorded with their payment type. */
export type PaymentMethodKind = "card" | "paynow" | "google_pay" | "apple_pay" | "nets";

/** Payment type of §4: card 1, Google Pay 2, Apple Pay 3 (PayNow is recorded as method, type 1). */
export const paymentTypeOf = (method: PaymentMethodKind): 1 | 2 | 3 =>
  method === "google_pay" ? 2 : method === "apple_pay" ? 3 : 1;

export class IdempotencyConflict extends Error {
  readonly code = "idempotency.conflict";
  constructor() {
    super("This Idempotency-Key was used with a different request.");
  }
}

export class DonationNotFound extends Error {
  readonly code = "donation.notFound";
  constructor() {
    super("No such donation.");
  }
}

export const sha256 = (text: string) => createHash("sha256").update(text).digest();

export interface DonationRow {
  id: string;
  transaction_no: string;
  flow: FlowType;
  status: string;
  total_cents: number;
  /** Absent from the pay statement's row, which shows no fee (0 there). */
  fee_cents?: number | string;
  amounts: Record<string, number>;
  frequency: string;
  card_brand: string | null;
  card_last4: string | null;
  receipt_id: string | null;
  receipt_no: string | null;
  gateway_ref: string | null;
  attempt_status: string | null;
  failure_code: string | null;
  attempt_method: PaymentMethodKind | null;
  qr_payload: string | null;
  qr_expires_at: Date | string | null;
  client_secret_hash: Buffer;
}

const donationSelect = (extra: string) => `
  select d.id, d.transaction_no, d.flow, d.status, d.total_cents, d.fee_cents, d.amounts, d.frequency,
         d.card_brand, d.card_last4, r.id as receipt_id, r.receipt_no,
         a.gateway_ref, a.status as attempt_status, a.failure_code, a.method as attempt_method,
         a.qr_payload, a.expires_at as qr_expires_at, d.client_secret_hash${extra}
  from donation d
  left join receipt r on r.donation_id = d.id
  left join lateral (
    select gateway_ref, status, failure_code, method, qr_payload, expires_at from payment_attempt
    where donation_id = d.id order by created_at desc, id desc limit 1
  ) a on true
  where d.id = $1`;

export const selectDonation = donationSelect("");

/**
 * `selectDonation` with how many of the donation's attempts failed (`failed_attempts`) and the order
 * it was made in, if any (`order_id`, server-side only).
 */
export const selectDonationToPay = donationSelect(`,
         (select count(*)::int from payment_attempt f
          where f.donation_id = d.id and f.status = 'failed') as failed_attempts, d.order_id`);

/**
 * A donation's client secret, derived from its id under the server key: `donation` keeps only its
 * hash and the idempotency record only the id, so no stored row holds the secret, and a retried create
 * gets the same secret again.
 */
export const clientSecretFor = (key: Buffer, id: string) =>
  `${id}_secret_${createHmac("sha256", key).update(`client-secret:${id}`).digest("base64url")}`;

/** Receipts are reached by a token derived from the receipt id with the server's key: never stored. */
export const receiptToken = (key: Buffer, receiptId: string) =>
  createHmac("sha256", key).update(`receipt:${receiptId}`).digest("base64url");

export interface Payments {
  readonly create: (input: {
    readonly idempotencyKey: string;
    readonly request: unknown;
    readonly flow: FlowType;
    readonly amounts: Readonly<Record<string, Cents>>;
    readonly total: Cents;
    /** The card fee the donor covers (issue 33), checked by the caller; charged with the total. */
    readonly fee?: Cents;
    readonly inputs: unknown;
    /** The receipt's attribute lists at the rates the donation was priced on (`receiptAttributes`). */
    readonly receiptItems?: unknown;
    readonly donorDetails: unknown;
    /** NRIC/FIN or UEN for IRAS inclusion: stored sealed (see personal-data), never in clear. */
    readonly taxId?: string;
    readonly frequency: string;
    readonly ratesVersion: number;
    /** The signed-in donor; a guest's gift belongs to no donor until linked on proof (gift-links.ts). */
    readonly donorId?: string | null;
    /** A guest's gift: its own donor particulars and identity number, sealed and hashed (issue 22). */
    readonly particulars?: unknown;
    readonly donorIdEncrypted?: Buffer | null;
    readonly donorIdHash?: Buffer | null;
    /** The e-mail given for this gift: where its receipt and other mail go. */
    readonly giftEmail?: string | null;
    readonly guestSessionId?: string | null;
    /** The language the donor gave in: the plan's e-mails and its manage link follow it. */
    readonly lang?: "en" | "ms";
    /**
     * Started at a registered kiosk (its signature checked by the caller): the receipt's source is
     * `kiosk` and its mosque the kiosk's (docs/counter.md "Kiosks").
     */
    readonly kiosk?: { readonly mosqueName: string };
    /**
     * Started at a registered counter device by PayNow (its signature and the amil's credential
     * checked by the caller): source `pos`, the device's mosque, the amil, within the amil's open
     * shift (docs/counter.md "PayNow at the counter").
     */
    readonly counter?: {
      readonly mosqueName: string;
      readonly amil: { readonly id: string; readonly name: string };
      readonly shiftId: string;
      /** The console audit line's `after` (counter.paynow.start, the amil its officer) and address. */
      readonly audit: unknown;
      readonly from: string;
    };
  }) => Promise<{
    readonly donation: DonationView;
    readonly clientSecret: string;
    readonly replayed: boolean;
  }>;
  /**
   * Several donations (one per fund of a household's order) kept in one transaction, all or none,
   * each once per its own idempotency key (docs/households.md "One payment across funds").
   */
  readonly createOrder: (
    inputs: ReadonlyArray<Parameters<Payments["create"]>[0]>,
  ) => Promise<ReadonlyArray<Awaited<ReturnType<Payments["create"]>>>>;
  /** The donation, if `clientSecret` is its own; otherwise DonationNotFound (the same as a missing one). */
  readonly get: (id: string, clientSecret: string) => Promise<DonationView>;
  /**
   * `get` for a confirmation: the donation and how many of its attempts have failed (the round a new
   * attempt belongs to), in one read.
   */
  /** With the id of the order it was made in (createOrder), never part of the view the donor reads. */
  readonly getToPay: (
    id: string,
    clientSecret: string,
  ) => Promise<{
    readonly donation: DonationView;
    readonly failedAttempts: number;
    readonly orderId?: string;
  }>;
  /** Record what the gateway said; on success mark the donation paid and issue its receipt, once. */
  readonly apply: (id: string, payment: GatewayPayment) => Promise<DonationView>;
  /** The gateway payment to confirm or poll (the latest attempt), if any. */
  readonly latestAttempt: (id: string) => Promise<
    | {
        gatewayRef: string;
        status: string;
        method: PaymentMethodKind;
        expiresAt: Date | null;
      }
    | undefined
  >;
  /**
   * Records a gateway payment as the donation's newest attempt (once per gateway payment), with how it
   * is paid and, for PayNow, the QR and its expiry.
   */
  readonly startAttempt: (
    id: string,
    gateway: string,
    payment: GatewayPayment,
    method?: PaymentMethodKind,
    qr?: { readonly payload: string; readonly expiresAt: Date },
  ) => Promise<void>;
  /** How many attempts have failed: the round a new attempt belongs to. */
  readonly failedAttempts: (id: string) => Promise<number>;
  /** The donation a gateway payment is an attempt of; undefined for a payment we did not start. */
  readonly donationOfAttempt: (gatewayRef: string) => Promise<string | undefined>;
  /**
   * Second payments of paid donations still to be given back (see `isDuplicatePayment`), marked at
   * least `olderThanSeconds` ago: reconciliation retries their refund.
   */
  readonly refundsDue: (
    olderThanSeconds: number,
  ) => Promise<ReadonlyArray<{ readonly gatewayRef: string; readonly gateway: string }>>;
  /**
   * Record that the gateway refunded this payment: the attempt becomes `refunded`, once, with an
   * audit entry; the donation and its receipt stand (the donor's other payment paid it).
   */
  readonly markRefunded: (gatewayRef: string) => Promise<void>;
}

/** A payment the gateway gave back, as the refund e-mail tells it. */
export interface RefundedPayment {
  readonly gatewayRef: string;
  readonly amountCents: number;
  readonly method: PaymentMethodKind;
}

/** Work done inside the transaction that marks a donation paid (recurring plans, saved cards). */
export interface PaymentHooks {
  /**
   * Inside the transaction that pays the donation (the recurring plan of a first payment, a renewal's
   * claim, a card kept). Called only for a recurring donation, a renewal, or one whose card is kept:
   * a one-time payment has nothing for it to do, and skipping it spares two reads per donation.
   */
  readonly onSucceeded?: (
    tx: SqlQuery,
    donationId: string,
    payment: GatewayPayment,
  ) => Promise<void>;
  /**
   * Inside the transaction that pays the donation, once its receipt is issued: the receipt e-mail
   * is recorded in the mail queue here, so it exists exactly when the payment does (a crash after
   * the commit cannot lose it). Keep it to database writes that cannot fail on their own: its
   * failure undoes the payment's record.
   */
  readonly onPaidInTransaction?: (
    tx: SqlQuery,
    donation: DonationView,
    contact: { readonly email: string | null },
  ) => Promise<void>;
  /**
   * Called once a donation is paid, after the transaction that paid it committed (the receipt
   * e-mail's first try). Its failure is reported, never undoes the payment.
   */
  readonly onPaid?: (
    donation: DonationView,
    contact: { readonly email: string | null },
  ) => Promise<void>;
  /**
   * A second payment of a donation already paid was recorded (the donor paid twice: a superseded
   * PayNow QR paid late, say), after the transaction committed: give it back through `gateway`.
   * It stays due (`refundsDue`) until `markRefunded`, so a failure here is retried.
   */
  readonly onDuplicate?: (gatewayRef: string, gateway: string) => Promise<void>;
  /**
   * After the transaction that recorded a payment's failure committed (a renewal settles its claim
   * and applies the retry rule, whether the scheduler or Stripe's webhook brought the failure).
   */
  readonly onFailed?: (donationId: string, payment: GatewayPayment) => Promise<void>;
  /** Inside the transaction of `markRefunded`, once per payment (the refund e-mail is queued). */
  readonly onRefundedInTransaction?: (
    tx: SqlQuery,
    donation: DonationView,
    refund: RefundedPayment,
  ) => Promise<void>;
  /** After `markRefunded` committed a refund, once per payment (the e-mail's first try). */
  readonly onRefunded?: (donation: DonationView, refund: RefundedPayment) => Promise<void>;
}

/** The view of a stored donation; `nextAction` is what the gateway just asked for, if anything. */
export const donationViewOf = (
  key: Buffer,
  row: DonationRow,
  nextAction: GatewayPayment["nextAction"],
): DonationView => {
  const status =
    row.status === "succeeded"
      ? "succeeded"
      : row.status === "pending"
        ? "requires_action"
        : "requires_payment_method";
  return {
    id: row.id,
    transactionNo: row.transaction_no,
    flow: row.flow,
    status,
    totalCents: row.total_cents,
    feeCents: Number(row.fee_cents ?? 0),
    amounts: row.amounts,
    frequency: row.frequency,
    card:
      row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    nextAction:
      status !== "requires_action"
        ? null
        : row.attempt_method === "paynow" && row.qr_payload
          ? { kind: "qr", payload: row.qr_payload }
          : nextAction,
    lastPaymentError:
      row.attempt_status === "failed" ? (row.failure_code ?? "payment_failed") : null,
    receipt:
      row.receipt_id && row.receipt_no
        ? { receiptNo: row.receipt_no, token: receiptToken(key, row.receipt_id) }
        : null,
    paymentMethod: row.attempt_method,
    payNow:
      status === "requires_action" && row.attempt_method === "paynow" && row.qr_payload
        ? { payload: row.qr_payload, expiresAt: new Date(row.qr_expires_at ?? 0).toISOString() }
        : null,
  };
};

/** The view of one donation, read in `q`; DonationNotFound when there is none. */
export const readDonationView = async (
  q: SqlQuery,
  key: Buffer,
  id: string,
  nextAction: GatewayPayment["nextAction"] = null,
): Promise<DonationView> => {
  const [row] = await q.query<DonationRow>(selectDonation, [id]);
  if (!row) throw new DonationNotFound();
  return donationViewOf(key, row, nextAction);
};
