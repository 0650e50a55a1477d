import {
  MAIN_CHARITY_ID,
  haulTracker,
  hijriCalendar,
  hijriDateOf,
  hijriYearSpan,
  nextHartaDueDate,
  nisabHistory,
  seedNisabHistory,
  sgtDate,
  yearLedger,
  zakatBaseFor,
} from "@portal/domain";
import { umAlQuraDateOf } from "@portal/adapters";
import { readHijriMonths } from "@portal/adapters/console";
import { RequestError, success } from "./envelope";
import type { Handler, HandlerServices } from "./types";

/**
 * The year's ledger (issue 33, docs/ledger.md): the signed-in donor's own current Hijri year, per kind,
 * assessed, paid and remaining. It takes no input: nothing in a request can name another donor, a
 * receipt or a year; the gifts are those the caller's account holds (a counter receipt only once linked
 * to it on proof, gift-links.ts).
 */

/** The body must be empty: a receipt number, a donor or a year in it is refused, never looked up. */
const noInput = (body: unknown) => {
  const empty =
    body === undefined ||
    body === null ||
    (typeof body === "object" && !Array.isArray(body) && Object.keys(body).length === 0);
  if (!empty) {
    throw new RequestError(400, "Invalid request: the ledger takes no fields; send {}.");
  }
};

/** getYearLedger {}: the caller's ledger of the current Hijri year by the council's calendar. */
const getYearLedger =
  (given: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await given.callers.registeredDonor(headers);
    noInput(body);
    const { services, records } = given;
    const today = sgtDate(records.clock.nowMs());
    const sql = await services.database.open();
    const [months, nisab, entries, payments, assessments, fasts] = await Promise.all([
      readHijriMonths(sql),
      records.haul.nisab(MAIN_CHARITY_ID),
      records.haul.list(donor.id),
      records.statements.hartaPayments(donor.id),
      records.assessments.list(donor.id),
      services.records.missedFasts().then((log) => log.withRates(donor.id)),
    ]);
    const calendar = hijriCalendar(months);
    const hijri = (date: string) => hijriDateOf(calendar, date, umAlQuraDateOf) ?? null;
    const span = hijriYearSpan(calendar, today, umAlQuraDateOf);
    const rates = nisab.current;
    if (!span || !rates || !fasts.rates) {
      throw new RequestError(
        503,
        "The rates or the calendar are not available; try again shortly.",
      );
    }
    const gifts = await records.statements.yearGifts(donor.id, span);
    // The hauls as the tracker counts them, except that a zakat harta payment through the portal made
    // in this year does not restart the haul it pays: it is counted as paid instead.
    const before = payments.filter((line) => sgtDate(line.paidAt) < span.start);
    const last = nextHartaDueDate(before);
    const tracked = haulTracker({
      entries,
      portalPayment: last ? sgtDate(last.from.paidAt) : null,
      nisab: nisabHistory([...seedNisabHistory, ...nisab.published], rates),
      zakatRate: rates.zakatRate,
      asOf: today,
      hijri,
    });
    const ledger = yearLedger({
      span,
      gifts,
      assessments,
      hauls: tracked.map(({ haul }) => haul),
      fasts: {
        daysOwed: fasts.entries
          .filter((entry) => entry.paidTransactionNo === null)
          .reduce((sum, entry) => sum + entry.days, 0),
        perDay: fasts.rates.fidyahPerDay,
        paidBy: fasts.entries.flatMap((entry) => entry.paidTransactionNo ?? []),
      },
    });
    const harta = ledger.rows.find((row) => row.kind === "harta");
    return success({
      data: {
        ...ledger,
        asOf: today,
        today: hijri(today),
        zakatRate: rates.zakatRate,
        // What pays the zakat harta left: savings whose zakat at today's rate is that amount.
        hartaPayBase: zakatBaseFor(harta?.remaining ?? 0, rates.zakatRate),
      },
    });
  };

export const ledgerHandlers = (given: HandlerServices) =>
  ({ getYearLedger: getYearLedger(given) }) satisfies Record<string, Handler>;
