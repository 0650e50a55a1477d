import {
  brandOf,
  formatMoney,
  printedVerificationCode,
  receiptHref,
  receiptInstalmentText,
  receiptPath,
  verifyHref,
  type Cents,
  type ReceiptInstalment,
  type MailMessage,
} from "@portal/domain";
import {
  deliverWithin,
  donationEmail,
  donationReceiptExtras,
  type MailedPerson,
  type DonationView,
  type RefundedPayment,
  type SqlQuery,
} from "@portal/adapters/db";
import type { MailQueue } from "@portal/adapters/db";
import { FIRST_TRY_WAIT_MS } from "./mail";
import {
  nightReceiptMail,
  recurringReceiptMail,
  type ManageLink,
  type NightLink,
} from "./manage-mail";
import type { Deferred } from "./records";

/** Where links in e-mails point: PORTAL_PUBLIC_URL, else this server on localhost. */
export const publicUrlOf = (config: { readonly publicUrl: string }): string =>
  config.publicUrl.replace(/\/$/, "");

/** Where a mail's links point: the public address (no trailing slash) and the product route. */
export interface MailSite {
  readonly publicUrl: string;
  /** The wakaf site's origin (issue 34: a wakaf plan's manage link opens there); else `publicUrl`. */
  readonly wakafPublicUrl?: string;
  readonly productRoute: string;
  /** A receipt number's verification code (the one its page, PDF and QR code print). */
  readonly verificationCode: (receiptNo: string) => string;
}

/** One receipt mail per donation, one refund mail per refunded payment: the queue's keys. */
const receiptKey = (donation: DonationView) => `receipt:${donation.id}`;
const refundKey = (refund: RefundedPayment) => `refund:${refund.gatewayRef}`;

/**
 * The refund e-mail, in English and Malay, once a second payment of a paid donation was given back:
 * how much, how it was paid, and that the receipt of the payment kept still stands.
 */
export const refundMail = (
  donation: DonationView,
  refund: RefundedPayment,
  email: string,
): MailMessage => {
  const amount = formatMoney(refund.amountCents as Cents);
  const how = refund.method === "paynow" ? "PayNow" : "card";
  const receipt = donation.receipt?.receiptNo ?? "";
  return {
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
  };
};

const PAID_FOR = {
  en: {
    heading: "Paid for:",
    fitrah: "zakat fitrah",
    fidyah: "fidyah",
    harta: "zakat harta",
    normal: "normal rate",
    premium: "higher rate",
    own: "own rate",
    days: (n: number) => `${n} ${n === 1 ? "day" : "days"}`,
    for: "For",
  },
  ms: {
    heading: "Dibayar untuk:",
    fitrah: "zakat fitrah",
    fidyah: "fidyah",
    harta: "zakat harta",
    normal: "kadar biasa",
    premium: "kadar lebih tinggi",
    own: "kadar sendiri",
    days: (n: number) => `${n} hari`,
    for: "Untuk",
  },
} as const;

/** The people a household payment named (issue 33), one line each, as the receipt names them. */
const paidFor = (people: ReadonlyArray<MailedPerson>, lang: "en" | "ms"): string[] => {
  if (people.length === 0) return [];
  const w = PAID_FOR[lang];
  return [
    w.heading,
    ...people.map((p) => {
      const what = [
        w[p.item],
        p.kind === null ? null : w[p.kind],
        p.days === null ? null : w.days(p.days),
      ].filter((part): part is string => part !== null);
      return `  ${w.for} ${p.name}: ${what.join(", ")}, ${formatMoney(p.amount as Cents)}`;
    }),
  ];
};

/** An instalment as a mail's meta names it: "2/7", or "settle". */
const instalmentMeta = (instalment: ReceiptInstalment): string =>
  instalment.kind === "settle" ? "settle" : `${instalment.k}/${instalment.n}`;

/**
 * The receipt e-mail, in English and Malay, sent once a donation is paid: receipt and transaction
 * numbers, the amount, which payment of an instalment plan it is ("Instalment 2 of 7", or the settling
 * payment), the people a household payment was for (each named as on the receipt), and the receipt
 * link with its token. Nothing else personal is in it.
 */
