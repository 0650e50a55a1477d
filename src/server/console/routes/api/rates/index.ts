import { draftRates, ratesAndDrafts } from "../../../../app/console/settings";
import { RateDraftBody } from "../../../bodies";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { consoleBody, ok, perform } from "../../../respond";

/** The rates in force, their version, and the drafts (newest first) with their diff and history. */
export const GET: ConsoleRoute = forOfficer("rates.view", (_, call) =>
  perform(call, ratesAndDrafts()),
);

/** Draft new rates: `{ changes: { nisabValue: 1100000, ... }, effectiveAt?: ISO time }` (none: now). */
export const POST: ConsoleRoute = forOfficer("rates.draft", async (context, call) => {
  const body = await consoleBody(context.request, RateDraftBody, "rates.invalid");
  if (body instanceof Response) return body;
  return perform(call, draftRates(body), (draft) => ok(draft, 201));
});
