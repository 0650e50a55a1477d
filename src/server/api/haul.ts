import { Schema } from "effect";
import {
  HAUL_ENTRY_LIMIT,
  HAUL_WEALTH,
  MAIN_CHARITY_ID,
  haulEntryProblem,
  haulTracker,
  hijriCalendar,
  hijriDateOf,
  nextHartaDueDate,
  nisabHistory,
  seedNisabHistory,
  sgtDate,
  type Cents,
} from "@portal/domain";
import { umAlQuraDateOf } from "@portal/adapters";
import { readHijriMonths } from "@portal/adapters/console";
import { decode, Text } from "./decode";
import { RequestError, success } from "./envelope";
import type { Handler, HandlerServices } from "./types";

/**
 * The haul tracker (docs/haul-tracker.md): a signed-in donor's balances per wealth and the haul the
 * domain finds in them. Every call is the registered donor's own (`registeredDonor`): another donor's
 * line answers as a missing one, a guest or a stranger gets 401/404 and nothing else.
 */

const Entry = Schema.Struct({
  wealth: Schema.Literals(HAUL_WEALTH),
  kind: Schema.Literals(["balance", "payment"]),
  date: Text(10),
  // Checked again below (whole cents, in range); a number at the edge, never a string.
  balanceCents: Schema.optionalKey(Schema.NullOr(Schema.Number)),
});
const SaveBody = Schema.Struct({ id: Schema.optionalKey(Text(36)), ...Entry.fields });
const DeleteBody = Schema.Struct({ id: Text(36) });

const notFound = () => new RequestError(404, "No such line in your tracker.", "haul.notFound");

/** The tracker as the page draws it: the lines, each wealth's haul, and the figures they used. */
export const trackerOf = async (given: HandlerServices, donorId: string) => {
  const { services, records } = given;
  const asOf = sgtDate(records.clock.nowMs());
  const [entries, nisab, payments, months] = await Promise.all([
    records.haul.list(donorId),
    records.haul.nisab(MAIN_CHARITY_ID),
    records.statements.hartaPayments(donorId),
    services.database.open().then(readHijriMonths),
  ]);
  // The due date's Hijri day by the council's calendar, estimated where it has not published
  // (docs/hijri-calendar.md): worked out here, so the page ships no calendar code.
  const calendar = hijriCalendar(months);
  const rates = nisab.current;
  if (!rates) throw new Error("no rates for the main charity");
  const schedule = nisabHistory([...seedNisabHistory, ...nisab.published], rates);
  const last = nextHartaDueDate(payments);
  const portalPayment = last ? sgtDate(last.from.paidAt) : null;
  return {
    asOf,
    limit: HAUL_ENTRY_LIMIT,
    zakatRate: rates.zakatRate,
    nisab: schedule,
    portalPayment,
    entries,
    hauls: haulTracker({
      entries,
      portalPayment,
      nisab: schedule,
      zakatRate: rates.zakatRate,
      asOf,
      hijri: (date) => hijriDateOf(calendar, date, umAlQuraDateOf),
    }),
  };
};

/** getHaulTracker: the caller's own lines and hauls. */
const getHaulTracker =
  (given: HandlerServices): Handler =>
  async ({ headers }) => {
    const donor = await given.callers.registeredDonor(headers);
    return success({ data: await trackerOf(given, donor.id) });
  };

/**
 * saveHaulEntry {id?, wealth, kind, date, balanceCents}: add a line (held to the cap, 409 `haul.limit`)
 * or change one of the caller's own (`id`; anyone else's is 404 `haul.notFound`). The date (a real day
 * from 2000 to today in Singapore) and the cents (whole, 0 to the cap; none for a payment) are checked
 * here again: 400 with the domain's code. Answers the tracker as it now stands.
 */
const saveHaulEntry =
  (given: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await given.callers.registeredDonor(headers);
    const request = decode(SaveBody, body);
    const balance =
      request.kind === "payment" ? (request.balanceCents ?? null) : request.balanceCents;
    const problem = haulEntryProblem(
      { kind: request.kind, date: request.date, balance },
      sgtDate(given.records.clock.nowMs()),
    );
    if (problem) throw new RequestError(400, problemMessages[problem], problem);
    const entry = {
      wealth: request.wealth,
      kind: request.kind,
      date: request.date,
      balance: request.kind === "payment" ? null : (balance as Cents),
    };
    if (request.id === undefined) await given.records.haul.add(donor.id, entry);
    else if (!(await given.records.haul.update(donor.id, request.id, entry))) throw notFound();
    return success({ message: "Saved", data: await trackerOf(given, donor.id) });
  };

/** deleteHaulEntry {id}: delete one of the caller's own lines (anyone else's: 404 `haul.notFound`). */
const deleteHaulEntry =
  (given: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await given.callers.registeredDonor(headers);
    const { id } = decode(DeleteBody, body);
    if (!(await given.records.haul.remove(donor.id, id))) throw notFound();
    return success({ message: "Deleted", data: await trackerOf(given, donor.id) });
  };

const problemMessages = {
  "haul.dateInvalid": "Enter a real date as YYYY-MM-DD.",
  "haul.dateTooEarly": "Enter a date from 1 January 2000.",
  "haul.dateInFuture": "Enter a date no later than today.",
  "haul.balanceInvalid": "Enter the balance in whole cents, from 0.",
  "haul.balanceNotForPayment": "A payment line carries no balance.",
} as const;

export const haulHandlers = (given: HandlerServices) =>
  ({
    getHaulTracker: getHaulTracker(given),
    saveHaulEntry: saveHaulEntry(given),
    deleteHaulEntry: deleteHaulEntry(given),
  }) satisfies Record<string, Handler>;
