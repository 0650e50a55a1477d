import {
  deliverWithin,
  donationReceiptExtras,
  receiptMailDonation,
  receipts,
  type DonationView,
  type MailQueue,
  type Sql,
} from "@portal/adapters/db";
import type { PortalConfig } from "../config";
import { FIRST_TRY_WAIT_MS } from "../mail";
import { publicUrlOf, receiptMail } from "../receipt-mail";
import type { Deferred } from "../records";

/** The receipt e-mail again (a resend, or a counter receipt's first): queued, then tried at once. */
export const mailReceipt = async (
  deps: { config: PortalConfig; key: Buffer; mailQueue: Deferred<MailQueue> },
  sql: Sql,
  transactionNo: string,
  key: string,
): Promise<boolean> => {
  const row = await receiptMailDonation(sql, transactionNo);
  if (!row?.email) return false;
  const book = receipts(sql, deps.key);
  const receipt = await book.current(transactionNo);
  if (!receipt) return false;
  const extras = await donationReceiptExtras(sql, row.id);
  const message = receiptMail(
    {
      publicUrl: publicUrlOf(deps.config),
      productRoute: deps.config.productRoute,
      verificationCode: book.verificationCode,
    },
    {
      transactionNo,
      flow: row.flow,
      amounts: row.amounts,
      totalCents: row.totalCents,
      receipt,
    } as DonationView,
    row.email,
    extras.people,
    extras.instalment,
  );
  if (!message) return false;
  const mails = await deps.mailQueue();
  await mails.enqueue(message, { key, ref: transactionNo });
  await deliverWithin(mails, [key], FIRST_TRY_WAIT_MS);
  return true;
};
