import { refusal } from "../guard";
import { refusalShaped } from "../respond";

/**
 * An operation's refusal as the console's JSON answer: a stable code, the English message, and the
 * fields a form must mark (a search or counter entry); its status is the code's in the edge's table
 * (src/server/api/errors.ts). Anything else is a fault and is rethrown. The adapters'
 * `IdempotencyConflict` and `RecordRefused` are known by their fields (`refusalShaped`, the
 * `RecordRefused` tag): the operations run on the service bundle's copy of those classes.
 */
export const operationRefused = (error: unknown): Response => {
  if (refusalShaped(error, { code: "string" }) && error.code === "idempotency.conflict")
    return refusal(error.code, error.message);
  if (refusalShaped(error, { code: "string", _tag: "string" }) && error._tag === "RecordRefused") {
    const fields = (error as { fields?: ReadonlyArray<string> }).fields;
    return refusal(error.code, error.message, fields ? { fields } : {});
  }
  throw error;
};

/** The idempotency key of a changing call: its header, 1 to 255 characters. */
export const idempotencyKeyOf = (request: Request): string | undefined => {
  const key = request.headers.get("idempotency-key")?.trim();
  return key && key.length <= 255 ? key : undefined;
};
