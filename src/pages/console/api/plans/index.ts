import type { APIRoute } from "astro";
import { consoleServices } from "../../../../server/console/services";
import { refusal, requireOfficer } from "../../../../server/console/guard";
import { jsonBody, ok } from "../../../../server/console/respond";
import { actorOf } from "../../../../server/console/operations/live";
import { operationRefused } from "../../../../server/console/operations/respond";

export const prerender = false;

/** A donor's plans by `{ email }`, `{ idNumber }` or `{ transactionNo }` (a POST: no id in a URL). */
export const POST: APIRoute = async (context) => {
  const call = await requireOfficer(context, "plans.view");
  if (call instanceof Response) return call;
  const body = (await jsonBody(context.request)) as Record<string, unknown> | undefined;
  if (typeof body !== "object" || body === null)
    return refusal(400, "request.invalid", "Send JSON");
  const text = (name: string) => (typeof body[name] === "string" ? String(body[name]) : undefined);
  try {
    const find = {
      ...(text("email") ? { email: text("email") as string } : {}),
      ...(text("idNumber") ? { idNumber: text("idNumber") as string } : {}),
      ...(text("transactionNo") ? { transactionNo: text("transactionNo") as string } : {}),
    };
    return ok(await (await consoleServices(context).operations()).plans(actorOf(call), find));
  } catch (error) {
    return operationRefused(error);
  }
};
