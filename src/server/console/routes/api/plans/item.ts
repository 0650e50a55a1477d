import { cancelPlanForDonor } from "../../../../app/console/gifts";
import { isUuid } from "../../../../input";
import { CancelPlanBody } from "../../../bodies";
import { refusal } from "../../../guard";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { consoleBody, ok, perform } from "../../../respond";

/** Cancel a plan on the donor's request: `{ note }`. There is no call that raises an amount. */
export const POST: ConsoleRoute = forOfficer("plans.cancel", async (context, call) => {
  const id = String(context.params["id"] ?? "");
  if (!isUuid(id)) return refusal("recurring.notFound", "No such plan");
  const body = await consoleBody(context.request, CancelPlanBody);
  if (body instanceof Response) return body;
  return perform(call, cancelPlanForDonor(id, body.note ?? ""), (outcome) => ok({ outcome }));
});
