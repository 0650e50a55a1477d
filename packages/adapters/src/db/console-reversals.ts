import { createHash, randomUUID } from "node:crypto";
import { Result } from "effect";
import {
  checkReversalApproval,
  OPEN_REVERSAL_MESSAGE,
  planReversal,
  type ReversalKind,
} from "@portal/domain";
import { consoleAuditWriter, type ConsoleActor, type ConsoleAudit } from "./console-audit";
import { IdempotencyConflict } from "./donations";
import { RecordRefused } from "./refused";
import type { Sql, SqlQuery } from "./sql";

export type ReversalStatus = "awaiting_approval" | "approved" | "done" | "failed";

export interface Reversal {
  readonly id: string;
  readonly transactionNo: string;
  readonly kind: ReversalKind;
  readonly amountCents: number;
  readonly reason: string;
  readonly requestedBy: string;
  readonly approvedBy: string | null;
  readonly status: ReversalStatus;
  readonly failureCode: string | null;
  readonly createdAt: string;
  /** How the money goes back: through this gateway payment, or by hand at the counter (null). */
  readonly payment: { readonly gateway: string; readonly gatewayRef: string } | null;
}

interface Row {
  id: string;
  transaction_no: string;
  kind: ReversalKind;
  amount_cents: string | number;
  reason: string;
  requested_by: string;
  approved_by: string | null;
  status: ReversalStatus;
  failure_code: string | null;
  created_at: Date | string;
  gateway: string | null;
  gateway_ref: string | null;
}

const select = `
  select v.id, d.transaction_no, v.kind, v.amount_cents, v.reason, v.requested_by, v.approved_by,
         v.status, v.failure_code, v.created_at, a.gateway, a.gateway_ref
  from donation_reversal v join donation d on d.id = v.donation_id
  left join lateral (select gateway, gateway_ref from payment_attempt a
                     where a.donation_id = d.id and a.status in ('succeeded', 'refunded')
                     order by a.updated_at desc limit 1) a on true`;

const toReversal = (row: Row): Reversal => ({
  id: row.id,
  transactionNo: row.transaction_no,
  kind: row.kind,
  amountCents: Number(row.amount_cents),
  reason: row.reason,
  requestedBy: row.requested_by,
  approvedBy: row.approved_by,
  status: row.status,
  failureCode: row.failure_code,
  createdAt: new Date(row.created_at).toISOString(),
  payment:
    row.gateway && row.gateway_ref ? { gateway: row.gateway, gatewayRef: row.gateway_ref } : null,
});

export interface ReversalAskInput {
  readonly transactionNo: string;
  readonly kind: ReversalKind;
  readonly amountCents?: number;
  readonly reason: string;
  readonly idempotencyKey: string;
  readonly actor: ConsoleActor;
}

export interface ReversalOptions {
  /** Above this many cents a second officer must approve (PORTAL_CONSOLE_APPROVAL_ABOVE_CENTS). */
  readonly approvalAboveCents: number;
  readonly now: () => number;
  readonly audit?: ConsoleAudit;
}

/**
 * A unique index that refused a racing ask, as the answer the ask would have had a moment later:
 * another open reversal of the gift (`donation_reversal_open`), or the idempotency key taken by
 * another request. The asks on one gift queue on its lock, so this is a last guard, not the rule.
 */
const raced = async <T>(ask: () => Promise<T>): Promise<T> => {
  try {
    return await ask();
  } catch (error) {
    const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
    if (e?.code !== "23505") throw error;
    const where = `${String(e.constraint ?? "")} ${String(e.message ?? "")}`;
    if (where.includes("donation_reversal_open"))
      throw new RecordRefused("reversal.open", OPEN_REVERSAL_MESSAGE);
    if (where.includes("idempotency_key")) throw new IdempotencyConflict();
    throw error;
  }
};

/**
 * A counter receipt's reversal (issue 32): never approved by the amil who recorded the gift, and a
 * void only while the gift's shift is open (its row locked for share, so a close waits for it).
 */
const shiftOf = async (
  q: SqlQuery,
  transactionNo: string,
): Promise<{ amilId: string | null; status: "open" | "closed" | "signed_off" | null }> => {
  const [gift] = await q.query<{ amil_id: string | null; shift_id: string | null }>(
    "select amil_id, shift_id from donation where transaction_no = $1",
    [transactionNo],
  );
  if (!gift?.shift_id) return { amilId: gift?.amil_id ?? null, status: null };
  const [shift] = await q.query<{ status: "open" | "closed" | "signed_off" }>(
    "select status from counter_shift where id = $1 for share",
    [gift.shift_id],
  );
  return { amilId: gift.amil_id, status: shift?.status ?? null };
};

