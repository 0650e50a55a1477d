import type { ConsoleAction } from "@portal/domain";
import { decideMonthDraft } from "../../../../app/console/calendar";
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
 * `POST /console/api/calendar/<id>?do=approve` (calendar.approve; an officer other than the drafter;
 * published at once) or `?do=withdraw` (calendar.draft; a pending draft only).
 */
export const POST: ConsoleRoute = forOfficer(
  (context): ConsoleAction | Response => {
    const call = asked(context);
    if (!call) return refusal("console.not_found", "No such call");
    return call.verb === "approve" ? "calendar.approve" : "calendar.draft";
  },
  (context, call) => {
    const { id, verb } = asked(context) ?? { id: 0, verb: "withdraw" as const };
    return perform(call, decideMonthDraft(id, verb));
  },
);
