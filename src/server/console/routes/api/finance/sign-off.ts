import { signOffDay } from "../../../../app/console/settings";
import { DayBody } from "../../../bodies";
import { refusal } from "../../../guard";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { consoleBody, perform } from "../../../respond";
import { dayParam } from "../../../../finance-params";

/** `POST { day }`: an approver signs off a day with no difference; audited with the sign-off. */
export const POST: ConsoleRoute = forOfficer("finance.signOff", async (context, call) => {
  const body = await consoleBody(context.request, DayBody, "finance.bad_day");
  if (body instanceof Response) return body;
  const day = dayParam(body.day);
  if (!day) return refusal("finance.bad_day", "Give a real day (YYYY-MM-DD)");
  return perform(call, signOffDay(day));
});
