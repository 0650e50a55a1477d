import { giveBack, reissueReceipt, resendReceipt, viewGift } from "../../../../app/console/gifts";
import {
  REFUND_AMOUNT_FIELDS,
  RefundBody,
  ReissueBody,
  ResendBody,
  VoidBody,
} from "../../../bodies";
import { refusal } from "../../../guard";
import { forOfficer, type ConsoleContext, type ConsoleRoute } from "../../../route";
import { consoleBody, idempotencyKeyOf, perform } from "../../../respond";

const transactionNoOf = (context: ConsoleContext) => String(context.params["transactionNo"] ?? "");

/** One donation: its details, receipt link, timeline and refunds. */
export const GET: ConsoleRoute = forOfficer("donations.view", (context, call) =>
  perform(call, viewGift(transactionNoOf(context))),
);

const ACTIONS = {
  resend: "receipts.resend",
  reissue: "receipts.reissue",
  refund: "donations.refund",
  void: "donations.void",
} as const;

const actionOf = (context: ConsoleContext) => {
  const what = context.url.searchParams.get("do") ?? "";
  return Object.hasOwn(ACTIONS, what) ? (what as keyof typeof ACTIONS) : undefined;
};

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
export const POST: ConsoleRoute = forOfficer(
  (context) => {
    const action = actionOf(context);
    return action ? ACTIONS[action] : refusal("console.not_found", "No such action");
  },
  async (context, call) => {
    const action = actionOf(context) ?? "resend";
    const key = idempotencyKeyOf(context.request);
    if (!key) return refusal("request.invalid", "Send an Idempotency-Key header");
    const transactionNo = transactionNoOf(context);
    if (action === "resend") {
      const body = await consoleBody(context.request, ResendBody);
      if (body instanceof Response) return body;
      return perform(call, resendReceipt(transactionNo, key));
    }
    if (action === "reissue") {
      const body = await consoleBody(context.request, ReissueBody);
      if (body instanceof Response) return body;
      return perform(
        call,
        reissueReceipt({ transactionNo, reason: body.reason, particulars: body.particulars ?? {} }),
      );
    }
    // A void gives back the whole gift and reads only a reason; a refund names its amount or the rest.
    const body =
      action === "void"
        ? await consoleBody(context.request, VoidBody)
        : await consoleBody(context.request, RefundBody, refundCode);
    if (body instanceof Response) return body;
    const { amountCents } = body as Partial<typeof RefundBody.Type>;
    return perform(
      call,
      giveBack({
        transactionNo,
        kind: action,
        reason: body.reason,
        idempotencyKey: key,
        ...(amountCents === undefined ? {} : { amountCents }),
      }),
    );
  },
);
