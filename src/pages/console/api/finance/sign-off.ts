import type { APIRoute } from "astro";
import { consoleServices } from "../../../../server/console/services";
import { audit } from "../../../../server/console/audit";
import { requireOfficer, refusal } from "../../../../server/console/guard";
import { consoleBody, ok } from "../../../../server/console/respond";
import { DayBody } from "../../../../server/console/bodies";
import { dayParam } from "../../../../server/finance-params";

export const prerender = false;

/** `POST { day }`: an approver signs off a day with no difference; audited with the sign-off. */
export const POST: APIRoute = async (context) => {
  const call = await requireOfficer(context, "finance.signOff");
  if (call instanceof Response) return call;
  const body = await consoleBody(context.request, DayBody, "finance.bad_day");
  if (body instanceof Response) return body;
  const day = dayParam(body.day);
  if (!day) return refusal("finance.bad_day", "Give a real day (YYYY-MM-DD)");
  const outcome = await (
    await consoleServices(context).finance()
  ).reconciliation.signOff(day, call.officer, (tx, signed) =>
    audit(
      call,
      { action: "finance.signOff", entity: "finance_day", entityId: day, after: signed },
      tx,
    ),
  );
  if (outcome === "differences") {
    return refusal("finance.differences", "This day still has differences");
  }
  if (outcome === "already") return refusal("finance.signed_off", "This day is signed off");
  if (outcome === "invalid") return refusal("finance.bad_day", "Give a real day");
  return ok({ day, signedBy: call.officer.id });
};
