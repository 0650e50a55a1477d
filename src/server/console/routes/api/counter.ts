import type { ConsoleRoute } from "../../route";
import { consoleServices } from "../../services";
import { refusal, requireOfficer } from "../../guard";
import { consoleBody, ok } from "../../respond";
import { CounterBody } from "../../bodies";
import { actorOf } from "../../operations/live";
import { idempotencyKeyOf, operationRefused } from "../../operations/respond";

/**
 * Record a counter payment and issue its receipt. The entry's `Idempotency-Key` (made once when the
 * form opens) makes a retried entry answer the receipt already issued.
 */
export const POST: ConsoleRoute = async (context) => {
  const call = await requireOfficer(context, "counter.record");
  if (call instanceof Response) return call;
  const key = idempotencyKeyOf(context.request);
  if (!key) return refusal("request.invalid", "Send an Idempotency-Key header");
  const body = await consoleBody(context.request, CounterBody, "counter.invalid");
  if (body instanceof Response) return body;
  try {
    const receipt = await (
      await consoleServices(context).operations()
    ).counterReceipt(actorOf(call), body, key);
    return ok(receipt, receipt.replayed ? 200 : 201);
  } catch (error) {
    return operationRefused(error);
  }
};
