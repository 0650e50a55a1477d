import type { Schema } from "effect";
import { decodeInput, InputRefused, parseJson } from "../input";
import { refusal } from "./guard";

/** A console call's success answer (the portal's envelope: status 1). */
export const ok = (data: unknown, status = 200): Response =>
  Response.json(
    { status: 1, message: "Success", data },
    { status, headers: { "cache-control": "no-store" } },
  );

/**
 * A changing call's body as JSON under the edge's rule (src/server/input.ts: well-formed text only,
 * as the /svc calls), or the 400 to answer: not JSON, a NUL or a broken character.
 */
export const consoleJson = async (request: Request): Promise<unknown> => {
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? ""))
    return refusal("request.invalid", "Send the body as application/json");
  const text = (await request.text()).trim();
  try {
    return text === "" ? undefined : parseJson(text);
  } catch (error) {
    if (error instanceof InputRefused) return refusal("request.invalid", error.message);
    throw error;
  }
};

/**
 * A changing call's body decoded by its schema (src/server/console/bodies.ts), or the 400 to answer,
 * with the fields at fault for the form to mark. `code` names the refusal (a form's own, such as
 * `counter.invalid`); it may depend on the fields at fault (a refund's amount is `reversal.amount`).
 */
export async function consoleBody<S extends Schema.Top>(
  request: Request,
  schema: S,
  code: string | ((fields: ReadonlyArray<string>) => string) = "request.invalid",
): Promise<S["Type"] | Response> {
  const body = await consoleJson(request);
  if (body instanceof Response) return body;
  // Every console body is an object of fields (an empty struct would take a number or an array).
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    const named = typeof code === "string" ? code : code([]);
    return refusal(named, "Send the body as a JSON object", { fields: [] });
  }
  try {
    return decodeInput(schema, body);
  } catch (error) {
    if (!(error instanceof InputRefused)) throw error;
    const named = typeof code === "string" ? code : code(error.fields);
    return refusal(named, `Invalid request: ${error.message}`, { fields: error.fields });
  }
}

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

/**
 * A domain refusal (`RateDraftRefused`, `ContentRefused`) as its answer, its status its code's in the
 * edge's table (src/server/api/errors.ts: 409 for a conflict with the draft's state, 400 for bad input).
 */
export const refused = (error: unknown): Response => {
  if (
    refusalShaped(error, { code: "string" }) &&
    (error as { _tag?: unknown })._tag === "RateDraftRefused"
  ) {
    return refusal(error.code, error.message);
  }
  // A content field refused: the field's path, so the page can point at it.
  if (
    refusalShaped(error, { code: "string", field: "string" }) &&
    (error as { _tag?: unknown })._tag === "ContentRefused"
  ) {
    return refusal(error.code, error.message, { field: error.field });
  }
  throw error;
};
