import { Schema } from "effect";
import {
  ASSESSMENT_BYTES_MAX,
  ASSESSMENTS_PER_DONOR_MAX,
  assess,
  assessmentRatesOf,
  checkAssessmentInputs,
  hasEntries,
  hijriCalendar,
  hijriDateOf,
  sgtDate,
} from "@portal/domain";
import { umAlQuraDateOf } from "@portal/adapters";
import { decode, Text } from "./decode";
import { RequestError, success } from "./envelope";
import type { Handler, HandlerServices } from "./types";

/**
 * Saved zakat harta assessments (issue 33, docs/assessments.md): the signed-in donor's own only. Another
 * donor's id answers exactly as a missing one; guests keep theirs in a downloaded file instead.
 */

const Amount = Schema.Int;
/** The inputs' types at the edge; their bounds, row counts and decimals are the domain's check. */
const Inputs = Schema.Struct({
  savings: Schema.Array(Schema.Struct({ amount: Amount, interest: Amount })),
  goldKeptGrams: Schema.Number,
  goldWornGrams: Schema.Number,
  insurance: Schema.Array(Schema.Struct({ type: Schema.Int, amount: Amount })),
  shares: Schema.Array(Amount),
  cpfOrdinary: Amount,
  business: Schema.Struct({
    currentAssets: Amount,
    assetsToAdd: Amount,
    assetsToRemove: Amount,
    currentLiabilities: Amount,
    liabilitiesToAdd: Amount,
    ownershipSharePercent: Schema.Number,
  }),
});
const SaveBody = Schema.Struct({ inputs: Inputs });
const IdBody = Schema.Struct({ id: Text(64) });

const notFound = () => new RequestError(404, "No such saved assessment.", "assessment.notFound");
const tooLarge = () =>
  new RequestError(
    413,
    `An assessment is at most ${ASSESSMENT_BYTES_MAX} bytes and 20 rows of each kind.`,
    "assessment.tooLarge",
  );

/** listAssessments: the donor's saved assessments, newest first: day, Hijri year, figures. */
const listAssessments =
  (given: HandlerServices): Handler =>
  async ({ headers }) => {
    const donor = await given.callers.registeredDonor(headers);
    return success({ data: await given.records.assessments.list(donor.id) });
  };

/**
 * saveAssessment {inputs}: priced here, at the council's rates of the day, which are kept with it; any
 * total or line the page sends is ignored. Over 8 KB or 20 rows a kind: 413; the 101st: 409.
 */
const saveAssessment =
  (given: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await given.callers.registeredDonor(headers);
    if (JSON.stringify(body ?? null).length > ASSESSMENT_BYTES_MAX) throw tooLarge();
    const { inputs: sent } = decode(SaveBody, body);
    const checked = checkAssessmentInputs(sent);
    if (!checked.ok) {
      if (checked.problem === "tooLarge") throw tooLarge();
      throw new RequestError(400, `Invalid request: ${checked.field ?? "inputs"}: out of range`);
    }
    if (!hasEntries(checked.value)) {
      throw new RequestError(422, "Enter at least one asset to save.", "assessment.empty");
    }
    const { assessments, clock } = given.records;
    const { rates, months } = await assessments.pricing();
    if (!rates) throw new RequestError(503, "The rates are not available; try again shortly.");
    const nowMs = clock.nowMs();
    const assessedOn = sgtDate(nowMs);
    const hijri = hijriDateOf(hijriCalendar(months), assessedOn, umAlQuraDateOf);
    if (!hijri) throw new RequestError(503, "The calendar is not available; try again shortly.");
    const outcome = await assessments.save(
      donor.id,
      assess(checked.value, assessmentRatesOf(rates)),
      { assessedOn, hijriYear: hijri.year, at: new Date(nowMs) },
      ASSESSMENTS_PER_DONOR_MAX,
    );
    if (outcome.kind === "full") {
      throw new RequestError(
        409,
        `You keep ${ASSESSMENTS_PER_DONOR_MAX} saved assessments; delete one to save another.`,
        "assessment.limit",
      );
    }
    return success({ message: "Saved", data: outcome.assessment });
  };

/** getAssessment {id}: one of the donor's own, whole; anyone else's is not found. */
const getAssessment =
  (given: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await given.callers.registeredDonor(headers);
    const { id } = decode(IdBody, body);
    const found = await given.records.assessments.get(donor.id, id);
    if (!found) throw notFound();
    return success({ data: found });
  };

/** deleteAssessment {id}: deletes one of the donor's own for good; anyone else's is not found. */
const deleteAssessment =
  (given: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await given.callers.registeredDonor(headers);
    const { id } = decode(IdBody, body);
    if (!(await given.records.assessments.remove(donor.id, id))) throw notFound();
    return success({ message: "Deleted", data: { id } });
  };

export const assessmentHandlers = (given: HandlerServices) =>
  ({
    listAssessments: listAssessments(given),
    saveAssessment: saveAssessment(given),
    getAssessment: getAssessment(given),
    deleteAssessment: deleteAssessment(given),
  }) satisfies Record<string, Handler>;
