import { Schema } from "effect";
import { decode, Text } from "./decode";
import { RequestError, success } from "./envelope";
import type { Handler, HandlerServices } from "./types";

/**
 * Instalment plans (issue 33, docs/instalments.md): a signed-in donor's monthly plan towards a saved
 * assessment's zakat. The donor's own only: another donor's plan answers exactly as a missing one.
 * Paying a month or the settling difference goes through checkout (`instalment` in the create
 * request); stopping through the manage link is the recurring plan's own call.
 */

const StartBody = Schema.Struct({
  assessmentId: Text(64),
  haulOn: Text(10),
  lang: Schema.optionalKey(Schema.Literals(["en", "ms"])),
});
const IdBody = Schema.Struct({ id: Text(64) });

const notFound = () => new RequestError(404, "No such instalment plan.", "instalment.notFound");

/** listInstalmentPlans: the donor's plans, newest first, each with its months, paid and remaining. */
const listInstalmentPlans =
  (given: HandlerServices): Handler =>
  async ({ headers }) => {
    const donor = await given.callers.registeredDonor(headers);
    return success({ data: await given.records.instalments.mine(donor.id) });
  };

/**
 * startInstalmentPlan {assessmentId, haulOn, lang?}: a pending plan towards one of the donor's saved
 * assessments (its stored total, never a figure of the page), ending at the haul date. Its first
 * month is then paid at checkout. Bounded: 409 `instalment.limit`.
 */
const startInstalmentPlan =
  (given: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await given.callers.registeredDonor(headers);
    const request = decode(StartBody, body);
    // Its refusals (RecordRefused) answer with their codes: src/server/api/errors.ts.
    const plan = await given.records.instalments.start(donor.id, {
      assessmentId: request.assessmentId,
      haulOn: request.haulOn,
      lang: request.lang ?? "en",
    });
    return success({ message: "Started", data: plan });
  };

/** stopInstalmentPlan {id}: stop the donor's own plan and its charges (anyone else's: 404). */
const stopInstalmentPlan =
  (given: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await given.callers.registeredDonor(headers);
    const { id } = decode(IdBody, body);
    const plan = await given.records.instalments.stopOwn(donor.id, id);
    if (!plan) throw notFound();
    return success({ message: "Stopped", data: plan });
  };

export const instalmentHandlers = (given: HandlerServices) =>
  ({
    listInstalmentPlans: listInstalmentPlans(given),
    startInstalmentPlan: startInstalmentPlan(given),
    stopInstalmentPlan: stopInstalmentPlan(given),
  }) satisfies Record<string, Handler>;
