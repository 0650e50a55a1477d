import { IdempotencyConflict, RecordRefused } from "@portal/adapters/db";

/**
 * An operation's refusal as the console's JSON answer: a stable code, the English message, and the
 * fields a form must mark (a search or counter entry). Anything else is a fault and is rethrown.
 */
export const operationRefused = (error: unknown): Response => {
  const answer = (status: number, code: string, message: string, extra = {}) =>
    Response.json(
      { status: 0, code, message, ...extra },
      { status, headers: { "cache-control": "no-store" } },
    );
  if (error instanceof IdempotencyConflict) return answer(409, error.code, error.message);
  if (error instanceof RecordRefused) {
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
