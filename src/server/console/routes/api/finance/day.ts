import { forOfficer, type ConsoleRoute } from "../../../route";
import { refusal } from "../../../guard";
import { ok } from "../../../respond";
import { dayParam } from "../../../../finance-params";

/**
 * `GET ?day=YYYY-MM-DD`: a day's reconciliation (finance reconciles; an approver reads it to sign it
 * off).
 */
export const GET: ConsoleRoute = forOfficer(
  ["finance.reconcile", "finance.signOff"],
  async (context, call) => {
    const day = dayParam(context.url.searchParams.get("day"));
    if (!day) return refusal("finance.bad_day", "Give a real day (YYYY-MM-DD)");
    return ok(await (await call.services.finance()).reconciliation.day(day));
  },
);
