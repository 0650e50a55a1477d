import { randomUUID } from "node:crypto";
import { Result } from "effect";
import {
  balanceShift,
  checkShiftOpening,
  signOffRefusal,
  type ShiftBalance,
  type ShiftCountInput,
  type ShiftStatus,
  type ShiftTakings,
} from "@portal/domain";
import { consoleAuditWriter, type ConsoleActor, type ConsoleAudit } from "./console-audit";
import { RecordRefused } from "./refused";
import type { Sql, SqlQuery } from "./sql";

/** A refusal that names the fields of the form at fault (a shift's opening or count). */
export class ShiftRefused extends RecordRefused {
  readonly fields: ReadonlyArray<string>;
  constructor(code: string, message: string, fields: ReadonlyArray<string>) {
    super(code, message);
    this.fields = fields;
  }
}

/**
 * A counter receipt recorded within a shift, as the shift's page lists it: nothing of its donor (a
 * look-up of a donor is the donations' page's, audited there).
 */
export interface ShiftReceipt {
  readonly transactionNo: string;
  readonly receiptNo: string;
  readonly fund: string;
  readonly method: string;
  readonly amountCents: number;
  readonly status: string;
  readonly recordedAt: string;
  /** A void or refund of it waiting for its approver (the reversal's id). */
  readonly awaitingApproval: string | null;
}

export interface CounterShift {
  readonly id: string;
  readonly mosqueName: string;
  readonly amilId: string;
  readonly amilName: string;
  readonly floatCents: number;
  readonly status: ShiftStatus;
  readonly openedAt: string;
  /** The Singapore day it opened on: its night. */
  readonly night: string;
  readonly closedAt: string | null;
  /** What it took: live while open, as it was at the close afterwards. */
  readonly takings: ShiftTakings;
  /** The close: expected against counted, and the reason for a difference. */
  readonly balance: ShiftBalance | null;
  readonly signedOffBy: string | null;
  readonly signedOffByName: string | null;
  readonly signedOffAt: string | null;
}

interface Row {
  id: string;
  mosque_name: string;
  amil_id: string;
  amil_name: string;
  float_cents: string | number;
  status: ShiftStatus;
  opened_at: Date | string;
  night: string | Date;
  closed_at: Date | string | null;
  close: { takings: ShiftTakings; balance: ShiftBalance } | null;
  signed_off_by: string | null;
  signed_off_by_name: string | null;
  signed_off_at: Date | string | null;
}

const columns = `id, mosque_name, amil_id, amil_name, float_cents, status, opened_at,
  to_char((opened_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') as night,
  closed_at, close, signed_off_by, signed_off_by_name, signed_off_at`;

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/** What a shift's gifts took, per method, and the cash given back by hand from its drawer. */
export const takingsOf = async (
  q: SqlQuery,
  id: string,
  floatCents: number,
): Promise<ShiftTakings> => {
  const rows = await q.query<{
    method: string;
    count: string | number;
    cents: string | number;
    back: string | number;
    kept: string | number;
  }>(
    `select payment_method as method, count(*) as count, coalesce(sum(total_cents), 0) as cents,
            coalesce(sum(refunded_cents), 0) as back,
            count(*) filter (where refunded_cents < total_cents) as kept
     from donation where shift_id = $1
       -- A PayNow payment counts once paid (its QR may wait for the payer, or never be paid).
       and (payment_method is distinct from 'paynow' or status in ('succeeded', 'refunded', 'voided'))
     group by payment_method`,
    [id],
  );
  const of = (method: string) => rows.find((row) => row.method === method);
  // Cheques and NETS given back leave the count (the cheque handed back, the NETS sale voided).
  const kept = (method: string) => {
    const row = of(method);
    return {
      count: Number(row?.kept ?? 0),
      cents: Number(row?.cents ?? 0) - Number(row?.back ?? 0),
    };
  };
  const cash = of("cash");
  return {
    floatCents,
    cash: {
      count: Number(cash?.count ?? 0),
      cents: Number(cash?.cents ?? 0),
      givenBackCents: Number(cash?.back ?? 0),
    },
    cheque: kept("cheque"),
    nets: kept("nets"),
    bankTransfer: kept("bank_transfer"),
    // Paid into the council's account, not the drawer: its own line, never counted as cash.
    paynow: kept("paynow"),
  };
};

const toShift = async (q: SqlQuery, row: Row): Promise<CounterShift> => {
  const floatCents = Number(row.float_cents);
  return {
    id: row.id,
    mosqueName: row.mosque_name,
    amilId: row.amil_id,
    amilName: row.amil_name,
    floatCents,
    status: row.status,
    openedAt: iso(row.opened_at) as string,
    night: typeof row.night === "string" ? row.night : row.night.toISOString().slice(0, 10),
    closedAt: iso(row.closed_at),
    takings: row.close?.takings ?? (await takingsOf(q, row.id, floatCents)),
    balance: row.close?.balance ?? null,
    signedOffBy: row.signed_off_by,
    signedOffByName: row.signed_off_by_name,
    signedOffAt: iso(row.signed_off_at),
  };
};

