import type { PaymentGatewayShape } from "@portal/domain";
import {
  deliverWithin,
  receiptMailDonation,
  receipts,
  type ConsoleActor,
  type DonationView,
  type MailQueue,
  type Sql,
} from "@portal/adapters/db";
import type { PortalClock } from "../../clock";
import type { PortalConfig } from "../../config";
import type { PortalDatabase } from "../../database";
import { FIRST_TRY_WAIT_MS } from "../../mail";
import { publicUrlOf, receiptMail } from "../../receipt-mail";
import type { Deferred } from "../../records";
import type { OfficerCall } from "../guard";
import { operations, type Operations } from "./service";

interface OperationsDeps {
  readonly config: PortalConfig;
  readonly clock: PortalClock;
  readonly database: PortalDatabase;
  readonly key: Buffer;
  readonly mailQueue: Deferred<MailQueue>;
  readonly gatewayNamed: (name: string) => PaymentGatewayShape | undefined;
}

/** The receipt e-mail again (a resend, or a counter receipt's first): queued, then tried at once. */
const mailReceipt = async (
  deps: OperationsDeps,
  sql: Sql,
  transactionNo: string,
  key: string,
): Promise<boolean> => {
  const row = await receiptMailDonation(sql, transactionNo);
  if (!row?.email) return false;
  const receipt = await receipts(sql, deps.key).current(transactionNo);
  if (!receipt) return false;
  const message = receiptMail(
    { publicUrl: publicUrlOf(deps.config), productRoute: deps.config.productRoute },
    {
      transactionNo,
      flow: row.flow,
      amounts: row.amounts,
      totalCents: row.totalCents,
      receipt,
    } as DonationView,
    row.email,
  );
  if (!message) return false;
  const mails = await deps.mailQueue();
  await mails.enqueue(message, { key, ref: transactionNo });
  await deliverWithin(mails, [key], FIRST_TRY_WAIT_MS);
  return true;
};

/** The process's console operations over its database, server key, gateways and mail queue. */
export const consoleOperationsOf = (deps: OperationsDeps): Deferred<Operations> =>
  deps.database.over((sql) =>
    operations({
      sql,
      key: deps.key,
      gateway: deps.gatewayNamed,
      // Refunds above this many cents wait for a second officer (PORTAL_CONSOLE_APPROVAL_ABOVE_CENTS).
      approvalAboveCents: deps.config.console.approvalAboveCents,
      now: deps.clock.nowMs,
      productRoute: deps.config.productRoute,
      mailReceipt: (transactionNo, key) => mailReceipt(deps, sql, transactionNo, key),
    }),
  );

/** The officer of a guarded call, as the operations name them. */
export const actorOf = (call: OfficerCall): ConsoleActor => ({
  id: call.officer.id,
  name: call.officer.name,
  roles: call.officer.roles,
  ip: call.ip,
});
