import type { ConsoleRoute } from "../../../route";
import { consoleServices } from "../../../services";
import { isUuid } from "../../../../input";
import { refusal, requireOfficer } from "../../../guard";
import { ok } from "../../../respond";
import { actorOf } from "../../../operations/live";
import { operationRefused } from "../../../operations/respond";

/** `?do=approve` (an approver, never the officer who asked) or `?do=retry` (a failed refund). */
export const POST: ConsoleRoute = async (context) => {
  const what = new URL(context.request.url).searchParams.get("do");
  if (what !== "approve" && what !== "retry") return refusal("console.not_found", "No such action");
  const call = await requireOfficer(
    context,
    what === "approve" ? "donations.refund.approve" : "donations.refund",
  );
  if (call instanceof Response) return call;
  const id = String(context.params["id"] ?? "");
  if (!isUuid(id)) return refusal("reversal.notFound", "No such request");
  try {
    const ops = await consoleServices(context).operations();
    return ok(
      what === "approve"
        ? await ops.approve(actorOf(call), id)
        : await ops.retry(actorOf(call), id),
    );
  } catch (error) {
    return operationRefused(error);
  }
};
