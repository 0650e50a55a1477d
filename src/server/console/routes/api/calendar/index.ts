import { draftMonthStart, hijriCalendarAndDrafts } from "../../../../app/console/calendar";
import { MonthStartBody } from "../../../bodies";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { consoleBody, ok, perform } from "../../../respond";

/** The council's published Hijri month starts and the drafts (newest first). */
export const GET: ConsoleRoute = forOfficer("calendar.view", (_, call) =>
  perform(call, hijriCalendarAndDrafts()),
);

/** Propose a month start: `{ year: 1447, month: 10, start: "2026-03-21" }`. */
export const POST: ConsoleRoute = forOfficer("calendar.draft", async (context, call) => {
  const body = await consoleBody(context.request, MonthStartBody, "calendar.invalid");
  if (body instanceof Response) return body;
  return perform(call, draftMonthStart(body), (draft) => ok(draft, 201));
});
