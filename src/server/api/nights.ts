import { Schema } from "effect";
import { fundOf, LAST_TEN_NIGHTS_FLOW } from "@portal/domain";
import { nightsOf } from "../nights";
import { decode, Text } from "./decode";
import { RequestError, success } from "./envelope";
import { manageLinkLimited } from "./recurring";
import type { Handler, HandlerServices } from "./types";

// The last ten nights of Ramadan (issue 33, docs/last-ten-nights.md): a signed-in donor schedules a
// WMS gift a night on one of their own saved cards, sees and stops their own schedules; the holder
// of a schedule's e-mailed manage link (its token in the body, never in a URL) sees and stops that
// one. Another donor's schedule, like a wrong token, answers 404.

const ScheduleBody = Schema.Struct({
  year: Schema.Int,
  amountCents: Schema.Int,
  savedCardId: Text(64),
  lang: Schema.Literals(["en", "ms"]),
});
const ScheduleId = Schema.Struct({ id: Text(36) });
const LinkBody = Schema.Struct({ token: Text(100) });

const notFound = () => new RequestError(404, "No such schedule of nights.", "nights.notFound");

/** The repository's refusals as answers: a card not the caller's is "no such card". */
const STATUS: Readonly<Record<string, 404 | 409 | 422>> = {
  "savedCard.notFound": 404,
  "donation.amount": 422,
  "nights.flow": 422,
  "nights.over": 409,
  "nights.already": 409,
  "nights.tooMany": 409,
};

/** The Ramadan open to scheduling now, as the page shows it (and WMS's limits a night). */
const comingOf = async (given: HandlerServices) => {
  const coming = await nightsOf(given.services).coming();
  const { limits } = fundOf(LAST_TEN_NIGHTS_FLOW);
  return coming
    ? {
        year: coming.year,
        minCents: limits.min,
        maxCents: limits.max,
        nights: coming.nights.map(({ night, on, chargeOn, estimated }) => ({
          night,
          on,
          chargeOn,
          estimated,
        })),
      }
    : null;
};

/** getLastTenNights: the coming Ramadan's nights and the caller's own schedules, newest first. */
const getLastTenNights =
  (given: HandlerServices): Handler =>
  async ({ headers }) => {
    const donor = await given.callers.registeredDonor(headers);
    const nights = await given.services.payments.nights();
    return success({
      data: { coming: await comingOf(given), schedules: await nights.mine(donor.id) },
    });
  };

/**
 * scheduleLastTenNights {year, amountCents, savedCardId, lang}: the coming Ramadan's nights (the
 * year must be the one getLastTenNights offers), the amount a night within WMS's limits in integer
 * cents, one of the caller's saved cards. The manage link is e-mailed, never answered.
 */
const scheduleLastTenNights =
  (given: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await given.callers.registeredDonor(headers);
    const input = decode(ScheduleBody, body);
    const coming = await nightsOf(given.services).coming();
    if (!coming || coming.year !== input.year) {
      throw new RequestError(
        422,
        "Only the coming Ramadan's nights can be scheduled.",
        "nights.year",
      );
    }
    const made = await nightsOf(given.services).schedule(donor.id, input);
    if ("refused" in made) {
      const { key, message } = made.refused;
      throw new RequestError(STATUS[key] ?? 422, message, key);
    }
    return success({ message: "Scheduled", data: made.schedule });
  };

/** stopLastTenNights {id}: stop one of the caller's own schedules; answers their schedules. */
const stopLastTenNights =
  (given: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await given.callers.registeredDonor(headers);
    const { id } = decode(ScheduleId, body);
    const nights = await given.services.payments.nights();
    if (!(await nights.stopOwn(donor.id, id))) throw notFound();
    return success({ message: "Stopped", data: await nights.mine(donor.id) });
  };

/**
 * getNightsByLink {token} and stopNightsByLink {token}: the one schedule a manage link opens, seen
 * or stopped (repeating is harmless); look-ups limited as manage links' are.
 */
const byLink =
  (given: HandlerServices, stop: boolean): Handler =>
  async (request) => {
    const { token } = decode(LinkBody, request.body);
    const limited = await manageLinkLimited(given, request);
    if (limited) return limited;
    const nights = await given.services.payments.nights();
    if (stop && !(await nights.stopByManageToken(token))) throw notFound();
    const schedule = await nights.byManageToken(token);
    if (!schedule) throw notFound();
    return success({ message: stop ? "Stopped" : "Success", data: schedule });
  };

export const nightHandlers = (given: HandlerServices) =>
  ({
    getLastTenNights: getLastTenNights(given),
    scheduleLastTenNights: scheduleLastTenNights(given),
    stopLastTenNights: stopLastTenNights(given),
    getNightsByLink: byLink(given, false),
    stopNightsByLink: byLink(given, true),
  }) satisfies Record<string, Handler>;
