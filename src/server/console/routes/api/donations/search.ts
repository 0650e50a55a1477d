import { searchGifts } from "../../../../app/console/gifts";
import { SearchBody } from "../../../bodies";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { consoleBody, perform } from "../../../respond";

/**
 * Search donations. A POST, so an identity number travels in the body and never in an address or a
 * log line; the answer shows it masked.
 */
export const POST: ConsoleRoute = forOfficer("donations.search", async (context, call) => {
  const body = await consoleBody(context.request, SearchBody, "search.invalid");
  if (body instanceof Response) return body;
  return perform(call, searchGifts(body));
});
