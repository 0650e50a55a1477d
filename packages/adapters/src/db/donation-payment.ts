import { randomUUID } from "node:crypto";
import {
  isDuplicatePayment,
  receiptSeriesOf,
  reconcileReportedState,
  type FlowType,
  type PaymentState,
} from "@portal/domain";
import {
  DonationNotFound,
  donationViewOf,
  paymentTypeOf,
  readDonationView,
  receiptToken,
  sha256,
  type DonationRow,
  type DonationView,
  type PaymentHooks,
  type PaymentMethodKind,
  type Payments,
} from "./donation-model";
import { issuedParticulars } from "./receipt-particulars";
import type { Sql } from "./sql";

type PaidRow = Omit<
  DonationRow,
  | "gateway_ref"
  | "attempt_status"
  | "failure_code"
  | "attempt_method"
  | "qr_payload"
  | "qr_expires_at"
>;

/**
 * A donation's first success in one statement (one round trip, inside its row lock): the attempt
 * succeeded, the donation paid, its receipt numbered (the series row's update hands out the next
 * serial, so numbers have no gaps) with its particulars as they are now (for ever: corrections are
 * re-issues), and the audit entry. Answers the paid donation with its receipt. Each part reads the
 * others only through what they return (one statement sees one snapshot).
 */
const payStatement = `
  with attempt as (
    update payment_attempt set status = 'succeeded', failure_code = $10, updated_at = now()
    where gateway_ref = $9 and status <> 'succeeded' returning id
  ), paid as (
    update donation set status = 'succeeded', payment_method = $4, payment_type = $5,
      card_brand = $2, card_last4 = $3, counter_reference = coalesce($11, counter_reference),
      updated_at = now() where id = $1
    returning id, transaction_no, flow, status, total_cents, fee_cents, amounts, frequency, card_brand, card_last4,
      client_secret_hash, donor_id, guest_session_id, particulars, donor_details, donor_id_encrypted,
      tax_id_encrypted
  ), next as (
    update receipt_series set next_serial = next_serial + 1 where series = $6
    returning series, next_serial - 1 as serial
  ), numbered as (
    select series, serial, series || '-' || case when length(serial::text) >= 8
      then serial::text else lpad(serial::text, 8, '0') end as receipt_no from next
  ), issued as (
    insert into receipt (id, donation_id, series, serial, receipt_no, token_hash, particulars, id_encrypted)
    select $7, d.id, numbered.series, numbered.serial, numbered.receipt_no, $8,
      ${issuedParticulars.particulars}, ${issuedParticulars.idEncrypted}
    from paid d cross join numbered left join donor o on o.id = d.donor_id
    returning id, receipt_no
  ), logged as (
    insert into audit_log (actor, action, entity, entity_id, detail)
    select 'gateway', 'donation.succeeded', 'donation', $1,
      jsonb_build_object('gatewayRef', $9::text, 'receiptNo', issued.receipt_no)
    from issued
  )
  select d.id, d.transaction_no, d.flow, d.status, d.total_cents, d.fee_cents, d.amounts, d.frequency, d.card_brand,
    d.card_last4, d.client_secret_hash, issued.id as receipt_id, issued.receipt_no
  from paid d cross join issued`;

/**
 * What the gateway said about a donation's payment, recorded once: the attempt's state, and on the
 * first success the donation paid with its receipt numbered in its fund's series (the fund registry's
 * `receiptSeries`), all in one transaction; a second payment of a paid donation is marked to be given
 * back. The hooks run inside or after that transaction (PaymentHooks).
 */
export const applyPayment =
  (sql: Sql, key: Buffer, hooks: PaymentHooks): Payments["apply"] =>
  async (id, payment) => {
    let paidNow = false;
    let duplicateOn: string | undefined;
    let failedNow = false;
    let email: string | null = null;
    let settledNow: DonationView | undefined;
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
        failure_code: string | null;
        qr_payload: string | null;
        expires_at: Date | string | null;
      }>(
        `select a.status, a.method, a.gateway, a.failure_code, a.qr_payload, a.expires_at, a.id = (
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
      const paying = donation.status !== "succeeded" && effective === "succeeded";
      if (current !== effective && !paying) {
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
        if (paying) {
          const receiptId = randomUUID();
          const paid = await tx.query<PaidRow>(payStatement, [
            id,
            payment.card?.brand ?? null,
            payment.card?.last4 ?? null,
            attempt.method === "paynow" || attempt.method === "nets" ? attempt.method : "card",
            paymentTypeOf(attempt.method),
            receiptSeriesOf(donation.flow),
            receiptId,
            sha256(receiptToken(key, receiptId)),
            payment.paymentId,
            payment.failureCode ?? null,
            // A NETS terminal's approval code: the payment's reference on the receipt.
            payment.reference ?? null,
          ]);
          const [row] = paid;
          if (!row) throw new Error(`donation ${id} was not paid`);
          if (donation.hooked) await hooks.onSucceeded?.(tx, id, payment);
          // The paying attempt is the latest (nearly always) and no hook ran: the view is what the
          // statement wrote, with no read.
          if (attempt.latest && !donation.hooked) {
            settledNow = donationViewOf(
              key,
              {
                ...row,
                gateway_ref: payment.paymentId,
                attempt_status: effective,
                failure_code:
                  current === effective ? attempt.failure_code : (payment.failureCode ?? null),
                attempt_method: attempt.method,
                qr_payload: attempt.qr_payload,
                qr_expires_at: attempt.expires_at,
              },
              payment.nextAction,
            );
          }
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
      const settled = settledNow ?? (await readDonationView(tx, key, id, payment.nextAction));
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
  };
