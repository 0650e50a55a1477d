import { decideRateDraft } from "../../../../app/console/settings";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { perform } from "../../../respond";
import { decisionAction, draftDecision } from "../draft-decision";

/**
 * `POST /console/api/rates/<id>?do=approve` (rates.approve; a different officer from the drafter,
 * published at once when its time has come) or `?do=withdraw` (rates.draft; not once published).
 */
export const POST: ConsoleRoute = forOfficer(
  decisionAction("rates.approve", "rates.draft"),
  (context, call) => {
    const { id, verb } = draftDecision(context) ?? { id: 0, verb: "withdraw" as const };
    return perform(call, decideRateDraft(id, verb));
  },
);
