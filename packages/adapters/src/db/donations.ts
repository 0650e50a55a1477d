import { randomUUID } from "node:crypto";
import type { GatewayPayment } from "@portal/domain";
import {
  DonationNotFound,
  donationViewOf,
  readDonationView,
  selectDonation,
  selectDonationToPay,
  sha256,
  type DonationRow,
  type PaymentHooks,
  type PaymentMethodKind,
  type Payments,
} from "./donation-model";
import { createDonationOn, createOrderOn } from "./donation-create";
import { applyPayment } from "./donation-payment";
import type { Sql, SqlQuery } from "./sql";

export * from "./donation-model";

/** The donation and payment records, over one database. `key` derives receipt tokens. */
export function payments(sql: Sql, key: Buffer, hooks: PaymentHooks = {}): Payments {
  const view = (q: SqlQuery, id: string, nextAction: GatewayPayment["nextAction"] = null) =>
    readDonationView(q, key, id, nextAction);

  return {
    apply: applyPayment(sql, key, hooks),

    create: (input) => createDonationOn(sql, key, input),

    // Several donations (one per fund) made in one transaction, all or none (docs/households.md).
    createOrder: (inputs) => createOrderOn(sql, key, inputs),

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
      const [row] = await sql.query<
        DonationRow & { failed_attempts: number; order_id: string | null }
      >(selectDonationToPay, [id]);
      if (!row || !Buffer.from(row.client_secret_hash).equals(sha256(clientSecret)))
        throw new DonationNotFound();
      return {
        donation: donationViewOf(key, row, null),
        failedAttempts: row.failed_attempts,
        ...(row.order_id === null ? {} : { orderId: row.order_id }),
      };
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
