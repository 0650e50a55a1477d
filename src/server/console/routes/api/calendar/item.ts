import { decideMonthDraft } from "../../../../app/console/calendar";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { perform } from "../../../respond";
import { decisionAction, draftDecision } from "../draft-decision";

/**
 * `POST /console/api/calendar/<id>?do=approve` (calendar.approve; an officer other than the drafter;
 * published at once) or `?do=withdraw` (calendar.draft; a pending draft only).
 */
export const POST: ConsoleRoute = forOfficer(
  decisionAction("calendar.approve", "calendar.draft"),
  (context, call) => {
    const { id, verb } = draftDecision(context) ?? { id: 0, verb: "withdraw" as const };
    return perform(call, decideMonthDraft(id, verb));
  },
);
