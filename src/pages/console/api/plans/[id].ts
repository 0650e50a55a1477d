import type { APIRoute } from "astro";
import { consoleServices } from "../../../../server/console/services";
import { refusal, requireOfficer } from "../../../../server/console/guard";
import { jsonBody, ok } from "../../../../server/console/respond";
import { actorOf } from "../../../../server/console/operations/live";
import { operationRefused } from "../../../../server/console/operations/respond";

export const prerender = false;

/** Cancel a plan on the donor's request: `{ note }`. There is no call that raises an amount. */
export const POST: APIRoute = async (context) => {
  const call = await requireOfficer(context, "plans.cancel");
  if (call instanceof Response) return call;
  const id = String(context.params["id"] ?? "");
  const body = (await jsonBody(context.request)) as { note?: unknown } | undefined;
  if (!/^[0-9a-f-]{36}$/.test(id)) return refusal(404, "recurring.notFound", "No such plan");
  try {
    const note = typeof body?.note === "string" ? body.note : "";
    return ok({
      outcome: await (
        await consoleServices(context).operations()
      ).cancelPlan(actorOf(call), id, note),
    });
  } catch (error) {
    return operationRefused(error);
  }
};
