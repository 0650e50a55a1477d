import type { APIRoute } from "astro";
import { consoleServices } from "../../../../server/console/services";
import { requireOfficer } from "../../../../server/console/guard";
import { consoleBody, ok } from "../../../../server/console/respond";
import { WallBody } from "../../../../server/console/bodies";
import { actorOf } from "../../../../server/console/operations/live";
import { operationRefused } from "../../../../server/console/operations/respond";

export const prerender = false;

/** Hide a gift from the donor wall or show it again: `{ hidden, reason }`. */
export const POST: APIRoute = async (context) => {
  const call = await requireOfficer(context, "wall.hide");
  if (call instanceof Response) return call;
  const body = await consoleBody(context.request, WallBody);
  if (body instanceof Response) return body;
  try {
    const outcome = await (
      await consoleServices(context).operations()
    ).setWallHidden(
      actorOf(call),
      String(context.params["transactionNo"] ?? ""),
      body.hidden !== false,
      body.reason ?? "",
    );
    return ok({ outcome });
  } catch (error) {
    return operationRefused(error);
  }
};
