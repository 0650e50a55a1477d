import type { APIRoute } from "astro";
import { consoleServices } from "../../../../server/console/services";
import { isUuid } from "../../../../server/input";
import { refusal, requireOfficer } from "../../../../server/console/guard";
import { ok } from "../../../../server/console/respond";
import { actorOf } from "../../../../server/console/operations/live";
import { operationRefused } from "../../../../server/console/operations/respond";

export const prerender = false;

/** `?do=approve` (an approver, never the officer who asked) or `?do=retry` (a failed refund). */
export const POST: APIRoute = async (context) => {
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
