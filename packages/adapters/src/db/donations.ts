import { createHmac, randomUUID } from "node:crypto";
import { COUNTER_SOURCE, receiptSeriesOf, type GatewayPayment } from "@portal/domain";
import {
  clientSecretFor,
  DonationNotFound,
  donationViewOf,
  IdempotencyConflict,
  readDonationView,
  selectDonation,
  selectDonationToPay,
  sha256,
  type DonationRow,
  type DonationView,
  type PaymentHooks,
  type PaymentMethodKind,
  type Payments,
} from "./donation-model";
import { applyPayment } from "./donation-payment";
import { personalData } from "./personal-data";
import { withFreshTransactionNo } from "./transaction-no";
import type { Sql, SqlQuery } from "./sql";

export * from "./donation-model";

/** The donation and payment records, over one database. `key` derives receipt tokens. */
export function payments(sql: Sql, key: Buffer, hooks: PaymentHooks = {}): Payments {
  const pii = personalData(key);
  const view = (q: SqlQuery, id: string, nextAction: GatewayPayment["nextAction"] = null) =>
    readDonationView(q, key, id, nextAction);

  return {
    apply: applyPayment(sql, key, hooks),

    create: async (input) => {
      // Keyed, so a request hash cannot be tested against guesses of what it held (an NRIC for IRAS).
      const requestHash = createHmac("sha256", key)
        .update(`idempotency:${JSON.stringify(input.request)}`)
        .digest();
      const id = randomUUID();
      const clientSecret = clientSecretFor(key, id);
      // One statement, so one round trip and atomic: the key is claimed with its answer, and only a
      // claim inserts the donation and its audit entry. A key already taken inserts nothing; a
      // transaction number drawn twice writes nothing and is drawn again.
      let transactionNo = "";
      const [made] = await withFreshTransactionNo(receiptSeriesOf(input.flow), (drawn) => {
        transactionNo = drawn;
        return sql.query<{ count: number }>(
          `with claimed as (
           insert into idempotency_key (scope, key, request_hash, status_code, response)
           values ('donation.create', $1, $2, 200, $3) on conflict (scope, key) do nothing returning key
         ), made as (
           insert into donation (id, transaction_no, flow, status, total_cents, amounts, inputs, donor_details,
             frequency, rates_version, client_secret_hash, donor_id, guest_session_id, tax_id_encrypted, tax_id_hash,
             receipt_items, particulars, donor_id_encrypted, donor_id_hash, gift_email, lang, source, mosque_name,
             amil_id, amil_name, shift_id, fee_cents)
           select $4, $5, $6, 'initiated', $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $19, $20, $21, $22, $23, $24,
             coalesce($25::text, 'Online'), $26, $27, $28, $29::uuid, $32
           from claimed
           returning id
         ), logged as (
           insert into audit_log (actor, action, entity, entity_id, detail)
           select 'donor', 'donation.create', 'donation', made.id::text, $18 from made
         ), audited as (
           -- Started at a counter: the amil's act, in the console's audit log (as counter.record).
           insert into console_audit (at, officer_id, officer_name, roles, action, entity, entity_id, after, ip)
           select now(), $27, $28, '{}', 'counter.paynow.start', 'donation', $5, $30::jsonb, $31
           from made where $27::text is not null
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
            input.kiosk ? "kiosk" : input.counter ? COUNTER_SOURCE : null,
            input.kiosk?.mosqueName ?? input.counter?.mosqueName ?? null,
            input.counter?.amil.id ?? null,
            input.counter?.amil.name ?? null,
            input.counter?.shiftId ?? null,
            input.counter ? JSON.stringify(input.counter.audit) : null,
            input.counter?.from ?? null,
            input.fee ?? 0,
          ],
        );
      });
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
        feeCents: input.fee ?? 0,
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
      return donationViewOf(key, row, null);
    },

    getToPay: async (id, clientSecret) => {
      if (!/^[0-9a-f-]{36}$/.test(id)) throw new DonationNotFound();
      const [row] = await sql.query<DonationRow & { failed_attempts: number }>(
        selectDonationToPay,
        [id],
      );
      if (!row || !Buffer.from(row.client_secret_hash).equals(sha256(clientSecret)))
        throw new DonationNotFound();
      return { donation: donationViewOf(key, row, null), failedAttempts: row.failed_attempts };
    },

    donationOfAttempt: async (gatewayRef) => {
      const [row] = await sql.query<{ donation_id: string }>(
        "select donation_id from payment_attempt where gateway_ref = $1",
        [gatewayRef],
      );
      return row?.donation_id;
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

    // A retry meets the same gateway payment: one reconciliation put off (the gateway had nothing for
    // it then) is due again at once, since this retry may be about to charge it.
    startAttempt: async (id, gateway, payment, method = "card", qr) => {
      await sql.query(
        `insert into payment_attempt (id, donation_id, gateway, gateway_ref, status, amount_cents, method, qr_payload, expires_at)
         select $1, d.id, $3, $4, 'initiated', d.total_cents + d.fee_cents, $5, $6, $7 from donation d where d.id = $2
         on conflict (gateway_ref) do update set next_check_at = null
           where payment_attempt.next_check_at is not null`,
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
  };
}
