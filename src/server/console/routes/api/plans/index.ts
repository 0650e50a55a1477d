import type { ConsoleRoute } from "../../../route";
import { consoleServices } from "../../../services";
import { requireOfficer } from "../../../guard";
import { consoleBody, ok } from "../../../respond";
import { PlansBody } from "../../../bodies";
import { actorOf } from "../../../operations/live";
import { operationRefused } from "../../../operations/respond";

/** A donor's plans by `{ email }`, `{ idNumber }` or `{ transactionNo }` (a POST: no id in a URL). */
export const POST: ConsoleRoute = async (context) => {
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
