import { apiCalls, defaultBases, type ApiCall, type ApiCallName } from "@portal/adapters";
import { failure, RequestError } from "./envelope";
import { configurationHandlers } from "./configuration";
import { paymentHandlers } from "./payments";

/** What a handler gets: the decoded query and body of a request to its call. */
export interface CallContext {
  readonly call: ApiCall;
  readonly query: URLSearchParams;
  readonly body: unknown;
  readonly headers: Headers;
}

export type Handler = (context: CallContext) => Promise<Response>;

/** The calls this server answers. A call of the table without a handler is not served (404). */
const handlers: Partial<Record<ApiCallName, Handler>> = {
  ...configurationHandlers,
  ...paymentHandlers,
};

/** Bodies above this are refused with 413 before they are parsed. */
export const MAX_BODY_BYTES = 64 * 1024;

const routes = new Map<string, ApiCall>(
  apiCalls.map((call) => [`${defaultBases[call.base]}${call.path}`.toLowerCase(), call]),
);

async function readBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new RequestError(413, "Request body too large");
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) throw new RequestError(413, "Request body too large");
  const text = new TextDecoder().decode(bytes).trim();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RequestError(400, "Request body is not valid JSON");
  }
}

/** Serve one request under /svc/: find the call, check method and query, decode the body, run it. */
export async function handleServiceRequest(request: Request, url: URL): Promise<Response> {
  const call = routes.get(url.pathname.replace(/\/+$/, "").toLowerCase());
  const handler = call && handlers[call.name as ApiCallName];
  if (!call || !handler) return failure(404, "Not found");
  // The spec's configuration reads are POSTs; GET is also accepted so CDNs and browsers may cache them.
  const methods = call.name in configurationHandlers ? ["POST", "GET"] : [call.method];
  if (!methods.includes(request.method)) {
    return failure(405, "Method not allowed", { allow: methods.join(", ") });
  }
  for (const name of url.searchParams.keys()) {
    if (!call.query.includes(name)) return failure(400, `Unknown query parameter: ${name}`);
  }
  try {
    const body = request.method === "GET" ? undefined : await readBody(request);
    return await handler({ call, query: url.searchParams, body, headers: request.headers });
  } catch (error) {
    if (error instanceof RequestError) {
      return failure(error.httpStatus, error.message, {}, error.code);
    }
    console.error(
      `[api] ${call.name} failed:`,
      error instanceof Error ? error.message : "unknown error",
    );
    return failure(500, "Something went wrong on our side; please try again.");
  }
}
