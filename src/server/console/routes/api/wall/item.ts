import type { ConsoleRoute } from "../../../route";
import { consoleServices } from "../../../services";
import { requireOfficer } from "../../../guard";
import { consoleBody, ok } from "../../../respond";
import { WallBody } from "../../../bodies";
import { actorOf } from "../../../operations/live";
import { operationRefused } from "../../../operations/respond";

/** Hide a gift from the donor wall or show it again: `{ hidden, reason }`. */
export const POST: ConsoleRoute = async (context) => {
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
