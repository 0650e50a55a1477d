import { deliverWithin, receipts, type ConsoleActor, type DonationView } from "@portal/adapters/db";
import { portalNow } from "../../clock";
import { database } from "../../database";
import { FIRST_TRY_WAIT_MS, mailQueueRecords } from "../../mail";
import { gatewayNamed } from "../../payments";
import { receiptMail } from "../../receipt-mail";
import { productRoute } from "../../records";
import { serverKey } from "../../secrets";
import { config, scoped } from "../../root";
import type { OfficerCall } from "../guard";
import { operations, type Operations } from "./service";

/** Refunds above this many cents wait for a second officer (PORTAL_CONSOLE_APPROVAL_ABOVE_CENTS). */
export const approvalAboveCents = (): number => config().console.approvalAboveCents;

/** The receipt e-mail again (a resend, or a counter receipt's first): queued, then tried at once. */
const mailReceipt = async (transactionNo: string, key: string): Promise<boolean> => {
  const sql = await database();
  const [row] = await sql.query<{
    id: string;
    flow: DonationView["flow"];
    amounts: Record<string, number>;
    total_cents: string | number;
    email: string | null;
  }>(
    `select d.id, d.flow, d.amounts, d.total_cents, coalesce(d.gift_email, d.donor_details->>'email') as email
     from donation d where d.transaction_no = $1`,
    [transactionNo],
  );
  if (!row?.email) return false;
  const receipt = await receipts(sql, serverKey()).current(transactionNo);
  if (!receipt) return false;
  const message = receiptMail(
    {
      transactionNo,
      flow: row.flow,
      amounts: row.amounts,
      totalCents: Number(row.total_cents),
      receipt,
    } as DonationView,
    row.email,
  );
  if (!message) return false;
  const mails = await mailQueueRecords();
  await mails.enqueue(message, { key, ref: transactionNo });
  await deliverWithin(mails, [key], FIRST_TRY_WAIT_MS);
  return true;
};

/** The process's console operations over its database, server key, gateways and mail queue. */
export const consoleOperations = (): Promise<Operations> =>
  scoped("consoleOperations", async () =>
    operations({
      sql: await database(),
      key: serverKey(),
      gateway: gatewayNamed,
      approvalAboveCents: approvalAboveCents(),
      now: portalNow,
      productRoute: productRoute(),
      mailReceipt,
    }),
  );

/** The officer of a guarded call, as the operations name them. */
export const actorOf = (call: OfficerCall): ConsoleActor => ({
  id: call.officer.id,
  name: call.officer.name,
  roles: call.officer.roles,
  ip: call.ip,
});
