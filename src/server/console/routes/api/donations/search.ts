import type { ConsoleRoute } from "../../../route";
import { consoleServices } from "../../../services";
import { requireOfficer } from "../../../guard";
import { consoleBody, ok } from "../../../respond";
import { SearchBody } from "../../../bodies";
import { actorOf } from "../../../operations/live";
import { operationRefused } from "../../../operations/respond";

/**
 * Search donations. A POST, so an identity number travels in the body and never in an address or a
 * log line; the answer shows it masked.
 */
export const POST: ConsoleRoute = async (context) => {
  const call = await requireOfficer(context, "donations.search");
  if (call instanceof Response) return call;
  const body = await consoleBody(context.request, SearchBody, "search.invalid");
  if (body instanceof Response) return body;
  try {
    return ok(await (await consoleServices(context).operations()).search(actorOf(call), body));
  } catch (error) {
    return operationRefused(error);
  }
};
