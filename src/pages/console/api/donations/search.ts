import type { APIRoute } from "astro";
import { consoleServices } from "../../../../server/console/services";
import type { DonationSearchInput } from "@portal/domain";
import { refusal, requireOfficer } from "../../../../server/console/guard";
import { jsonBody, ok } from "../../../../server/console/respond";
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
  const body = await jsonBody(context.request);
  if (typeof body !== "object" || body === null)
    return refusal(400, "search.invalid", "Send the search as JSON");
  try {
    return ok(
      await (
        await consoleServices(context).operations()
      ).search(actorOf(call), body as DonationSearchInput),
    );
  } catch (error) {
    return operationRefused(error);
  }
};
