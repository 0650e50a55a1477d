import { findPlans } from "../../../../app/console/gifts";
import { PlansBody } from "../../../bodies";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { consoleBody, perform } from "../../../respond";

/** A donor's plans by `{ email }`, `{ idNumber }` or `{ transactionNo }` (a POST: no id in a URL). */
export const POST: ConsoleRoute = forOfficer("plans.view", async (context, call) => {
  const body = await consoleBody(context.request, PlansBody);
  if (body instanceof Response) return body;
  return perform(
    call,
    findPlans({
      ...(body.email ? { email: body.email } : {}),
      ...(body.idNumber ? { idNumber: body.idNumber } : {}),
      ...(body.transactionNo ? { transactionNo: body.transactionNo } : {}),
    }),
  );
});