export const receiptMail = (
  site: MailSite,
  donation: DonationView,
  email: string,
  people: ReadonlyArray<MailedPerson> = [],
  instalment?: ReceiptInstalment,
): MailMessage | undefined => {
  if (!donation.receipt) return undefined;
  const link = `${site.publicUrl}${receiptHref(
    receiptPath(donation.flow, donation.amounts, site.productRoute),
    donation.transactionNo,
    donation.receipt.token,
  )}`;
  const amount = formatMoney(donation.totalCents as Cents);
  const { receiptNo } = donation.receipt;
  // The receipt's verification code, as on its page: anyone shown the receipt can check it at /verify.
  const code = site.verificationCode(receiptNo);
  const printed = printedVerificationCode(code);
  // Issue 33: a card fee the donor covered is written apart from the gift, never added to it.
  const fee = donation.feeCents > 0 ? formatMoney(donation.feeCents as Cents) : null;
  const charged = formatMoney((donation.totalCents + donation.feeCents) as Cents);
  const verify = (languagePrefix: string) =>
    verifyHref(receiptNo, code, { origin: site.publicUrl, languagePrefix });
  return {
    to: email,
    kind: "receipt",
    subject: `Your receipt ${receiptNo} / Resit anda ${receiptNo}`,
    text: [
      `Thank you. We received ${amount} (transaction ${donation.transactionNo}).`,
      ...(fee
        ? [
            `Card fee you covered: ${fee}, charged with the gift; not part of it and not tax-deductible (charged in all: ${charged}).`,
          ]
        : []),
      ...(instalment ? [`${receiptInstalmentText(instalment, "en")}.`] : []),
      ...paidFor(people, "en"),
      `Receipt ${receiptNo}: ${link}`,
      `Verification code ${printed}; anyone can check the receipt is genuine: ${verify("")}`,
      "",
      `Terima kasih. Kami telah menerima ${amount} (transaksi ${donation.transactionNo}).`,
      ...(fee
        ? [
            `Caj kad yang anda tanggung: ${fee}, dikenakan bersama sumbangan; bukan sebahagian daripadanya dan tidak layak potongan cukai (jumlah dikenakan: ${charged}).`,
          ]
        : []),
      ...(instalment ? [`${receiptInstalmentText(instalment, "ms")}.`] : []),
      ...paidFor(people, "ms"),
      `Resit ${receiptNo}: ${link}`,
      `Kod pengesahan ${printed}; sesiapa boleh menyemak resit ini tulen: ${verify("/ms")}`,
    ].join("\n"),
    meta: {
      transactionNo: donation.transactionNo,
      receiptNo,
      link,
      ...(fee ? { feeCents: String(donation.feeCents) } : {}),
      ...(instalment ? { instalment: instalmentMeta(instalment) } : {}),
    },
  };
};

/**
 * The payment records' mail hooks: the receipt and refund e-mails queued inside the transaction that
 * pays or refunds, and tried at once after it committed.
 */
export function paymentMails(site: MailSite, queue: Deferred<MailQueue>) {
  /**
   * Records the receipt e-mail in the mail queue inside the transaction that pays the donation (the
   * `onPaidInTransaction` hook): it exists exactly when the payment does. No address, no mail.
   */
  const queueReceiptMail = async (
    tx: SqlQuery,
    donation: DonationView,
    // Read by the transaction that paid the donation: the e-mail given for this gift.
    { email }: { readonly email: string | null },
    // A recurring gift's "manage this gift" link (its first payment and every renewal): the mail is
    // then in the gift's language and carries it.
    manage?: ManageLink,
    // A night of the last ten nights: the receipt carries a new link to its schedule.
    night?: NightLink,
  ): Promise<void> => {
    let message: MailMessage | undefined;
    try {
      const extras = email ? await donationReceiptExtras(tx, donation.id) : undefined;
      const receipt =
        email && extras
          ? receiptMail(site, donation, email, extras.people, extras.instalment)
          : undefined;
      message =
        receipt && night
          ? nightReceiptMail(receipt, night, site.wakafPublicUrl ?? site.publicUrl)
          : receipt && manage
            ? recurringReceiptMail(
                donation,
                receipt,
                manage,
                // A wakaf plan is managed on the wakaf site, in its brand (issue 34).
                brandOf(donation.flow) === "wakaf"
                  ? (site.wakafPublicUrl ?? site.publicUrl)
                  : site.publicUrl,
                extras?.instalment,
              )
            : receipt;
    } catch (error) {
      // A fault in writing the mail must not undo the payment it is about.
      console.error(
        `[mail] receipt mail for ${donation.transactionNo} not written: ${error instanceof Error ? error.message : "unknown"}`,
      );
    }
    if (!message) return;
    await (
      await queue()
    ).enqueue(message, { tx, key: receiptKey(donation), ref: donation.transactionNo });
  };

  /**
   * After the payment committed: the receipt e-mail's first try (the queue retries a failure). A gift
   * with no e-mail address queued none: nothing to try, and no statement spent on it.
   */
  const sendReceiptMail = async (
    donation: DonationView,
    contact?: { readonly email: string | null },
  ): Promise<void> => {
    if (contact && !contact.email) return;
    await deliverWithin(await queue(), [receiptKey(donation)], FIRST_TRY_WAIT_MS);
  };

  /** Records the refund e-mail inside the transaction that records the refund. */
  const queueRefundMail = async (
    tx: SqlQuery,
    donation: DonationView,
    refund: RefundedPayment,
  ): Promise<void> => {
    const email = await donationEmail(tx, donation.id);
    if (!email) return;
    await (
      await queue()
    ).enqueue(refundMail(donation, refund, email), {
      tx,
      key: refundKey(refund),
      ref: donation.transactionNo,
    });
  };

  /** After the refund committed: the refund e-mail's first try. */
  const sendRefundMail = async (
    _donation: DonationView,
    refund: RefundedPayment,
  ): Promise<void> => {
    await deliverWithin(await queue(), [refundKey(refund)], FIRST_TRY_WAIT_MS);
  };
  return { queueReceiptMail, sendReceiptMail, queueRefundMail, sendRefundMail };
}
