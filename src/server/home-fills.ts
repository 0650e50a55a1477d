import {
  formatDate,
  formatMoney,
  type FitrahDeadline,
  type HomeFill,
  type RateConfig,
} from "@portal/domain";
import { languages } from "../i18n/languages";
import { serverText } from "./translations";

/**
 * The values the home texts name in braces (issue 34, domain `HOME_FILLS`), in every language, as the
 * configuration call serves them (`homeFills`): the rates in force and the days left to pay zakat
 * fitrah before the Aidilfitri prayer. Worked out here, on the server, so the home page fills them
 * without the calendar's or the formatting's code (its JavaScript budget is 10 KB). `today` is a
 * `YYYY-MM-DD` day in Singapore. Every name is sent: "" for the countdown without a deadline, which
 * the page then leaves out.
 */
export const homeFills = (
  rates: RateConfig,
  deadline: FitrahDeadline | undefined,
): Record<string, Record<HomeFill, string>> =>
  Object.fromEntries(
    languages.map((lang) => {
      const t = serverText(lang);
      const values: Record<HomeFill, string> = {
        fitrahCountdown: "",
        nisab: formatMoney(rates.nisabValue),
        fitrahNormal: formatMoney(rates.fitrahNormalRate),
        fitrahPremium: formatMoney(rates.fitrahPremiumRate),
        fidyahPerDay: formatMoney(rates.fidyahPerDay),
        kaffarahPerPerson: formatMoney(rates.kaffarahPerDay),
      };
      if (deadline !== undefined) {
        // Noon in Singapore on that day: its date whatever the offset.
        const day = formatDate(Date.parse(`${deadline.aidilfitri}T04:00:00Z`), lang);
        const date = deadline.estimated ? `${day} ${t("home_fitrah_estimated")}` : day;
        const left = deadline.daysLeft;
        values.fitrahCountdown =
          left === 0
            ? t("home_fitrah_today", { date })
            : left === 1
              ? t("home_fitrah_one", { date })
              : left > 45
                ? t("home_fitrah_later", { n: left, date })
                : t("home_fitrah_days", { n: left, date });
      }
      return [lang, values];
    }),
  );
