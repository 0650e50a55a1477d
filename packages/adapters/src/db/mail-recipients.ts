import {
  receiptInstalmentOf,
  type FlowType,
  type HouseholdPerson,
  type ReceiptInstalment,
} from "@portal/domain";
import type { SqlQuery } from "./sql";

/** The e-mail address a donation's mail goes to: the one given for that gift (issue 22). */
export const donationEmail = async (
  tx: SqlQuery,
  donationId: string,
): Promise<string | undefined> => {
  const [row] = await tx.query<{ email: string | null }>(
    "select coalesce(gift_email, donor_details->>'email') as email from donation where id = $1",
    [donationId],
  );
  return row?.email ?? undefined;
};

/** A person a donation was paid for (a household), as its receipt and receipt e-mail name them. */
export type MailedPerson = HouseholdPerson;

/**
 * What a donation's receipt e-mail says beyond its figures, in one statement: the people it was paid
 * for (a household) and which payment of an instalment plan it is (issue 33).
 */
export const donationReceiptExtras = async (
  tx: SqlQuery,
  donationId: string,
): Promise<{
  readonly people: ReadonlyArray<MailedPerson>;
  readonly instalment: ReceiptInstalment | undefined;
}> => {
  const [row] = await tx.query<{ household: unknown; instalment: unknown }>(
    `select receipt_items->'household' as household, inputs->'instalment' as instalment
     from donation where id = $1`,
    [donationId],
  );
  return {
    people: Array.isArray(row?.household) ? (row.household as MailedPerson[]) : [],
    instalment: receiptInstalmentOf({ instalment: row?.instalment }),
  };
};

/** What a receipt e-mail sent again needs of a donation: its fund, amounts, total and address. */
export interface ReceiptMailDonation {
  readonly id: string;
  readonly flow: FlowType;
  readonly amounts: Record<string, number>;
  readonly totalCents: number;
  readonly email: string | undefined;
}

/** The donation of a transaction number, as a resent receipt's e-mail needs it; undefined: none. */
export const receiptMailDonation = async (
  sql: SqlQuery,
  transactionNo: string,
): Promise<ReceiptMailDonation | undefined> => {
  const [row] = await sql.query<{
    id: string;
    flow: FlowType;
    amounts: Record<string, number>;
    total_cents: string | number;
    email: string | null;
  }>(
    `select d.id, d.flow, d.amounts, d.total_cents, coalesce(d.gift_email, d.donor_details->>'email') as email
     from donation d where d.transaction_no = $1`,
    [transactionNo],
  );
  return row
    ? {
        id: row.id,
        flow: row.flow,
        amounts: row.amounts,
        totalCents: Number(row.total_cents),
        email: row.email ?? undefined,
      }
    : undefined;
};

/** Whether the database answers (the health check). */
export const ping = async (sql: SqlQuery): Promise<void> => {
  await sql.query("select 1");
};
