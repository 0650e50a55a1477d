import {
  canSignOff,
  cents,
  reconcile,
  type DayReconciliation,
  type LedgerPayment,
  type PaymentMethodKind,
} from "@portal/domain";
import type { Sql, SqlQuery } from "../db/sql";
import { sgtDaySpan } from "./day";
import type { GatewayRecords } from "./gateway-records";

/** Counter (cash, cheque, NETS) collections of a day, by where and how they were taken. */
export interface CounterTotal {
  readonly source: string;
  readonly method: string;
  readonly count: number;
  readonly amount: number;
}

export interface SignOff {
  /** The approver's officer id. */
  readonly signedBy: string;
  readonly signedByName: string;
  readonly signedAt: string;
}

export interface DayView extends DayReconciliation {
  readonly day: string;
  /** PayNow collections of the day with the gateway's reference. */
  readonly paynow: ReadonlyArray<{ readonly ref: string; readonly reference: string | null }>;
  readonly counter: ReadonlyArray<CounterTotal>;
  readonly signOff: SignOff | null;
}

interface LedgerRow {
  ref: string;
  transaction_no: string;
  amount_cents: number;
  method: PaymentMethodKind;
  returned: boolean;
}

const ledgerSelect = `
  select a.gateway_ref as ref, d.transaction_no, a.amount_cents, a.method,
         (a.status = 'refunded' or d.status in ('refunded', 'voided')) as returned
  from payment_attempt a join donation d on d.id = a.donation_id
  where a.gateway = $1 and a.gateway_ref is not null and a.status in ('succeeded', 'refunded')`;

export function reconciliation(sql: Sql, records: GatewayRecords) {
  const toPayment = (row: LedgerRow): LedgerPayment => ({
    ref: row.ref,
    transactionNo: row.transaction_no,
    amount: cents(Number(row.amount_cents)),
    method: row.method,
    returned: row.returned,
  });

  /** Both sides of a day: what either side dated that day, with its counterpart on the other side. */
  const sides = async (from: Date, until: Date) => {
    const ledger = (
      await sql.query<LedgerRow>(
        `${ledgerSelect}
         and ((a.created_at >= $2 and a.created_at < $3) or (a.updated_at >= $2 and a.updated_at < $3))`,
        [records.gateway, from.toISOString(), until.toISOString()],
      )
    ).map(toPayment);
    const gateway = await records.charges(
      from,
      until,
      ledger.map((p) => p.ref),
    );
    const known = new Set(ledger.map((p) => p.ref));
    const missing = gateway.map((c) => c.ref).filter((ref) => !known.has(ref));
    if (missing.length > 0) {
      const more = await sql.query<LedgerRow>(
        `${ledgerSelect} and a.gateway_ref = any($2::text[])`,
        [records.gateway, missing],
      );
      ledger.push(...more.map(toPayment));
    }
    return { ledger, gateway };
  };

  const signOffOf = async (day: string): Promise<SignOff | null> => {
    const [row] = await sql.query<{
      signed_by: string;
      name: string | null;
      signed_at: Date | string;
    }>(
      `select signed_by, detail->>'signedByName' as name, signed_at
       from finance_day_signoff where day = $1`,
      [day],
    );
    return row
      ? {
          signedBy: row.signed_by,
          signedByName: row.name ?? row.signed_by,
          signedAt: new Date(row.signed_at).toISOString(),
        }
      : null;
  };

  const day = async (day: string): Promise<DayView | undefined> => {
    const span = sgtDaySpan(day);
    if (!span) return undefined;
    const { ledger, gateway } = await sides(span.from, span.until);
    const result = reconcile(ledger, gateway);
    const counter = await sql.query<CounterTotal>(
      `select d.source, coalesce(d.payment_method, 'unknown') as method, count(*)::int as count,
              sum(d.total_cents)::bigint as amount
       from receipt r join donation d on d.id = r.donation_id
       where r.issued_at >= $1 and r.issued_at < $2 and d.source <> 'Online'
       group by 1, 2 order by 1, 2`,
      [span.from.toISOString(), span.until.toISOString()],
    );
    return {
      day,
      ...result,
      paynow: gateway
        .filter((c) => c.paynowReference)
        .map((c) => ({ ref: c.ref, reference: c.paynowReference ?? null })),
      counter: counter.map((c) => ({ ...c, amount: Number(c.amount) })),
      signOff: await signOffOf(day),
    };
  };

  return {
    day,
    /**
     * Sign a day off as `actor` (an approver's id and name; the caller checks the role): only a real day with no
     * difference, once. `record` writes the audit line in the sign-off's own transaction, so both are
     * written or neither is.
     */
    signOff: async (
      dayText: string,
      actor: { readonly id: string; readonly name: string },
      record: (
        tx: SqlQuery,
        signed: { readonly day: string; readonly matched: number },
      ) => Promise<void>,
    ): Promise<"signed" | "differences" | "already" | "invalid"> => {
      const view = await day(dayText);
      if (!view) return "invalid";
      if (view.signOff) return "already";
      if (!canSignOff(view)) return "differences";
      return sql.transaction(async (tx) => {
        const inserted = await tx.query(
          `insert into finance_day_signoff (day, signed_by, matched, detail) values ($1, $2, $3, $4)
           on conflict (day) do nothing returning day`,
          [
            dayText,
            actor.id,
            view.matched,
            JSON.stringify({ signedByName: actor.name, counter: view.counter }),
          ],
        );
        if (inserted.length === 0) return "already";
        await record(tx, { day: dayText, matched: view.matched });
        return "signed";
      });
    },
  };
}
export type Reconciliation = ReturnType<typeof reconciliation>;
