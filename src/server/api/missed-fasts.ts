import { Schema } from "effect";
import {
  MISSED_FASTS_MAX,
  missedFastProblems,
  missedFastsOwed,
  type MissedFastReason,
} from "@portal/domain";
import { decode, Text } from "./decode";
import { RequestError, success } from "./envelope";
import type { Handler, HandlerServices } from "./types";

// The donor's log of missed fasts (issue 33, docs/missed-fasts.md). Signed-in donors only (a guest or
// a stranger is 401); each call reads and changes the caller's own entries alone, and another donor's
// entry answers exactly as a missing one (404).

const SaveEntry = Schema.Struct({
  id: Schema.optionalKey(Text(36)),
  hijriYear: Schema.Int,
  reason: Text(20),
  days: Schema.Int,
});
const EntryId = Schema.Struct({ id: Text(36) });
const PaidEntries = Schema.Struct({
  ids: Schema.Array(Text(36)).check(Schema.isMaxLength(MISSED_FASTS_MAX)),
});

const notFound = () => new RequestError(404, "No such missed-fast entry.", "missedFast.notFound");

const MESSAGES = {
  "missedFast.year": "Enter the Hijri year of the Ramadan, such as 1446.",
  "missedFast.reason": "Choose why the fasts were missed.",
  "missedFast.days": "Enter the days missed, a whole number from 1 to 30.",
} as const;

/** The entry to keep, or the 422 naming the first field at fault. */
const checked = (entry: { hijriYear: number; reason: string; days: number }) => {
  const [problem] = missedFastProblems(entry);
  if (problem) throw new RequestError(422, MESSAGES[problem], problem);
  return { ...entry, reason: entry.reason as MissedFastReason };
};

/**
 * getMissedFasts: the caller's own entries (newest Ramadan first), the rate per day in force, and the
 * fidyah owed for the unpaid days at it.
 */
const getMissedFasts =
  ({ callers, services }: HandlerServices): Handler =>
  async ({ headers }) => {
    const donor = await callers.registeredDonor(headers);
    const { entries, rates } = await (await services.records.missedFasts()).withRates(donor.id);
    const owed = rates ? missedFastsOwed(entries, rates) : null;
    return success({
      data: {
        entries,
        fidyahPerDayCents: rates?.fidyahPerDay ?? null,
        owedDays: owed?.days ?? null,
        owedCents: owed?.cents ?? null,
      },
    });
  };

/** saveMissedFast {id?, hijriYear, reason, days}: log new fasts (no id; capped) or change an unpaid entry. */
const saveMissedFast =
  ({ callers, services }: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await callers.registeredDonor(headers);
    const given = decode(SaveEntry, body);
    const entry = checked(given);
    const log = await services.records.missedFasts();
    if (given.id === undefined) {
      const kept = await log.add(donor.id, entry);
      if (kept === "full") {
        throw new RequestError(
          422,
          `You can keep at most ${MISSED_FASTS_MAX} entries; remove one first.`,
          "missedFast.full",
        );
      }
      return success({ message: "Missed fasts logged", data: kept });
    }
    const changed = await log.update(donor.id, given.id, entry);
    if (changed === null) throw notFound();
    if (changed === "paid") {
      throw new RequestError(
        409,
        "These days are paid; they cannot be changed.",
        "missedFast.paid",
      );
    }
    return success({ message: "Missed fasts updated", data: changed });
  };

/** removeMissedFast {id}: remove one of the caller's own entries. */
const removeMissedFast =
  ({ callers, services }: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await callers.registeredDonor(headers);
    const { id } = decode(EntryId, body);
    if (!(await (await services.records.missedFasts()).remove(donor.id, id))) throw notFound();
    return success({ message: "Missed fasts removed", data: { id } });
  };

/**
 * recordMissedFastsPaid {ids}: after paying their fidyah at checkout, the entries are marked paid by
 * the caller's own fidyah donation for exactly their days (made after they were last changed, not
 * recorded for other entries). 404 for an entry not the caller's or already paid; 409 when no such
 * payment has succeeded.
 */
const recordMissedFastsPaid =
  ({ callers, services }: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await callers.registeredDonor(headers);
    const { ids } = decode(PaidEntries, body);
    const paid = await (await services.records.missedFasts()).recordPaid(donor.id, ids);
    if (paid === null) throw notFound();
    if (paid === "unpaid") {
      throw new RequestError(
        409,
        "No fidyah payment for these days has been received yet.",
        "missedFast.unpaid",
      );
    }
    return success({ message: "Missed fasts paid", data: { transactionNo: paid } });
  };

export const missedFastHandlers = (given: HandlerServices) =>
  ({
    getMissedFasts: getMissedFasts(given),
    saveMissedFast: saveMissedFast(given),
    removeMissedFast: removeMissedFast(given),
    recordMissedFastsPaid: recordMissedFastsPaid(given),
  }) satisfies Record<string, Handler>;
