import { formatMoney, type Cents, type MailMessage } from "@portal/domain";
import { localizedPath } from "../i18n/paths";
import type { Services } from "./main";
import { publicUrlOf } from "./receipt-mail";
import { serverText } from "./translations";

/** An instalment plan's settling offer, in the plan's language: what is left and where to pay it. */
export const settleOfferMail = (
  to: string,
  lang: "en" | "ms",
  offer: { readonly amountCents: number; readonly assessedCents: number; readonly haulOn: string },
  publicUrl: string,
): MailMessage => {
  const t = serverText(lang);
  const amount = formatMoney(offer.amountCents as Cents);
  const link = `${publicUrl}${localizedPath("/profile", lang)}#account-instalments`;
  return {
    to,
    kind: "instalment-offer",
    subject: t("instal_mail_subject", { amount }),
    text: t("instal_mail_text", {
      amount,
      assessed: formatMoney(offer.assessedCents as Cents),
      link,
    }),
  };
};

/**
 * The settling offers of instalment plans whose end has come (docs/instalments.md): each e-mailed
 * once, in the plan's language, with the link to the account page that pays it. Nothing is charged:
 * the donor pays the remaining amount at checkout, or not. A plan settled or paid over is marked and
 * mailed nothing. Marking and queueing are one transaction, so two instances mail it once.
 */
export async function sendSettleOffers(services: Services): Promise<number> {
  const plans = await services.payments.instalments();
  const queue = await services.mail.queue();
  const publicUrl = publicUrlOf(services.config);
  let sent = 0;
  for (const { row, view, email } of await plans.offersDue()) {
    const offer = view.settlement?.kind === "offer" ? view.settlement.amountCents : 0;
    const queued = await plans.markOffered(row.id, async (tx) => {
      if (offer <= 0 || !email) return;
      await queue.enqueue(
        settleOfferMail(
          email,
          row.lang,
          { amountCents: offer, assessedCents: view.amountCents, haulOn: view.haulOn },
          publicUrl,
        ),
        { key: `instalment-offer:${row.id}`, tx },
      );
    });
    if (queued && offer > 0 && email) sent += 1;
  }
  return sent;
}
