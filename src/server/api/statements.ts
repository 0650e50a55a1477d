import { Schema } from "effect";
import {
  formatDate,
  formatMoney,
  nextHartaDueDate,
  taxStatement,
  zakatDueCalendar,
} from "@portal/domain";
import { publicUrlOf } from "../receipt-mail";
import { statementPdf } from "../statement";
import { serverText } from "../translations";
import { decode } from "./decode";
import { success } from "./envelope";
import type { Handler, HandlerServices } from "./types";
import { languagePrefix } from "../../i18n/paths";

const Lang = Schema.Literals(["en", "ms"]);
const StatementBody = Schema.Struct({
  year: Schema.Int.check(Schema.isBetween({ minimum: 2000, maximum: 2100 })),
  lang: Lang,
});
const CalendarBody = Schema.Struct({ lang: Lang });

/**
 * getTaxYearStatement {year, lang}: the signed-in donor's year-end statement of their own gifts, as a
 * PDF (base64) with the totals per tax treatment. A year without gifts is a statement saying so.
 */
const getTaxYearStatement =
  ({ callers, records: { statements, clock } }: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const { year, lang } = decode(StatementBody, body);
    const donor = await callers.registeredDonor(headers);
    const data = await statements.year(donor.id, year);
    const statement = taxStatement(year, data?.lines ?? []);
    const pdf = statementPdf({
      lang,
      donor: data?.donor ?? { name: donor.name, kind: donor.kind, idMasked: donor.nricMasked },
      statement,
      issuedAt: clock.nowMs(),
    });
    return success({
      data: {
        fileName: `${serverText(lang)("statement_file", { year })}.pdf`,
        pdfBase64: Buffer.from(pdf).toString("base64"),
        totals: statement.totals,
      },
    });
  };

const noHarta = () => success({ message: "No zakat harta payment", data: null }, {}, 0);

/**
 * getZakatDueCalendar {lang}: a calendar file (RFC 5545) for the next zakat harta due date, one haul
 * after the donor's latest harta payment; `status: 0` when they have none.
 */
const getZakatDueCalendar =
  ({ callers, services, records: { statements, clock } }: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const { lang } = decode(CalendarBody, body);
    const { donor } = await callers.donorOf(headers);
    if (!donor) return noHarta();
    const due = nextHartaDueDate(await statements.hartaPayments(donor.id));
    if (!due) return noHarta();
    const t = serverText(lang);
    const site = publicUrlOf(services.config);
    const dueOn = formatDate(Date.parse(`${due.dueDate}T00:00:00+08:00`), lang);
    const ics = zakatDueCalendar({
      date: due.dueDate,
      // One event per payment: a newer file for the same payment replaces it in the calendar.
      uid: `${due.from.transactionNo}-harta-due@${new URL(site).hostname}`,
      stampMs: clock.nowMs(),
      summary: t("calendar_summary"),
      description: t("calendar_description", {
        amount: formatMoney(due.from.hartaAmount),
        date: formatDate(due.from.paidAt, lang),
        transactionNo: due.from.transactionNo,
        url: `${site}${languagePrefix(lang)}/calculator`,
      }),
      alarm: t("calendar_alarm", { date: dueOn }),
      language: lang,
    });
    return success({
      data: {
        fileName: `${t("calendar_file", { date: due.dueDate })}.ics`,
        ics,
        dueDate: due.dueDate,
      },
    });
  };

export const statementHandlers = (given: HandlerServices) =>
  ({
    getTaxYearStatement: getTaxYearStatement(given),
    getZakatDueCalendar: getZakatDueCalendar(given),
  }) satisfies Record<string, Handler>;
