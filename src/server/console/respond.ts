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

/**
 * Whether `error` has the shape of a refusal class. The console's routes run in the Astro bundle and
 * the services `startPortal` built in the service bundle, each with its own copy of the error
 * classes, so a refusal from a service is known by its fields, not by `instanceof`.
 */
export const refusalShaped = <T extends Readonly<Record<string, "string" | "number">>>(
  error: unknown,
  fields: T,
): error is Error & { readonly [K in keyof T]: T[K] extends "string" ? string : number } =>
  error instanceof Error &&
  Object.entries(fields).every(
    ([field, type]) => typeof (error as unknown as Record<string, unknown>)[field] === type,
  );

/** A domain refusal (`RateDraftRefused`, `ContentRefused`) as its answer (409 for a conflict, 400 for bad input). */
export const refused = (error: unknown): Response => {
  if (
    refusalShaped(error, { code: "string" }) &&
    (error as { _tag?: unknown })._tag === "RateDraftRefused"
  ) {
    const conflict = error.code === "rates.own_draft" || error.code === "rates.not_pending";
    return refusal(conflict ? 409 : 400, error.code, error.message);
  }
  // A content field refused: the field's path, so the page can point at it.
  if (
    refusalShaped(error, { code: "string", field: "string" }) &&
    (error as { _tag?: unknown })._tag === "ContentRefused"
  ) {
    return refusal(400, error.code, error.message, { field: error.field });
  }
  throw error;
};
