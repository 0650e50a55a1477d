import { decideAsnafDraft } from "../../../../app/console/asnaf";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { perform } from "../../../respond";
import { decisionAction, draftDecision } from "../draft-decision";

/**
 * `POST /console/api/asnaf/<id>?do=approve` (asnaf.approve; an officer other than the drafter;
 * published at once) or `?do=withdraw` (asnaf.draft; a pending draft only).
 */
export const POST: ConsoleRoute = forOfficer(
  decisionAction("asnaf.approve", "asnaf.draft"),
  (context, call) => {
    const { id, verb } = draftDecision(context) ?? { id: 0, verb: "withdraw" as const };
    return perform(call, decideAsnafDraft(id, verb));
  },
);
