import type { ConsoleAction } from "@portal/domain";
import { decideRateDraft } from "../../../../app/console/settings";
import { refusal } from "../../../guard";
import { forOfficer, type ConsoleContext, type ConsoleRoute } from "../../../route";
import { perform } from "../../../respond";

/** The draft's id and the verb asked, or undefined for a call that does not exist. */
const asked = (context: ConsoleContext) => {
  const id = Number(context.params["id"]);
  const verb = context.url.searchParams.get("do");
  if (!Number.isSafeInteger(id) || id <= 0 || (verb !== "approve" && verb !== "withdraw")) {
    return undefined;
  }
  return { id, verb } as const;
};

/**
 * `POST /console/api/rates/<id>?do=approve` (rates.approve; a different officer from the drafter,
 * published at once when its time has come) or `?do=withdraw` (rates.draft; not once published).
 */
export const POST: ConsoleRoute = forOfficer(
  (context): ConsoleAction | Response => {
    const call = asked(context);
    if (!call) return refusal("console.not_found", "No such call");
    return call.verb === "approve" ? "rates.approve" : "rates.draft";
  },
  (context, call) => {
    const { id, verb } = asked(context) ?? { id: 0, verb: "withdraw" as const };
    return perform(call, decideRateDraft(id, verb));
  },
);
