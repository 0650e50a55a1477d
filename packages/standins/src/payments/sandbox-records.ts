import { cents } from "@portal/domain";
import type { Sql } from "@portal/adapters/db";
import type { GatewayRecords } from "@portal/adapters/finance";

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
