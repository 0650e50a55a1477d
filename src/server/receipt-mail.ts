import { formatMoney, receiptHref, receiptPath, type Cents } from "@portal/domain";
import type { DonationView, Sql } from "@portal/adapters/db";
import { Effect } from "effect";
import { mailer } from "./mail";
import { productRoute } from "./records";

/** Where links in e-mails point: PORTAL_PUBLIC_URL, else this server on localhost. */
export const publicUrl = (): string =>
  (process.env["PORTAL_PUBLIC_URL"] ?? `http://localhost:${process.env["PORT"] ?? "4321"}`).replace(
    /\/$/,
    "",
  );

/**
 * The receipt e-mail, in English and Malay, sent once a donation is paid: receipt and transaction
 * numbers, the amount, and the receipt link with its token. Nothing else personal is in it.
 */
export const sendReceiptMail =
  (sql: Sql) =>
  async (donation: DonationView): Promise<void> => {
    if (!donation.receipt) return;
    const [row] = await sql.query<{ email: string | null }>(
      `select coalesce(o.email, d.donor_details->>'email') as email
       from donation d left join donor o on o.id = d.donor_id where d.id = $1`,
      [donation.id],
    );
    if (!row?.email) return;
    const link = `${publicUrl()}${receiptHref(
      receiptPath(donation.flow, donation.amounts, productRoute()),
      donation.transactionNo,
      donation.receipt.token,
    )}`;
    const amount = formatMoney(donation.totalCents as Cents);
    const { receiptNo } = donation.receipt;
    await Effect.runPromise(
      mailer().send({
        to: row.email,
        kind: "receipt",
        subject: `Your receipt ${receiptNo} / Resit anda ${receiptNo}`,
        text: [
          `Thank you. We received ${amount} (transaction ${donation.transactionNo}).`,
          `Receipt ${receiptNo}: ${link}`,
          "",
          `Terima kasih. Kami telah menerima ${amount} (transaksi ${donation.transactionNo}).`,
          `Resit ${receiptNo}: ${link}`,
        ].join("\n"),
        meta: { transactionNo: donation.transactionNo, receiptNo, link },
      }),
    );
  };
