import type { APIRoute } from "astro";
import { consoleServices } from "../../../../server/console/services";
import { isUuid } from "../../../../server/input";
import { refusal, requireOfficer } from "../../../../server/console/guard";
import { consoleBody, ok } from "../../../../server/console/respond";
import { CancelPlanBody } from "../../../../server/console/bodies";
import { actorOf } from "../../../../server/console/operations/live";
import { operationRefused } from "../../../../server/console/operations/respond";

export const prerender = false;

/** Cancel a plan on the donor's request: `{ note }`. There is no call that raises an amount. */
export const POST: APIRoute = async (context) => {
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
