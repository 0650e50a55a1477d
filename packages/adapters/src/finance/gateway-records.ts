import { cents, type GatewayCharge } from "@portal/domain";
import type { Sql } from "../db/sql";

/**
 * The gateway's own record of charges and refunds, for reconciliation: the charges it made or changed
 * between `from` and `until`, and those with the given references whenever they were made.
 */
export interface GatewayRecords {
  /** The gateway's name as payments record it (`payment_attempt.gateway`). */
  readonly gateway: string;
  readonly charges: (
    from: Date,
    until: Date,
    refs: ReadonlyArray<string>,
  ) => Promise<ReadonlyArray<GatewayCharge>>;
}

/** The embedded sandbox gateway keeps its records in its own tables (`sandbox_payment`). */
export function sandboxRecords(sql: Sql): GatewayRecords {
  return {
    gateway: "sandbox",
    charges: async (from, until, refs) =>
      (
        await sql.query<{
          id: string;
          amount_cents: number;
          state: string;
          paynow_reference: string | null;
        }>(
          `select id, amount_cents, state, paynow_reference from sandbox_payment
           where state in ('succeeded', 'refunded')
             and ((created_at >= $1 and created_at < $2) or (updated_at >= $1 and updated_at < $2)
                  or id = any($3::text[]))`,
          [from.toISOString(), until.toISOString(), [...refs]],
        )
      ).map((row) => ({
        ref: row.id,
        amount: cents(Number(row.amount_cents)),
        refunded: row.state === "refunded",
        paynowReference: row.paynow_reference,
      })),
  };
}
