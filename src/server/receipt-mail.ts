import { formatMoney, receiptHref, receiptPath, type Cents } from "@portal/domain";
import type { DonationView, RefundedPayment, Sql } from "@portal/adapters/db";
import { Effect } from "effect";
import { mailer } from "./mail";
import { productRoute } from "./records";

/** Where links in e-mails point: PORTAL_PUBLIC_URL, else this server on localhost. */
export const publicUrl = (): string =>
  (process.env["PORTAL_PUBLIC_URL"] ?? `http://localhost:${process.env["PORT"] ?? "4321"}`).replace(
    /\/$/,
    "",
  );

/** The e-mail address a donation's mail goes to: the donor's account, else the details given. */
const donationEmail = async (sql: Sql, donationId: string) => {
  const [row] = await sql.query<{ email: string | null }>(
    `select coalesce(o.email, d.donor_details->>'email') as email
     from donation d left join donor o on o.id = d.donor_id where d.id = $1`,
    [donationId],
  );
  return row?.email ?? undefined;
};

/**
 * The refund e-mail, in English and Malay, once a second payment of a paid donation was given back:
 * how much, how it was paid, and that the receipt of the payment kept still stands.
 */
export const sendRefundMail =
  (sql: Sql) =>
  async (donation: DonationView, refund: RefundedPayment): Promise<void> => {
    const email = await donationEmail(sql, donation.id);
    if (!email) return;
    const amount = formatMoney(refund.amountCents as Cents);
    const how = refund.method === "paynow" ? "PayNow" : "card";
    const receipt = donation.receipt?.receiptNo ?? "";
    await Effect.runPromise(
      mailer().send({
        to: email,
        kind: "refund",
        subject: `Refund of a second payment / Bayaran balik bayaran kedua (${donation.transactionNo})`,
        text: [
          `You paid transaction ${donation.transactionNo} twice. We have refunded the second payment of ${amount} (${how}).`,
          `Your gift was received once; receipt ${receipt} stands.`,
          "",
          `Anda telah membayar transaksi ${donation.transactionNo} dua kali. Kami telah memulangkan bayaran kedua sebanyak ${amount} (${how}).`,
          `Sumbangan anda diterima sekali; resit ${receipt} kekal sah.`,
        ].join("\n"),
        meta: {
          transactionNo: donation.transactionNo,
          receiptNo: receipt,
          refundedCents: String(refund.amountCents),
          method: refund.method,
        },
      }),
    );
  };

/**
 * The receipt e-mail, in English and Malay, sent once a donation is paid: receipt and transaction
 * numbers, the amount, and the receipt link with its token. Nothing else personal is in it.
 */
export const sendReceiptMail = async (
  donation: DonationView,
  // Read by the transaction that paid the donation (the donor's account, else the details given).
  { email }: { readonly email: string | null },
): Promise<void> => {
  if (!donation.receipt || !email) return;
  const link = `${publicUrl()}${receiptHref(
    receiptPath(donation.flow, donation.amounts, productRoute()),
    donation.transactionNo,
    donation.receipt.token,
  )}`;
  const amount = formatMoney(donation.totalCents as Cents);
  const { receiptNo } = donation.receipt;
  await Effect.runPromise(
    mailer().send({
      to: email,
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
