import type { Sql } from "@portal/adapters/db";
import type { SandboxMethod, SandboxPayment, SandboxStore } from "./sandbox";

interface PaymentRow {
  id: string;
  idempotency_key: string;
  amount_cents: number;
  state: SandboxPayment["state"];
  method_id: string | null;
  failure_code: string | null;
  challenge: boolean;
  off_session: boolean;
  paynow_payload: string | null;
  paynow_reference: string | null;
  paynow_expires_at: Date | string | null;
  refunded_cents: number | string;
}

const toPayment = (row: PaymentRow): SandboxPayment => ({
  id: row.id,
  idempotencyKey: row.idempotency_key,
  amount: Number(row.amount_cents),
  state: row.state,
  methodId: row.method_id,
  failureCode: row.failure_code,
  challenge: row.challenge,
  offSession: row.off_session,
  refunded: Number(row.refunded_cents),
  payNow:
    row.paynow_payload && row.paynow_reference && row.paynow_expires_at
      ? {
          payload: row.paynow_payload,
          reference: row.paynow_reference,
          expiresAt: new Date(row.paynow_expires_at).getTime(),
        }
      : null,
});

const columns =
  "id, idempotency_key, amount_cents, state, method_id, failure_code, challenge, off_session, paynow_payload, paynow_reference, paynow_expires_at, refunded_cents";

/**
 * The sandbox gateway's records in tables of their own (`sandbox_payment`, `sandbox_payment_method`),
 * each write committed before the sandbox answers: it then remembers a charge the way a remote
 * provider does when the portal dies between the charge and its own record. No card number is stored.
 */
export function sqlSandboxStore(sql: Sql): SandboxStore {
  return {
    putMethod: async (method) => {
      await sql.query(
        `insert into sandbox_payment_method (id, brand, last4, exp_month, exp_year, behaviour)
         values ($1, $2, $3, $4, $5, $6)`,
        [method.id, method.brand, method.last4, method.expMonth, method.expYear, method.behaviour],
      );
    },
    method: async (id) => {
      const [row] = await sql.query<{
        id: string;
        brand: string;
        last4: string;
        exp_month: number;
        exp_year: number;
        behaviour: SandboxMethod["behaviour"];
      }>(
        "select id, brand, last4, exp_month, exp_year, behaviour from sandbox_payment_method where id = $1",
        [id],
      );
      return row
        ? {
            id: row.id,
            brand: row.brand,
            last4: row.last4,
            expMonth: row.exp_month,
            expYear: row.exp_year,
            behaviour: row.behaviour,
          }
        : undefined;
    },
    createPayment: async (payment) => {
      const [inserted] = await sql.query<PaymentRow>(
        `insert into sandbox_payment (id, idempotency_key, amount_cents, state, off_session,
           paynow_payload, paynow_reference, paynow_expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (idempotency_key) do nothing returning ${columns}`,
        [
          payment.id,
          payment.idempotencyKey,
          payment.amount,
          payment.state,
          payment.offSession,
          payment.payNow?.payload ?? null,
          payment.payNow?.reference ?? null,
          payment.payNow ? new Date(payment.payNow.expiresAt).toISOString() : null,
        ],
      );
      if (inserted) return toPayment(inserted);
      const [existing] = await sql.query<PaymentRow>(
        `select ${columns} from sandbox_payment where idempotency_key = $1`,
        [payment.idempotencyKey],
      );
      if (!existing) throw new Error("sandbox payment vanished");
      return toPayment(existing);
    },
    payment: async (id) => {
      const [row] = await sql.query<PaymentRow>(
        `select ${columns} from sandbox_payment where id = $1`,
        [id],
      );
      return row ? toPayment(row) : undefined;
    },
    payNowPayment: async (payload) => {
      const [row] = await sql.query<PaymentRow>(
        `select ${columns} from sandbox_payment where paynow_payload = $1`,
        [payload],
      );
      return row ? toPayment(row) : undefined;
    },
    transition: async (id, from, to) => {
      const [row] = await sql.query<PaymentRow>(
        `update sandbox_payment set state = $3, method_id = $4, failure_code = $5, challenge = $6,
           updated_at = now() where id = $1 and state = $2 returning ${columns}`,
        [id, from, to.state, to.methodId, to.failureCode, to.challenge],
      );
      return row ? toPayment(row) : undefined;
    },
    refundPart: (id, key, amount) =>
      sql.transaction(async (tx) => {
        const [payment] = await tx.query<PaymentRow>(
          `select ${columns} from sandbox_payment where id = $1 for update`,
          [id],
        );
        if (!payment) return undefined;
        const [seen] = await tx.query("select 1 from sandbox_refund where key = $1", [key]);
        if (seen) return toPayment(payment);
        if (payment.state !== "succeeded") return undefined;
        const refunded = Number(payment.refunded_cents) + amount;
        if (refunded > Number(payment.amount_cents)) return "tooMuch" as const;
        await tx.query(
          "insert into sandbox_refund (key, payment_id, amount_cents) values ($1, $2, $3)",
          [key, id, amount],
        );
        const [row] = await tx.query<PaymentRow>(
          `update sandbox_payment set refunded_cents = $2,
             state = case when $2 = amount_cents then 'refunded' else state end, updated_at = now()
           where id = $1 returning ${columns}`,
          [id, refunded],
        );
        return row ? toPayment(row) : undefined;
      }),
  };
}
