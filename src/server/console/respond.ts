import type { Effect, Schema } from "effect";
import { Refused } from "../app/refused";
import type { OfficerPort } from "../app/console/officer";
import { decodeInput, InputRefused, parseJson } from "../input";
import { refusal, type OfficerCall } from "./guard";
import type { ConsoleAppServices } from "./use-cases";

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

/** The officer of a resolved call, as the console's use cases name them. */
export const officerOf = (call: OfficerCall): OfficerPort => ({
  id: call.officer.id,
  name: call.officer.name,
  roles: call.officer.roles,
  ip: call.ip,
  now: call.now,
});

/**
 * Run one console use case (src/server/app/console) for the call's officer and encode its answer
 * (`ok` unless told): a refusal is the console's JSON refusal with its code (status from the edge's
 * table, src/server/api/errors.ts) and the fields a form must mark; anything else is a fault.
 */
export async function perform<A>(
  call: OfficerCall,
  program: Effect.Effect<A, Refused, ConsoleAppServices>,
  answer: (value: A) => Response = (value) => ok(value),
): Promise<Response> {
  try {
    return answer(await call.services.console.useCases.run(program, officerOf(call)));
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return refusal(error.code, error.message, {
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.field === undefined ? {} : { field: error.field }),
    });
  }
}

/** The idempotency key of a changing call: its header, 1 to 255 characters. */
export const idempotencyKeyOf = (request: Request): string | undefined => {
  const key = request.headers.get("idempotency-key")?.trim();
  return key && key.length <= 255 ? key : undefined;
};
