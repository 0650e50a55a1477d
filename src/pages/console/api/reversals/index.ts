import type { APIRoute } from "astro";
import { consoleServices } from "../../../../server/console/services";
import { requireOfficer } from "../../../../server/console/guard";
import { ok } from "../../../../server/console/respond";
import { actorOf } from "../../../../server/console/operations/live";
import { operationRefused } from "../../../../server/console/operations/respond";

export const prerender = false;

/** Refunds waiting for a second officer, oldest first. */
export const GET: APIRoute = async (context) => {
  const call = await requireOfficer(context, "donations.view");
  if (call instanceof Response) return call;
  try {
    return ok(await (await consoleServices(context).operations()).awaitingApproval(actorOf(call)));
  } catch (error) {
    return operationRefused(error);
  }
};
