import type { APIRoute } from "astro";
import { consoleServices } from "../../../../server/console/services";
import { requireOfficer } from "../../../../server/console/guard";
import { consoleBody, ok } from "../../../../server/console/respond";
import { SearchBody } from "../../../../server/console/bodies";
import { actorOf } from "../../../../server/console/operations/live";
import { operationRefused } from "../../../../server/console/operations/respond";

export const prerender = false;

/**
 * Search donations. A POST, so an identity number travels in the body and never in an address or a
 * log line; the answer shows it masked.
 */
export const POST: APIRoute = async (context) => {
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
