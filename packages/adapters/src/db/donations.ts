import { createHash, createHmac, randomInt, randomUUID } from "node:crypto";
import {
  isDuplicatePayment,
  reconcileReportedState,
  type Cents,
  type FlowType,
  type GatewayPayment,
  type PaymentState,
  receiptSeriesOf,
} from "@portal/domain";
import { personalData } from "./personal-data";
import { issueParticulars } from "./receipt-particulars";
import type { Sql, SqlQuery } from "./sql";

/** A donation as the payment API shows it (in the style of a PaymentIntent). */
export interface DonationView {
  readonly id: string;
  readonly transactionNo: string;
  readonly flow: FlowType;
  readonly status: "requires_payment_method" | "requires_action" | "succeeded";
  readonly totalCents: number;
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
export type PaymentMethodKind = "card" | "paynow" | "google_pay" | "apple_pay";

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

const sha256 = (text: string) => createHash("sha256").update(text).digest();

interface DonationRow {
  id: string;
  transaction_no: string;
  flow: FlowType;
  status: string;
  total_cents: number;
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

const selectDonation = `
  select d.id, d.transaction_no, d.flow, d.status, d.total_cents, d.amounts, d.frequency,
         d.card_brand, d.card_last4, r.id as receipt_id, r.receipt_no,
         a.gateway_ref, a.status as attempt_status, a.failure_code, a.method as attempt_method,
         a.qr_payload, a.expires_at as qr_expires_at, d.client_secret_hash
  from donation d
  left join receipt r on r.donation_id = d.id
  left join lateral (
    select gateway_ref, status, failure_code, method, qr_payload, expires_at from payment_attempt
    where donation_id = d.id order by created_at desc, id desc limit 1
  ) a on true
  where d.id = $1`;

/** Receipts are reached by a token derived from the receipt id with the server's key: never stored. */
/**
 * A donation's client secret, derived from its id under the server key: `donation` keeps only its
 * hash and the idempotency record only the id, so no stored row holds the secret, and a retried create
 * gets the same secret again.
 */
const clientSecretFor = (key: Buffer, id: string) =>
  `${id}_secret_${createHmac("sha256", key).update(`client-secret:${id}`).digest("base64url")}`;

export const receiptToken = (key: Buffer, receiptId: string) =>
  createHmac("sha256", key).update(`receipt:${receiptId}`).digest("base64url");

export interface Payments {
  readonly create: (input: {
    readonly idempotencyKey: string;
    readonly request: unknown;
    readonly flow: FlowType;
    readonly amounts: Readonly<Record<string, Cents>>;
    readonly total: Cents;
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
  }) => Promise<{
    readonly donation: DonationView;
    readonly clientSecret: string;
    readonly replayed: boolean;
  }>;
  /** The donation, if `clientSecret` is its own; otherwise DonationNotFound (the same as a missing one). */
  readonly get: (id: string, clientSecret: string) => Promise<DonationView>;
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

/** The donation and payment records, over one database. `key` derives receipt tokens. */
export function payments(sql: Sql, key: Buffer, hooks: PaymentHooks = {}): Payments {
  const pii = personalData(key);
  const view = async (
    q: SqlQuery,
    id: string,
    nextAction: GatewayPayment["nextAction"] = null,
  ): Promise<DonationView> => {
    const [row] = await q.query<DonationRow>(selectDonation, [id]);
    if (!row) throw new DonationNotFound();
    return viewOf(row, nextAction);
  };
  const viewOf = (row: DonationRow, nextAction: GatewayPayment["nextAction"]): DonationView => {
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

  return {
    create: async (input) => {
      // Keyed, so a request hash cannot be tested against guesses of what it held (an NRIC for IRAS).
      const requestHash = createHmac("sha256", key)
        .update(`idempotency:${JSON.stringify(input.request)}`)
        .digest();
      const id = randomUUID();
      const clientSecret = clientSecretFor(key, id);
      const transactionNo = `${receiptSeriesOf(input.flow)}${Date.now()}${randomInt(100, 1000)}`;
      // One statement, so one round trip and atomic: the key is claimed with its answer, and only a
      // claim inserts the donation and its audit entry. A key already taken inserts nothing.
      const [made] = await sql.query<{ count: number }>(
        `with claimed as (
           insert into idempotency_key (scope, key, request_hash, status_code, response)
           values ('donation.create', $1, $2, 200, $3) on conflict (scope, key) do nothing returning key
         ), made as (
           insert into donation (id, transaction_no, flow, status, total_cents, amounts, inputs, donor_details,
             frequency, rates_version, client_secret_hash, donor_id, guest_session_id, tax_id_encrypted, tax_id_hash,
             receipt_items, particulars, donor_id_encrypted, donor_id_hash, gift_email, lang)
           select $4, $5, $6, 'initiated', $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $19, $20, $21, $22, $23, $24
           from claimed
           returning id
         ), logged as (
           insert into audit_log (actor, action, entity, entity_id, detail)
           select 'donor', 'donation.create', 'donation', made.id::text, $18 from made
         )
         select count(*)::int as count from made`,
        [
          input.idempotencyKey,
          requestHash,
          JSON.stringify({ id }),
          id,
          transactionNo,
          input.flow,
          input.total,
          JSON.stringify(input.amounts),
          JSON.stringify(input.inputs),
          input.donorDetails === undefined ? null : JSON.stringify(input.donorDetails),
          input.frequency,
          input.ratesVersion,
          sha256(clientSecret),
          input.donorId ?? null,
          input.guestSessionId ?? null,
          input.taxId === undefined ? null : pii.encrypt(input.taxId),
          input.taxId === undefined ? null : pii.hash(input.taxId),
          JSON.stringify({ total: input.total, amounts: input.amounts, flow: input.flow }),
          input.receiptItems === undefined ? null : JSON.stringify(input.receiptItems),
          input.particulars === undefined ? null : JSON.stringify(input.particulars),
          input.donorIdEncrypted ?? null,
          input.donorIdHash ?? null,
          input.giftEmail?.toLowerCase() ?? null,
          input.lang ?? null,
        ],
      );
      if (made?.count !== 1) {
        const [prior] = await sql.query<{
          request_hash: Buffer;
          response: { id: string } | null;
          client_secret_hash: Buffer | null;
        }>(
          `select k.request_hash, k.response, d.client_secret_hash from idempotency_key k
           left join donation d on d.id::text = k.response->>'id'
           where k.scope = 'donation.create' and k.key = $1`,
          [input.idempotencyKey],
        );
        if (!prior?.response || !Buffer.from(prior.request_hash).equals(requestHash))
          throw new IdempotencyConflict();
        const clientSecret = clientSecretFor(key, prior.response.id);
        // A record from before the secret was derived (migration 016) cannot give its secret back.
        if (
          !prior.client_secret_hash ||
          !Buffer.from(prior.client_secret_hash).equals(sha256(clientSecret))
        )
          throw new IdempotencyConflict();
        return {
          donation: await view(sql, prior.response.id),
          clientSecret,
          replayed: true,
        };
      }
      // A donation just made has no attempt, card or receipt: its view needs no read.
      const donation: DonationView = {
        id,
        transactionNo,
        flow: input.flow,
        status: "requires_payment_method",
        totalCents: input.total,
        amounts: { ...input.amounts },
        frequency: input.frequency,
        card: null,
        nextAction: null,
        lastPaymentError: null,
        receipt: null,
        paymentMethod: null,
        payNow: null,
      };
      return { donation, clientSecret, replayed: false };
    },

    get: async (id, clientSecret) => {
      if (!/^[0-9a-f-]{36}$/.test(id)) throw new DonationNotFound();
      // The secret is checked on the row the answer is made from: one read.
      const [row] = await sql.query<DonationRow>(selectDonation, [id]);
      if (!row || !Buffer.from(row.client_secret_hash).equals(sha256(clientSecret)))
        throw new DonationNotFound();
      return viewOf(row, null);
    },

    latestAttempt: async (id) => {
      const [row] = await sql.query<{
        gateway_ref: string;
        status: string;
        method: PaymentMethodKind;
        expires_at: Date | string | null;
      }>(
        "select gateway_ref, status, method, expires_at from payment_attempt where donation_id = $1 order by created_at desc, id desc limit 1",
        [id],
      );
      return row
        ? {
            gatewayRef: row.gateway_ref,
            status: row.status,
            method: row.method,
            expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
          }
        : undefined;
    },

    failedAttempts: async (id) => {
      const [row] = await sql.query<{ count: number }>(
        "select count(*)::int as count from payment_attempt where donation_id = $1 and status = 'failed'",
        [id],
      );
      return row?.count ?? 0;
    },

    startAttempt: async (id, gateway, payment, method = "card", qr) => {
      await sql.query(
        `insert into payment_attempt (id, donation_id, gateway, gateway_ref, status, amount_cents, method, qr_payload, expires_at)
         select $1, d.id, $3, $4, 'initiated', d.total_cents, $5, $6, $7 from donation d where d.id = $2
         on conflict (gateway_ref) do nothing`,
        [
          randomUUID(),
          id,
          gateway,
          payment.paymentId,
          method,
          qr?.payload ?? null,
          qr?.expiresAt.toISOString() ?? null,
        ],
      );
    },

    refundsDue: async (olderThanSeconds) =>
      (
        await sql.query<{ gateway_ref: string; gateway: string }>(
          `select gateway_ref, gateway from payment_attempt
           where refund_due_at is not null and refund_due_at <= now() - make_interval(secs => $1)
           order by refund_due_at limit 100`,
          [olderThanSeconds],
        )
      ).map((row) => ({ gatewayRef: row.gateway_ref, gateway: row.gateway })),

    markRefunded: async (gatewayRef) => {
      const refunded = await sql.transaction(async (tx) => {
        const [row] = await tx.query<{
          donation_id: string;
          amount_cents: string | number;
          method: PaymentMethodKind;
        }>(
          `update payment_attempt set status = 'refunded', refund_due_at = null, updated_at = now()
           where gateway_ref = $1 and status = 'succeeded' returning donation_id, amount_cents, method`,
          [gatewayRef],
        );
        if (!row) return undefined;
        const refund = { gatewayRef, amountCents: Number(row.amount_cents), method: row.method };
        await tx.query(
          `insert into audit_log (actor, action, entity, entity_id, detail)
           values ('gateway', 'payment.refunded', 'donation', $1, $2)`,
          [row.donation_id, JSON.stringify({ ...refund, reason: "duplicate" })],
        );
        const donation = await view(tx, row.donation_id);
        await hooks.onRefundedInTransaction?.(tx, donation, refund);
        return { donation, refund };
      });
      if (refunded && hooks.onRefunded) {
        await hooks.onRefunded(refunded.donation, refunded.refund).catch((error: unknown) => {
          console.error(
            "[payments] after-refund step failed:",
            error instanceof Error ? error.message : "unknown",
          );
        });
      }
    },

    apply: async (id, payment) => {
      let paidNow = false;
      let duplicateOn: string | undefined;
      let failedNow = false;
      let email: string | null = null;
      const result = await sql.transaction(async (tx) => {
        // One writer per donation at a time: a second confirm or webhook waits here, then sees the result.
        // It also reads what the steps after the payment need: whether the recurring hook has work,
        // and where the receipt e-mail goes (the donor's account, else the details given).
        const [donation] = await tx.query<{
          status: string;
          flow: FlowType;
          hooked: boolean;
          email: string | null;
        }>(
          `select d.status, d.flow,
             d.frequency <> 'one time' or d.save_card
               or exists (select 1 from recurring_charge c where c.donation_id = d.id) as hooked,
             coalesce(d.gift_email, d.donor_details->>'email') as email
           from donation d where d.id = $1 for update of d`,
          [id],
        );
        if (!donation) throw new DonationNotFound();
        const [attempt] = await tx.query<{
          status: string;
          latest: boolean;
          method: PaymentMethodKind;
          gateway: string;
        }>(
          `select a.status, a.method, a.gateway, a.id = (
             select l.id from payment_attempt l where l.donation_id = a.donation_id
             order by l.created_at desc, l.id desc limit 1
           ) as latest
           from payment_attempt a where a.gateway_ref = $1 and a.donation_id = $2`,
          [payment.paymentId, id],
        );
        if (!attempt) throw new DonationNotFound();
        const current = attempt.status as PaymentState;
        const to =
          payment.state === "refunded" || payment.state === "voided" ? current : payment.state;
        // Events repeat and arrive out of order: a report the payment machine refuses is ignored,
        // except a success after a failure (the money was taken; see reconcileReportedState).
        const effective = reconcileReportedState(current, to);
        const duplicate = isDuplicatePayment({
          donationAlreadyPaid: donation.status === "succeeded",
          attemptBefore: current,
          attemptAfter: effective,
        });
        if (current !== effective) {
          // A second payment is owed back: due from now until the gateway has refunded it.
          await tx.query(
            `update payment_attempt set status = $2, failure_code = $3, updated_at = now(),
               refund_due_at = case when $4 then now() else refund_due_at end
             where gateway_ref = $1`,
            [payment.paymentId, effective, payment.failureCode ?? null, duplicate],
          );
        }
        failedNow = current !== "failed" && effective === "failed";
        if (duplicate) {
          await tx.query(
            `insert into audit_log (actor, action, entity, entity_id, detail)
             values ('gateway', 'payment.duplicate', 'donation', $1, $2)`,
            [id, JSON.stringify({ gatewayRef: payment.paymentId, method: attempt.method })],
          );
          duplicateOn = attempt.gateway;
        }
        if (donation.status !== "succeeded") {
          if (effective === "succeeded") {
            // Paid, numbered and logged in one statement (one round trip, inside the lock): the
            // series row's update hands out the next serial, so numbers have no gaps.
            const series = receiptSeriesOf(donation.flow);
            const receiptId = randomUUID();
            await tx.query(
              `with paid as (
                 update donation set status = 'succeeded', payment_method = $4, payment_type = $5,
                   card_brand = $2, card_last4 = $3, updated_at = now() where id = $1 returning id
               ), next as (
                 update receipt_series set next_serial = next_serial + 1 where series = $6
                 returning series, next_serial - 1 as serial
               ), numbered as (
                 select series, serial, series || '-' || case when length(serial::text) >= 8
                   then serial::text else lpad(serial::text, 8, '0') end as receipt_no from next
               ), issued as (
                 insert into receipt (id, donation_id, series, serial, receipt_no, token_hash)
                 select $7, paid.id, numbered.series, numbered.serial, numbered.receipt_no, $8
                 from paid, numbered returning receipt_no
               )
               insert into audit_log (actor, action, entity, entity_id, detail)
               select 'gateway', 'donation.succeeded', 'donation', $1,
                 jsonb_build_object('gatewayRef', $9::text, 'receiptNo', issued.receipt_no)
               from issued`,
              [
                id,
                payment.card?.brand ?? null,
                payment.card?.last4 ?? null,
                attempt.method === "paynow" ? "paynow" : "card",
                paymentTypeOf(attempt.method),
                series,
                receiptId,
                sha256(receiptToken(key, receiptId)),
                payment.paymentId,
              ],
            );
            // The receipt's particulars as they are now, for ever (corrections are re-issues).
            await tx.query(issueParticulars, [receiptId]);
            if (donation.hooked) await hooks.onSucceeded?.(tx, id, payment);
            email = donation.email;
            paidNow = true;
          } else if (attempt.latest) {
            // Only the latest attempt speaks for an unpaid donation: a late failure of an earlier
            // attempt must not reopen a donation whose next attempt is under way.
            const status = effective === "pending" ? "pending" : "initiated";
            await tx.query("update donation set status = $2, updated_at = now() where id = $1", [
              id,
              status,
            ]);
          }
        }
        const settled = await view(tx, id, payment.nextAction);
        if (paidNow) await hooks.onPaidInTransaction?.(tx, settled, { email });
        return settled;
      });
      if (failedNow && hooks.onFailed) {
        await hooks.onFailed(id, payment).catch((error: unknown) => {
          console.error(
            "[payments] after-failure step failed:",
            error instanceof Error ? error.message : "unknown",
          );
        });
      }
      if (duplicateOn !== undefined && hooks.onDuplicate) {
        await hooks.onDuplicate(payment.paymentId, duplicateOn).catch((error: unknown) => {
          console.error(
            "[payments] refund of a second payment failed (reconciliation retries it):",
            error instanceof Error ? error.message : "unknown",
          );
        });
      }
      if (paidNow && hooks.onPaid) {
        await hooks.onPaid(result, { email }).catch((error: unknown) => {
          console.error(
            "[payments] after-payment step failed:",
            error instanceof Error ? error.message : "unknown",
          );
        });
      }
      return result;
    },
  };
}