/** A report's filter: Singapore days (both inclusive), and a mosque or an amil if given. */
export interface ShiftFilter {
  readonly from: string;
  readonly to: string;
  readonly mosqueName?: string | undefined;
  readonly amilId?: string | undefined;
}

const NO_SHIFT =
  "Open a shift first: a counter receipt is recorded within the amil's open shift (with its float).";

/**
 * Counter shifts as records: opened with a float, the receipts within them, closed with the count
 * (the domain's `balanceShift`), signed off by another officer and then locked. Each step writes its
 * audit line in its own transaction; the shift's row lock orders a close against a void or an entry.
 */
export function counterShifts(sql: Sql, audit: ConsoleAudit = consoleAuditWriter()) {
  const byId = async (q: SqlQuery, id: string, lock = false) => {
    const [row] = await q.query<Row>(
      `select ${columns} from counter_shift where id = $1${lock ? " for update" : ""}`,
      [id],
    );
    return row;
  };
  const found = async (q: SqlQuery, id: string, lock = false) => {
    const row = await byId(q, id, lock);
    if (!row) throw new RecordRefused("shift.notFound", "No such shift.");
    return row;
  };
  return {
    /** Open a shift for the amil at a mosque with a float; one open shift per amil. */
    open: (input: { mosqueName: string; floatCents: unknown }, actor: ConsoleActor, now: Date) =>
      sql.transaction(async (tx) => {
        const checked = checkShiftOpening(input);
        if (Result.isFailure(checked)) {
          const { code, message, fields } = checked.failure;
          throw new ShiftRefused(code, message, fields);
        }
        const [open] = await tx.query<{ id: string; mosque_name: string }>(
          "select id, mosque_name from counter_shift where amil_id = $1 and status = 'open' for update",
          [actor.id],
        );
        if (open)
          throw new RecordRefused(
            "shift.alreadyOpen",
            `You already have an open shift at ${open.mosque_name}: close it before opening another.`,
          );
        const id = randomUUID();
        await tx.query(
          `insert into counter_shift (id, mosque_name, amil_id, amil_name, float_cents, opened_at)
           values ($1, $2, $3, $4, $5, $6)`,
          [id, checked.success.mosqueName, actor.id, actor.name, checked.success.floatCents, now],
        );
        await audit(tx, {
          actor,
          action: "counter.shift.open",
          entity: "counter_shift",
          entityId: id,
          before: null,
          after: { ...checked.success, status: "open" },
        });
        return toShift(tx, await found(tx, id));
      }),

    /** The amil's open shift, if any. */
    current: async (amilId: string) => {
      const [row] = await sql.query<Row>(
        `select ${columns} from counter_shift where amil_id = $1 and status = 'open'`,
        [amilId],
      );
      return row ? toShift(sql, row) : undefined;
    },

    /** One shift with the receipts recorded within it. */
    get: async (id: string) => {
      const row = await byId(sql, id);
      if (!row) return undefined;
      const receipts = await sql.query<{
        transaction_no: string;
        receipt_no: string;
        amounts: Record<string, number>;
        payment_method: string;
        total_cents: string | number;
        status: string;
        created_at: Date | string;
        waiting: string | null;
      }>(
        `select d.transaction_no, r.receipt_no, d.amounts, d.payment_method, d.total_cents, d.status,
                d.created_at,
                (select v.id from donation_reversal v where v.donation_id = d.id
                   and v.status = 'awaiting_approval' limit 1) as waiting
         from donation d join receipt r on r.donation_id = d.id
         where d.shift_id = $1
         order by r.serial`,
        [id],
      );
      return {
        shift: await toShift(sql, row),
        receipts: receipts.map((one): ShiftReceipt => ({
          transactionNo: one.transaction_no,
          receiptNo: one.receipt_no,
          fund: Object.keys(one.amounts)[0] ?? "",
          method: one.payment_method,
          amountCents: Number(one.total_cents),
          status: one.status,
          recordedAt: iso(one.created_at) as string,
          awaitingApproval: one.waiting,
        })),
      };
    },

    /**
     * The amil closes their open shift with the count: expected against counted, a reason for any
     * difference. Refused while a void or refund of one of its receipts waits for its approver.
     */
    close: (id: string, count: ShiftCountInput, actor: ConsoleActor, now: Date) =>
      sql.transaction(async (tx) => {
        const row = await found(tx, id, true);
        if (row.status === "signed_off")
          throw new RecordRefused(
            "shift.locked",
            "This shift is signed off: nothing in it changes.",
          );
        if (row.status !== "open")
          throw new RecordRefused("shift.notOpen", "This shift is closed.");
        if (row.amil_id !== actor.id)
          throw new RecordRefused("shift.notYours", "Only the amil who opened a shift closes it.");
        const [waiting] = await tx.query<{ id: string }>(
          `select v.id from donation_reversal v join donation d on d.id = v.donation_id
           where d.shift_id = $1 and v.status in ('awaiting_approval', 'approved', 'failed') limit 1`,
          [id],
        );
        if (waiting)
          throw new RecordRefused(
            "shift.voidWaiting",
            "A void in this shift waits for its approver: have it approved (or refused) before the close.",
          );
        // A PayNow code of this shift the payer may still pay: the close would miss it.
        const [paying] = await tx.query<{ id: string }>(
          `select d.id from donation d join payment_attempt a on a.donation_id = d.id
           where d.shift_id = $1 and d.status not in ('succeeded', 'refunded', 'voided')
             and a.method = 'paynow' and a.status not in ('failed', 'expired', 'canceled')
             and a.expires_at + interval '30 seconds' > $2 limit 1`,
          [id, now],
        );
        if (paying)
          throw new RecordRefused(
            "shift.paynowWaiting",
            "A PayNow code of this shift may still be paid: wait until it is paid or has expired (5 minutes).",
          );
        const takings = await takingsOf(tx, id, Number(row.float_cents));
        const balance = balanceShift(takings, count);
        if (Result.isFailure(balance)) {
          const { code, message, fields } = balance.failure;
          throw new ShiftRefused(code, message, fields);
        }
        await tx.query(
          `update counter_shift set status = 'closed', closed_at = $2, close = $3,
             cash_difference_cents = $4, reason = $5 where id = $1`,
          [
            id,
            now,
            JSON.stringify({ takings, balance: balance.success }),
            balance.success.cash.difference,
            balance.success.reason,
          ],
        );
        await audit(tx, {
          actor,
          action: "counter.shift.close",
          entity: "counter_shift",
          entityId: id,
          before: { status: "open" },
          after: {
            status: "closed",
            cash: balance.success.cash,
            chequeCount: balance.success.chequeCount,
            chequeCents: balance.success.chequeCents,
            netsCents: balance.success.netsCents,
            denominations: balance.success.denominations,
            reason: balance.success.reason,
          },
        });
        return toShift(tx, await found(tx, id));
      }),

    /** An approver, never the shift's amil, signs a closed shift off; it is locked from then on. */
    signOff: (id: string, actor: ConsoleActor, now: Date) =>
      sql.transaction(async (tx) => {
        const row = await found(tx, id, true);
        const refusal = signOffRefusal({ status: row.status, amilId: row.amil_id }, actor.id);
        if (refusal) throw new RecordRefused(refusal.code, refusal.message);
        await tx.query(
          `update counter_shift set status = 'signed_off', signed_off_by = $2, signed_off_by_name = $3,
             signed_off_at = $4 where id = $1`,
          [id, actor.id, actor.name, now],
        );
        await audit(tx, {
          actor,
          action: "counter.shift.approve",
          entity: "counter_shift",
          entityId: id,
          before: { status: "closed" },
          after: { status: "signed_off", cashDifferenceCents: row.close?.balance.cash.difference },
        });
        return toShift(tx, await found(tx, id));
      }),

    /** The shifts of a range of nights (Singapore days), a mosque's or an amil's if named; newest first. */
    list: async (filter: ShiftFilter) => {
      const rows = await sql.query<Row>(
        `select ${columns} from counter_shift
         where ((opened_at at time zone 'UTC') + interval '8 hours')::date between $1::date and $2::date
           and ($3::text is null or mosque_name = $3) and ($4::text is null or amil_id = $4)
         order by opened_at desc limit 1000`,
        [filter.from, filter.to, filter.mosqueName ?? null, filter.amilId ?? null],
      );
      return Promise.all(rows.map((row) => toShift(sql, row)));
    },
  };
}

export type CounterShifts = ReturnType<typeof counterShifts>;

/**
 * Within a counter receipt's transaction: the amil's open shift, locked for share so that its close
 * waits for the entry (and the entry for the close); refused when they have none.
 */
export const openShiftOf = async (
  q: SqlQuery,
  amilId: string,
): Promise<{ id: string; mosqueName: string }> => {
  const [row] = await q.query<{ id: string; mosque_name: string }>(
    "select id, mosque_name from counter_shift where amil_id = $1 and status = 'open' for share",
    [amilId],
  );
  if (!row) throw new RecordRefused("counter.noShift", NO_SHIFT);
  return { id: row.id, mosqueName: row.mosque_name };
};
