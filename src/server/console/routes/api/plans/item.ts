import type { ConsoleRoute } from "../../../route";
import { consoleServices } from "../../../services";
import { isUuid } from "../../../../input";
import { refusal, requireOfficer } from "../../../guard";
import { consoleBody, ok } from "../../../respond";
import { CancelPlanBody } from "../../../bodies";
import { actorOf } from "../../../operations/live";
import { operationRefused } from "../../../operations/respond";

/** Cancel a plan on the donor's request: `{ note }`. There is no call that raises an amount. */
export const POST: ConsoleRoute = async (context) => {
  const call = await requireOfficer(context, "plans.cancel");
  if (call instanceof Response) return call;
  const id = String(context.params["id"] ?? "");
  if (!isUuid(id)) return refusal("recurring.notFound", "No such plan");
  const body = await consoleBody(context.request, CancelPlanBody);
  if (body instanceof Response) return body;
  try {
    return ok({
      outcome: await (
        await consoleServices(context).operations()
      ).cancelPlan(actorOf(call), id, body.note ?? ""),
    });
  } catch (error) {
    return operationRefused(error);
  }
};
