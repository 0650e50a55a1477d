import type { RecordRefused } from "@portal/adapters/db";
import { refusalShaped } from "../respond";

/**
 * An operation's refusal as the console's JSON answer: a stable code, the English message, and the
 * fields a form must mark (a search or counter entry). Anything else is a fault and is rethrown.
 * The adapters' `IdempotencyConflict` and `RecordRefused` are known by their fields (`refusalShaped`):
 * the operations run on the service bundle's copy of those classes.
 */
export const operationRefused = (error: unknown): Response => {
  const answer = (status: number, code: string, message: string, extra = {}) =>
    Response.json(
      { status: 0, code, message, ...extra },
      { status, headers: { "cache-control": "no-store" } },
    );
  if (refusalShaped(error, { code: "string" }) && error.code === "idempotency.conflict")
    return answer(409, error.code, error.message);
  if (refusalShaped(error, { code: "string", httpStatus: "number" })) {
    const fields = (error as RecordRefused & { fields?: ReadonlyArray<string> }).fields;
    // A refused role answers as the guard does.
    const status =
      error.code === "console.forbidden" ? 403 : error.httpStatus === 422 ? 400 : error.httpStatus;
    return answer(status, error.code, error.message, fields ? { fields } : {});
  }
  throw error;
};

/** The idempotency key of a changing call: its header, 1 to 255 characters. */
export const idempotencyKeyOf = (request: Request): string | undefined => {
  const key = request.headers.get("idempotency-key")?.trim();
  return key && key.length <= 255 ? key : undefined;
};
