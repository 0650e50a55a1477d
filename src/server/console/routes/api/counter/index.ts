import { issueCounterReceipt } from "../../../../app/console/gifts";
import { CounterBody } from "../../../bodies";
import { refusal } from "../../../guard";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { consoleBody, idempotencyKeyOf, ok, perform } from "../../../respond";

/**
 * Record a counter payment and issue its receipt. The entry's `Idempotency-Key` (made once when the
 * form opens) makes a retried entry answer the receipt already issued.
 */
export const POST: ConsoleRoute = forOfficer("counter.record", async (context, call) => {
  const key = idempotencyKeyOf(context.request);
  if (!key) return refusal("request.invalid", "Send an Idempotency-Key header");
  const body = await consoleBody(context.request, CounterBody, "counter.invalid");
  if (body instanceof Response) return body;
  return perform(call, issueCounterReceipt(body, key), (receipt) =>
    ok(receipt, receipt.replayed ? 200 : 201),
  );
});
