import { approveReversal, retryReversal } from "../../../../app/console/gifts";
import { isUuid } from "../../../../input";
import { refusal } from "../../../guard";
import { forOfficer, type ConsoleContext, type ConsoleRoute } from "../../../route";
import { perform } from "../../../respond";

const verbOf = (context: ConsoleContext) => context.url.searchParams.get("do");

/** `?do=approve` (an approver, never the officer who asked) or `?do=retry` (a failed refund). */
export const POST: ConsoleRoute = forOfficer(
  (context) => {
    const what = verbOf(context);
    if (what === "approve") return "donations.refund.approve";
    if (what === "retry") return "donations.refund";
    return refusal("console.not_found", "No such action");
  },
  (context, call) => {
    const id = String(context.params["id"] ?? "");
    if (!isUuid(id)) return Promise.resolve(refusal("reversal.notFound", "No such request"));
    return perform(call, verbOf(context) === "approve" ? approveReversal(id) : retryReversal(id));
  },
);
