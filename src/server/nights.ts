import {
  comingLastTenNights,
  formatMoney,
  hijriCalendar,
  LAST_TEN_NIGHTS_FLOW,
  MAIN_CHARITY_ID,
  type Cents,
  type MailMessage,
} from "@portal/domain";
import { readHijriMonths } from "@portal/adapters/console";
import {
  deliverWithin,
  NightsRefused,
  readRates,
  type NightScheduleView,
  type SqlQuery,
} from "@portal/adapters/db";
import { umAlQuraDateOf } from "@portal/adapters";
import { serverText } from "./translations";
import { nightsManageHref } from "./manage-mail";
import type { Language } from "../i18n/paths";
import type { Services } from "./main";
import { publicUrlOf } from "./receipt-mail";
import { siteOrigins } from "./site-origins";
import { FIRST_TRY_WAIT_MS } from "./mail";

/** The wakaf site's origin, where a schedule's manage link opens (in the wakaf brand). */
export const wakafOriginOf = (config: Services["config"]): string =>
  siteOrigins({ ...config, publicUrl: publicUrlOf(config) }).wakaf;

/**
 * The e-mail sent when a schedule is made, in the donor's language: the amount a night, each night's
 * evening (estimated ones said so), the total, and the manage link that sees and stops it.
 */
export const scheduledMail = (
  to: string,
  made: NightScheduleView,
  lang: Language,
  manageLink: string,
): MailMessage => {
  const t = serverText(lang);
  const amount = formatMoney(made.amountCents as Cents);
  const total = formatMoney((made.amountCents * made.nights.length) as Cents);
  return {
    to,
    kind: "nights",
    subject: t("nights_mail_subject", { year: made.year }),
    text: [
      t("nights_mail_intro", { amount, count: made.nights.length, year: made.year, total }),
      "",
      ...made.nights.map((n) =>
        t(n.estimated ? "nights_mail_night_estimated" : "nights_mail_night", {
          night: n.night,
          evening: n.chargeOn,
        }),
      ),
      "",
      t("nights_mail_card", { brand: made.cardBrand, last4: made.cardLast4 }),
      t("nights_mail_manage", { link: manageLink }),
    ].join("\n"),
    meta: { scheduleId: made.id, manageLink },
  };
};

/**
 * The last ten nights as the handlers use them: the Ramadan a donor may schedule now by the
 * council's calendar, and scheduling on it with the e-mail queued in the same transaction.
 */
export function nightsOf(services: Services) {
  const calendar = async () => hijriCalendar(await readHijriMonths(await services.database.open()));
  return {
    /** The Ramadan open to scheduling now, with its nights still to come; undefined: none known. */
    coming: async () =>
      comingLastTenNights(await calendar(), services.clock.nowMs(), umAlQuraDateOf),

    /**
     * Schedule the coming Ramadan's nights for the donor; the e-mail goes to their account's address.
     * A refusal (another donor's card, an amount outside WMS's limits, too many) is answered, not thrown.
     */
    schedule: async (
      donorId: string,
      input: {
        readonly year: number;
        readonly amountCents: number;
        readonly savedCardId: string;
        readonly lang: Language;
      },
    ) => {
      const sql = await services.database.open();
      const rates = await readRates(sql, MAIN_CHARITY_ID);
      const nights = await services.payments.nights();
      const queue = await services.mail.queue();
      return nights
        .schedule(
          donorId,
          { ...input, flow: LAST_TEN_NIGHTS_FLOW, ratesVersion: rates?.version ?? 1 },
          await calendar(),
          async (tx: SqlQuery, made, token) => {
            const [donor] = await tx.query<{ email: string | null }>(
              "select email from donor where id = $1",
              [donorId],
            );
            if (!donor?.email) return;
            const link = nightsManageHref(wakafOriginOf(services.config), input.lang, token);
            await queue.enqueue(scheduledMail(donor.email, made, input.lang, link), {
              tx,
              key: `nights:${made.id}`,
              ref: made.id,
            });
          },
        )
        .then(async ({ schedule }) => {
          // After the commit: the e-mail's first try (the queue retries a failure).
          await deliverWithin(queue, [`nights:${schedule.id}`], FIRST_TRY_WAIT_MS);
          return { schedule };
        })
        .catch((error: unknown) => {
          if (error instanceof NightsRefused)
            return { refused: { key: error.key, message: error.message } };
          throw error;
        });
    },
  };
}
