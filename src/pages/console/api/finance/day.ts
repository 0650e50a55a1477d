import type { APIRoute } from "astro";
import { consoleServices } from "../../../../server/console/services";
import { requireOfficer, refusal } from "../../../../server/console/guard";
import { ok } from "../../../../server/console/respond";
import { dayParam } from "../../../../server/finance-params";

export const prerender = false;

/**
 * `GET ?day=YYYY-MM-DD`: a day's reconciliation (finance reconciles; an approver reads it to sign it
 * off).
 */
export const GET: APIRoute = async (context) => {
  let call = await requireOfficer(context, "finance.reconcile");
  if (call instanceof Response && call.status === 403) {
    call = await requireOfficer(context, "finance.signOff");
  }
  if (call instanceof Response) return call;
  const day = dayParam(context.url.searchParams.get("day"));
  if (!day) return refusal("finance.bad_day", "Give a real day (YYYY-MM-DD)");
  return ok(await (await consoleServices(context).finance()).reconciliation.day(day));
};
