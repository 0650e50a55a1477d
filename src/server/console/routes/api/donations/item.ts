import type { ConsoleRoute } from "../../../route";
import { consoleServices } from "../../../services";
import { refusal, requireOfficer } from "../../../guard";
import { consoleBody, ok } from "../../../respond";
import {
  REFUND_AMOUNT_FIELDS,
  RefundBody,
  ReissueBody,
  ResendBody,
  VoidBody,
} from "../../../bodies";
import { actorOf } from "../../../operations/live";
import { idempotencyKeyOf, operationRefused } from "../../../operations/respond";

/** One donation: its details, receipt link, timeline and refunds. */
export const GET: ConsoleRoute = async (context) => {
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

/** A refusal in a refund's amount is `reversal.amount` (the page says it in the officer's language). */
const refundCode = (fields: ReadonlyArray<string>) =>
  fields.some((field) => REFUND_AMOUNT_FIELDS.includes(field))
    ? "reversal.amount"
    : "request.invalid";

/**
 * An action on the donation, `?do=resend|reissue|refund|void`, with an `Idempotency-Key` header:
 * resend `{}`; reissue `{ reason, particulars: { name?, email?, companyName? } }`; refund
 * `{ reason, amountCents }` (whole cents) or `{ reason, rest: true }` (all that is left; never
 * without saying so); void `{ reason }`. Each body is decoded by its schema (../bodies.ts).
 */
export const POST: ConsoleRoute = async (context) => {
  const what = new URL(context.request.url).searchParams.get("do") ?? "";
  if (!Object.hasOwn(ACTIONS, what)) return refusal("console.not_found", "No such action");
  const action = what as keyof typeof ACTIONS;
  const call = await requireOfficer(context, ACTIONS[action]);
  if (call instanceof Response) return call;
  const key = idempotencyKeyOf(context.request);
  if (!key) return refusal("request.invalid", "Send an Idempotency-Key header");
  const transactionNo = String(context.params["transactionNo"] ?? "");
  try {
    const ops = await consoleServices(context).operations();
    const actor = actorOf(call);
    if (action === "resend") {
      const body = await consoleBody(context.request, ResendBody);
      if (body instanceof Response) return body;
      return ok(await ops.resendReceipt(actor, transactionNo, key));
    }
    if (action === "reissue") {
      const body = await consoleBody(context.request, ReissueBody);
      if (body instanceof Response) return body;
      const gift = await ops.donation(actor, transactionNo);
      const given = body.particulars ?? {};
      const particulars = Object.fromEntries(
        (["name", "email", "companyName"] as const)
          .map((field) => [field, given[field]?.trim() ?? ""] as const)
          .filter(([, text]) => text !== ""),
      );
      return ok(
        await ops.reissue(actor, {
          receiptNo: gift.receiptNo ?? "",
          reason: body.reason,
          particulars,
        }),
      );
    }
    // A void gives back the whole gift and reads only a reason; a refund names its amount or the rest.
    const body =
      action === "void"
        ? await consoleBody(context.request, VoidBody)
        : await consoleBody(context.request, RefundBody, refundCode);
    if (body instanceof Response) return body;
    const { amountCents } = body as Partial<typeof RefundBody.Type>;
    return ok(
      await ops.giveBack(actor, {
        transactionNo,
        kind: action,
        reason: body.reason,
        idempotencyKey: key,
        ...(amountCents === undefined ? {} : { amountCents }),
      }),
    );
  } catch (error) {
    return operationRefused(error);
  }
};
