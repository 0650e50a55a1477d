import { ContentRefused, RateDraftRefused } from "@portal/domain";
import { refusal } from "./guard";

/** A console call's success answer (the portal's envelope: status 1). */
export const ok = (data: unknown, status = 200): Response =>
  Response.json(
    { status: 1, message: "Success", data },
    { status, headers: { "cache-control": "no-store" } },
  );

/** A changing call's JSON body, or undefined when it is not JSON (answered 400 by the caller). */
export const jsonBody = async (request: Request): Promise<unknown> => {
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) return undefined;
  try {
    return (await request.json()) as unknown;
  } catch {
    return undefined;
  }
};

/** A domain refusal as its answer (409 for a state conflict, 400 for bad input); else rethrown. */
export const refused = (error: unknown): Response => {
  if (error instanceof RateDraftRefused) {
    const conflict = error.code === "rates.own_draft" || error.code === "rates.not_pending";
    return refusal(conflict ? 409 : 400, error.code, error.message);
  }
  // A content field refused: the field's path, so the page can point at it.
  if (error instanceof ContentRefused) {
    return refusal(400, error.code, error.message, { field: error.field });
  }
  throw error;
};