const counterRule = async (q: SqlQuery, reversal: Reversal, approver?: ConsoleActor) => {
  const gift = await shiftOf(q, reversal.transactionNo);
  if (approver && gift.amilId && gift.amilId === approver.id)
    throw new RecordRefused(
      "approval.amil",
      "A second officer approves this, not the amil who recorded the receipt.",
    );
  if (reversal.kind === "void" && gift.status && gift.status !== "open")
    throw new RecordRefused(
      "reversal.shiftClosed",
      "A counter receipt is voided only within its open shift; this shift is closed, so refund it.",
    );
};

/** Refunds and voids as records: asked, approved, given back, each step audited with before/after. */
export function reversals(sql: Sql, options: ReversalOptions) {
  const audit = options.audit ?? consoleAuditWriter(options.now);
  const byId = async (q: SqlQuery, id: string) => {
    const [row] = await q.query<Row>(`${select} where v.id = $1`, [id]);
    return row ? toReversal(row) : undefined;
  };
  const lock = async (q: SqlQuery, id: string) => {
    const [row] = await q.query<{ id: string }>(
      "select id from donation_reversal where id = $1 for update",
      [id],
    );
    if (!row) throw new RecordRefused("reversal.notFound", "No such refund request.");
    return (await byId(q, id)) as Reversal;
  };
  return {
    /**
     * Ask to give a gift back. The same idempotency key with the same request answers the reversal
     * already asked (`replayed`); with another request, IdempotencyConflict.
     */
    ask: (input: ReversalAskInput) =>
      raced(() =>
        sql.transaction(async (tx) => {
          // The gift is locked before anything is read: asks on one gift queue here, and each then
          // reads what the one before it committed (under read committed a statement sees only what
          // committed before it began, so a check sharing the locking statement would read stale rows
          // and the open-reversal index would refuse the insert as a 500).
          const [locked] = await tx.query<{ id: string }>(
            "select id from donation where transaction_no = $1 for update",
            [input.transactionNo],
          );
          const requestHash = createHash("sha256")
            .update(
              JSON.stringify([
                input.transactionNo,
                input.kind,
                input.amountCents ?? null,
                input.reason,
              ]),
            )
            .digest();
          const [prior] = await tx.query<{ id: string; request_hash: Uint8Array }>(
            "select id, request_hash from donation_reversal where idempotency_key = $1",
            [input.idempotencyKey],
          );
          if (prior) {
            if (!Buffer.from(prior.request_hash).equals(requestHash))
              throw new IdempotencyConflict();
            return { reversal: (await byId(tx, prior.id)) as Reversal, replayed: true };
          }
          const [gift] = !locked
            ? []
            : await tx.query<{
                id: string;
                status: string;
                total_cents: string | number;
                refunded_cents: string | number;
                paid_at: Date | string;
                open: boolean;
                counter: boolean;
              }>(
                `select d.id, d.status, d.total_cents, d.refunded_cents,
                      coalesce(r.issued_at, d.updated_at) as paid_at,
                      exists (select 1 from donation_reversal v where v.donation_id = d.id
                              and v.status in ('awaiting_approval', 'approved', 'failed')) as open,
                      not exists (select 1 from payment_attempt a where a.donation_id = d.id
                                  and a.status in ('succeeded', 'refunded')) as counter
               from donation d left join receipt r on r.donation_id = d.id
               where d.id = $1`,
                [locked.id],
              );
          if (!gift) throw new RecordRefused("donation.notFound", "No such donation.");
          const shift = await shiftOf(tx, input.transactionNo);
          const before = { status: gift.status, refundedCents: Number(gift.refunded_cents) };
          const plan = planReversal(
            {
              status: gift.status,
              totalCents: Number(gift.total_cents),
              refundedCents: Number(gift.refunded_cents),
              paidAt: new Date(gift.paid_at).getTime(),
              openReversal: gift.open,
              counter: gift.counter,
              ...(shift.status ? { shift: shift.status } : {}),
            },
            {
              kind: input.kind,
              reason: input.reason,
              ...(input.amountCents === undefined ? {} : { amountCents: input.amountCents }),
            },
            { approvalAboveCents: options.approvalAboveCents },
            options.now(),
          );
          if (Result.isFailure(plan))
            throw new RecordRefused(plan.failure.code, plan.failure.message);
          const id = randomUUID();
          const status: ReversalStatus = plan.success.needsApproval
            ? "awaiting_approval"
            : "approved";
          await tx.query(
            `insert into donation_reversal (id, donation_id, kind, amount_cents, reason, idempotency_key,
             request_hash, requested_by, status)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [
              id,
              gift.id,
              plan.success.kind,
              plan.success.amountCents,
              plan.success.reason,
              input.idempotencyKey,
              requestHash,
              input.actor.id,
              status,
            ],
          );
          await audit(tx, {
            actor: input.actor,
            action: `donations.${plan.success.kind}`,
            entity: "donation",
            entityId: input.transactionNo,
            reason: plan.success.reason,
            before,
            after: { reversal: id, amountCents: plan.success.amountCents, status },
          });
          return { reversal: (await byId(tx, id)) as Reversal, replayed: false };
        }),
      ),

    /** A second officer agrees; never the one who asked. */
    approve: (id: string, actor: ConsoleActor) =>
      sql.transaction(async (tx) => {
        const reversal = await lock(tx, id);
        const checked = checkReversalApproval(reversal, actor.id);
        if (Result.isFailure(checked))
          throw new RecordRefused(checked.failure.code, checked.failure.message);
        await counterRule(tx, reversal, actor);
        await tx.query(
          `update donation_reversal set status = 'approved', approved_by = $2, approved_at = now(),
             updated_at = now() where id = $1`,
          [id, actor.id],
        );
        await audit(tx, {
          actor,
          action: "donations.refund.approve",
          entity: "donation",
          entityId: reversal.transactionNo,
          before: { reversal: id, status: reversal.status },
          after: { reversal: id, status: "approved" },
        });
        return (await byId(tx, id)) as Reversal;
      }),

    get: (id: string) => byId(sql, id),

    /** The gift's refunds and voids, newest first. */
    ofDonation: async (transactionNo: string) =>
      (
        await sql.query<Row>(`${select} where d.transaction_no = $1 order by v.created_at desc`, [
          transactionNo,
        ])
      ).map(toReversal),

    /** Requests waiting for a second officer, oldest first. */
    awaitingApproval: async () =>
      (
        await sql.query<Row>(
          `${select} where v.status = 'awaiting_approval' order by v.created_at limit 100`,
        )
      ).map(toReversal),

    /**
     * The money is back (the gateway said so, or the counter paid it out): the gift's refunded amount
     * grows, a full refund makes it refunded and a void voided, once. Answers the reversal as it is.
     */
    complete: (id: string, actor: ConsoleActor) =>
      sql.transaction(async (tx) => {
        const reversal = await lock(tx, id);
        if (reversal.status === "done") return reversal;
        if (reversal.status === "awaiting_approval")
          throw new RecordRefused("approval.required", "This request waits for its approver.");
        if (reversal.kind === "void") await counterRule(tx, reversal);
        const [gift] = await tx.query<{
          status: string;
          refunded_cents: string | number;
          total_cents: string | number;
        }>(
          "select status, refunded_cents, total_cents from donation where transaction_no = $1 for update",
          [reversal.transactionNo],
        );
        const refunded = Number(gift?.refunded_cents ?? 0) + reversal.amountCents;
        const status =
          reversal.kind === "void"
            ? "voided"
            : refunded >= Number(gift?.total_cents ?? 0)
              ? "refunded"
              : (gift?.status ?? "succeeded");
        await tx.query(
          `update donation set refunded_cents = $2, status = $3, updated_at = now() where transaction_no = $1`,
          [reversal.transactionNo, refunded, status],
        );
        await tx.query(
          "update donation_reversal set status = 'done', failure_code = null, updated_at = now() where id = $1",
          [id],
        );
        await audit(tx, {
          actor,
          action: `donations.${reversal.kind}.given_back`,
          entity: "donation",
          entityId: reversal.transactionNo,
          reason: reversal.reason,
          before: { status: gift?.status, refundedCents: Number(gift?.refunded_cents ?? 0) },
          after: { status, refundedCents: refunded, reversal: id },
        });
        return (await byId(tx, id)) as Reversal;
      }),

    /** The gateway refused or failed: kept open (the same key retries once), with why. */
    fail: (id: string, code: string, actor: ConsoleActor) =>
      sql.transaction(async (tx) => {
        const reversal = await lock(tx, id);
        if (reversal.status === "done") return reversal;
        await tx.query(
          "update donation_reversal set status = 'failed', failure_code = $2, updated_at = now() where id = $1",
          [id, code.slice(0, 200)],
        );
        await audit(tx, {
          actor,
          action: `donations.${reversal.kind}.failed`,
          entity: "donation",
          entityId: reversal.transactionNo,
          before: { reversal: id, status: reversal.status },
          after: { reversal: id, status: "failed", failureCode: code.slice(0, 200) },
        });
        return (await byId(tx, id)) as Reversal;
      }),
  };
}

export type Reversals = ReturnType<typeof reversals>;
