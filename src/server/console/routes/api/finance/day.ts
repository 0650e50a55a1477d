import type { ConsoleRoute } from "../../../route";
import { consoleServices } from "../../../services";
import { requireOfficer, refusal } from "../../../guard";
import { ok } from "../../../respond";
import { dayParam } from "../../../../finance-params";

/**
 * `GET ?day=YYYY-MM-DD`: a day's reconciliation (finance reconciles; an approver reads it to sign it
 * off).
 */
export const GET: ConsoleRoute = async (context) => {
  let call = await requireOfficer(context, "finance.reconcile");
  if (call instanceof Response && call.status === 403) {
    call = await requireOfficer(context, "finance.signOff");
  }
  if (call instanceof Response) return call;
  const day = dayParam(context.url.searchParams.get("day"));
  if (!day) return refusal("finance.bad_day", "Give a real day (YYYY-MM-DD)");
  return ok(await (await consoleServices(context).finance()).reconciliation.day(day));
};
