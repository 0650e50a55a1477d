import { setWallHidden } from "../../../../app/console/gifts";
import { WallBody } from "../../../bodies";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { consoleBody, ok, perform } from "../../../respond";

/** Hide a gift from the donor wall or show it again: `{ hidden, reason }`. */
export const POST: ConsoleRoute = forOfficer("wall.hide", async (context, call) => {
  const body = await consoleBody(context.request, WallBody);
  if (body instanceof Response) return body;
  const transactionNo = String(context.params["transactionNo"] ?? "");
  return perform(
    call,
    setWallHidden(transactionNo, body.hidden !== false, body.reason ?? ""),
    (outcome) => ok({ outcome }),
  );
});
