import type { ConsoleRoute } from "../../../route";
import { consoleServices } from "../../../services";
import { requireOfficer } from "../../../guard";
import { ok } from "../../../respond";
import { actorOf } from "../../../operations/live";
import { operationRefused } from "../../../operations/respond";

/** Refunds waiting for a second officer, oldest first. */
export const GET: ConsoleRoute = async (context) => {
  const call = await requireOfficer(context, "donations.view");
  if (call instanceof Response) return call;
  try {
    return ok(await (await consoleServices(context).operations()).awaitingApproval(actorOf(call)));
  } catch (error) {
    return operationRefused(error);
  }
};
