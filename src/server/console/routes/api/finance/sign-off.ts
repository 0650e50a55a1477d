import type { ConsoleRoute } from "../../../route";
import { consoleServices } from "../../../services";
import { audit } from "../../../audit";
import { requireOfficer, refusal } from "../../../guard";
import { consoleBody, ok } from "../../../respond";
import { DayBody } from "../../../bodies";
import { dayParam } from "../../../../finance-params";

/** `POST { day }`: an approver signs off a day with no difference; audited with the sign-off. */
export const POST: ConsoleRoute = async (context) => {
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
