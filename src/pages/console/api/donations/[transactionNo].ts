import type { APIRoute } from "astro";
import { consoleServices } from "../../../../server/console/services";
import type { ReversalKind } from "@portal/domain";
import { refusal, requireOfficer } from "../../../../server/console/guard";
import { jsonBody, ok } from "../../../../server/console/respond";
import { actorOf } from "../../../../server/console/operations/live";
import { idempotencyKeyOf, operationRefused } from "../../../../server/console/operations/respond";

export const prerender = false;

/** One donation: its details, receipt link, timeline and refunds. */
export const GET: APIRoute = async (context) => {
  const call = await requireOfficer(context, "donations.view");
  if (call instanceof Response) return call;
  try {
    const transactionNo = String(context.params["transactionNo"] ?? "");
    return ok(
      await (await consoleServices(context).operations()).donation(actorOf(call), transactionNo),
    );
  } catch (error) {
    return operationRefused(error);
  }
};

const ACTIONS = {
  resend: "receipts.resend",
  reissue: "receipts.reissue",
  refund: "donations.refund",
  void: "donations.void",
} as const;

/**
 * An action on the donation, `?do=resend|reissue|refund|void`, with an `Idempotency-Key` header:
 * resend `{}`; reissue `{ reason, particulars: { name?, email?, companyName? } }`; refund
 * `{ amountCents?, reason }` (all that is left when no amount); void `{ reason }`.
 */
export const POST: APIRoute = async (context) => {
  const what = new URL(context.request.url).searchParams.get("do") ?? "";
  if (!(what in ACTIONS)) return refusal(404, "console.not_found", "No such action");
  const action = what as keyof typeof ACTIONS;
  const call = await requireOfficer(context, ACTIONS[action]);
  if (call instanceof Response) return call;
  const key = idempotencyKeyOf(context.request);
  const body = (await jsonBody(context.request)) as Record<string, unknown> | undefined;
  if (!key || typeof body !== "object" || body === null)
    return refusal(400, "request.invalid", "Send JSON with an Idempotency-Key header");
  const transactionNo = String(context.params["transactionNo"] ?? "");
  const reason = typeof body["reason"] === "string" ? body["reason"] : "";
  try {
    const ops = await consoleServices(context).operations();
    const actor = actorOf(call);
    if (action === "resend") return ok(await ops.resendReceipt(actor, transactionNo, key));
    if (action === "reissue") {
      const gift = await ops.donation(actor, transactionNo);
      const given = (body["particulars"] ?? {}) as Record<string, unknown>;
      const particulars = Object.fromEntries(
        (["name", "email", "companyName"] as const)
          .filter((field) => typeof given[field] === "string" && String(given[field]).trim() !== "")
          .map((field) => [field, String(given[field]).trim()]),
      );
      return ok(await ops.reissue(actor, { receiptNo: gift.receiptNo ?? "", reason, particulars }));
    }
    const amount = body["amountCents"];
    return ok(
      await ops.giveBack(actor, {
        transactionNo,
        kind: action as ReversalKind,
        reason,
        idempotencyKey: key,
        ...(typeof amount === "number" ? { amountCents: amount } : {}),
      }),
    );
  } catch (error) {
    return operationRefused(error);
  }
};
