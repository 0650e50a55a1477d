import { Schema } from "effect";
import { HAUL_WEALTH } from "@portal/domain";
import { decode, Text } from "./decode";
import { RequestError, success } from "./envelope";
import { trackerOf } from "./haul";
import type { Handler, HandlerServices } from "./types";

/**
 * Instalment plans (issue 33, docs/instalments.md): a signed-in donor's monthly plan towards a saved
 * assessment's zakat. The donor's own only: another donor's plan answers exactly as a missing one.
 * Paying a month or the settling difference goes through checkout (`instalment` in the create
 * request); stopping through the manage link is the recurring plan's own call.
 */

const Lang = Schema.optionalKey(Schema.Literals(["en", "ms"]));
/** From a saved assessment, to a haul date the donor chose. */
const FromAssessment = Schema.Struct({ assessmentId: Text(64), haulOn: Text(10), lang: Lang });
/**
 * From a wealth of the donor's haul tracker, to its due date: `amountCents` is the figure the page
 * showed, compared with the server's own (never taken).
 */
const FromHaul = Schema.Struct({
  wealth: Schema.Literals(HAUL_WEALTH),
  amountCents: Schema.Number,
  lang: Lang,
});
const StartBody = Schema.Union([FromAssessment, FromHaul]);
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
 * The plan's amount and end from the donor's own haul tracker (docs/haul-tracker.md): the zakat the
 * server works out on that wealth's running haul, to its due date. The page's figure must be the same
 * (a tracker changed in another tab, or a forged figure: 422 `instalment.haulAmount`).
 */
const fromHaul = async (given: HandlerServices, donorId: string, request: typeof FromHaul.Type) => {
  const tracker = await trackerOf(given, donorId);
  const haul = tracker.hauls.find((tracked) => tracked.wealth === request.wealth)?.haul;
  if (!haul || haul.status !== "running" || haul.amount <= 0 || !haul.dueDate)
    throw new RequestError(
      422,
      "This wealth has no zakat coming due to pay monthly.",
      "instalment.haulNone",
    );
  if (request.amountCents !== haul.amount)
    throw new RequestError(
      422,
      "The amount differs from your haul tracker's.",
      "instalment.haulAmount",
    );
  return { from: { haulCents: haul.amount }, haulOn: haul.dueDate };
};

/**
 * startInstalmentPlan {assessmentId, haulOn, lang?} | {wealth, amountCents, lang?}: a pending plan
 * towards one of the donor's saved assessments (its stored total, never a figure of the page) to the
 * haul date, or towards the zakat of a running haul in the donor's own tracker to its due date. Its
 * first month is then paid at checkout. Bounded: 409 `instalment.limit`.
 */
const startInstalmentPlan =
  (given: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await given.callers.registeredDonor(headers);
    const request = decode(StartBody, body);
    const lang = request.lang ?? "en";
    // Its refusals (RecordRefused) answer with their codes: src/server/api/errors.ts.
    const plan = await given.records.instalments.start(donor.id, {
      ...("wealth" in request
        ? await fromHaul(given, donor.id, request)
        : { from: { assessmentId: request.assessmentId }, haulOn: request.haulOn }),
      lang,
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
