import type { APIRoute } from "astro";
import { consoleServices } from "../../../../server/console/services";
import { requireOfficer } from "../../../../server/console/guard";
import { consoleBody, ok } from "../../../../server/console/respond";
import { PlansBody } from "../../../../server/console/bodies";
import { actorOf } from "../../../../server/console/operations/live";
import { operationRefused } from "../../../../server/console/operations/respond";

export const prerender = false;

/** A donor's plans by `{ email }`, `{ idNumber }` or `{ transactionNo }` (a POST: no id in a URL). */
export const POST: APIRoute = async (context) => {
  const call = await requireOfficer(context, "plans.view");
  if (call instanceof Response) return call;
  const body = await consoleBody(context.request, PlansBody);
  if (body instanceof Response) return body;
  try {
    const find = {
      ...(body.email ? { email: body.email } : {}),
      ...(body.idNumber ? { idNumber: body.idNumber } : {}),
      ...(body.transactionNo ? { transactionNo: body.transactionNo } : {}),
    };
    return ok(await (await consoleServices(context).operations()).plans(actorOf(call), find));
  } catch (error) {
    return operationRefused(error);
  }
};
