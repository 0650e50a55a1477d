import { apiErrorReport } from "@portal/domain";
import type { ErrorReport } from "@portal/domain";
import { apiCall, defaultBases, urlFor } from "./paths";
import type { ApiCall, ApiCallName, Bases, QueryValue } from "./paths";

/**
 * The browser's wire client (spec §8). Two layers:
 * - `requestJson`: one HTTP exchange with the §8 response rules; rejects with `ApiError`.
 * - `callApi`: what "most calls" do: catch, report, and hand the caller the call's empty result.
 */

export type ApiErrorCode = "http.status" | "http.network" | "http.malformed";

/**
 * A failed exchange. `status` is 0 when no HTTP response was read; `body` is the parsed body of a
 * refusal (its `code` says which rule refused, e.g. `nirc_exists`), or null.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly _tag = "ApiError";
  readonly body: unknown;
  constructor(
    readonly code: ApiErrorCode,
    readonly status: number,
    message: string,
    options?: { readonly cause?: unknown; readonly body?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.body = options?.body ?? null;
  }

  /** The server's stable code for a refusal (`code`, or a gateway's `error`), when it gave one. */
  get serverCode(): string | undefined {
    const body = this.body;
    if (typeof body !== "object" || body === null) return undefined;
    const { code, error } = body as { readonly code?: unknown; readonly error?: unknown };
    return typeof code === "string" ? code : typeof error === "string" ? error : undefined;
  }
}

/**
 * What a caller sees when a call gives nothing (§8: "empty list, false or a status 0 object"): `[]` for
 * list calls, `{ status: 0 }` for the others. `registerCognitoUser` succeeds with status 0, so its empty
 * result is `{ status: -1 }`: an empty result must never read as success. Callers that answer a yes/no
 * question (NRIC free, email exists) map any empty result to `false`.
 */
export type EmptyResult = readonly never[] | { readonly status: 0 | -1; readonly message?: string };

export const emptyResultFor = (call: ApiCall, message?: string): EmptyResult => {
  if (call.list) return [];
  const status = call.okStatus === 0 ? -1 : 0;
  return message === undefined ? { status } : { status, message };
};

type MaybePromise<A> = A | Promise<A>;

export interface ApiClientOptions {
  readonly bases?: Bases;
  readonly fetch?: typeof globalThis.fetch;
  /** Called on 403, 500 and 502. Default: reload the page. */
  readonly reload?: () => void;
  /**
   * The caller shows failures itself and keeps the donor's entries on screen (a payment, a form being
   * sent): 403, 500 and 502 reject like any other failure instead of reloading the page.
   */
  readonly keepPage?: boolean;
  /** The signed-in donor's identity token, or nothing for a guest. */
  readonly getIdToken?: () => MaybePromise<string | null | undefined>;
  /** The `[host]` of error reports. Default: the page's host. */
  readonly host?: () => string;
  /** Where failures go (an `ErrorReport` each). Default: nowhere. */
  readonly report?: (report: ErrorReport) => MaybePromise<void>;
}

export interface CallInput {
  readonly query?: Readonly<Record<string, QueryValue | undefined>>;
  /** Sent as JSON. NRIC and other personal data belong here, never in the query. */
  readonly body?: unknown;
  /** Headers of this call (an `Idempotency-Key`); never a token (see `getIdToken`). */
  readonly headers?: Readonly<Record<string, string>>;
}

const emptyStatuses = new Set([401, 302, 504]);
const reloadStatuses = new Set([403, 500, 502]);

const defaultFetch: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init);
const defaultReload = (): void => window.location.reload();
const defaultHost = (): string => (typeof location === "undefined" ? "" : location.host);

const bodyMessage = (body: unknown): string | undefined => {
  if (typeof body !== "object" || body === null) return undefined;
  const { message, error } = body as { readonly message?: unknown; readonly error?: unknown };
  if (typeof message === "string" && message !== "") return message;
  // A gateway's refusal (`{ error: "invalid_number" }`) names itself in `error`.
  return typeof error === "string" && error !== "" ? error : undefined;
};

const headersFor = async (options: ApiClientOptions): Promise<Record<string, string>> => {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json",
  };
  let token: string | null | undefined;
  try {
    token = await options.getIdToken?.();
  } catch {
    token = undefined; // no session: the call goes out as a guest and the server decides
  }
  if (token) headers["Authorization"] = `Bearer ${token}`;
  return headers;
};

type Parsed = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

const parseBody = (text: string): Parsed => {
  if (text.trim() === "") return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

/**
 * One exchange under §8: the body is read as text and parsed when present; 401, 302 and 504 give the
 * call's empty result; 403, 500 and 502 reload the page and give the empty result (or reject, with
 * `keepPage`); any other failure rejects with the body's `message` or the status text; success gives
 * the parsed body (`null` if empty).
 */
export const requestJson = async (
  call: ApiCall,
  input: CallInput = {},
  options: ApiClientOptions = {},
): Promise<unknown> =>
  exchange(
    urlFor(call, options.bases ?? defaultBases, input.query),
    call.method,
    input,
    options,
    () => emptyResultFor(call),
  );

/**
 * The same exchange at an address outside the call table (the card gateway's tokenisation, which
 * never goes to the portal's own services).
 */
export const exchange = async (
  url: string,
  method: "GET" | "POST",
  input: CallInput,
  options: ApiClientOptions,
  empty: () => EmptyResult,
): Promise<unknown> => {
  const doFetch = options.fetch ?? defaultFetch;
  const init: RequestInit = {
    method,
    headers: { ...(await headersFor(options)), ...input.headers },
    // A redirect is an answer of its own (302 = empty result), never followed to another origin.
    redirect: "manual",
    ...(input.body === undefined || method === "GET" ? {} : { body: JSON.stringify(input.body) }),
  };
  let response: Response;
  try {
    response = await doFetch(url, init);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : "Network error";
    throw new ApiError("http.network", 0, message, { cause });
  }
  // Browsers hide a manual redirect behind an opaque status-0 response.
  if (response.type === "opaqueredirect") return empty();
  const parsed = parseBody(await response.text());
  if (!response.ok) {
    if (emptyStatuses.has(response.status)) return empty();
    const body = parsed.ok ? parsed.value : null;
    const message = bodyMessage(body) ?? response.statusText;
    if (reloadStatuses.has(response.status) && options.keepPage !== true) {
      (options.reload ?? defaultReload)();
      return empty();
    }
    throw new ApiError("http.status", response.status, message, { body });
  }
  if (!parsed.ok) throw new ApiError("http.malformed", response.status, "Malformed JSON response");
  return parsed.value;
};

const reportFailure = async (call: ApiCall, error: unknown, options: ApiClientOptions) => {
  const report = apiErrorReport((options.host ?? defaultHost)(), error);
  if (report === null || options.report === undefined) return;
  const context: Record<string, string> = { call: call.name };
  if (error instanceof ApiError) context["status"] = String(error.status);
  try {
    await options.report({ ...report, context });
  } catch {
    // Reporting never fails the caller.
  }
};

/**
 * A call as "most calls" make it (§8): failures are reported as `[host] API Error: <message>` and give the
 * empty result; an empty body gives the empty result; where the call states a success status, any other
 * status gives the empty result (a non-list call keeps the body's message). Never rejects.
 */
export const callApi = async (
  call: ApiCall,
  input: CallInput = {},
  options: ApiClientOptions = {},
): Promise<unknown> => {
  let body: unknown;
  try {
    body = await requestJson(call, input, options);
  } catch (error) {
    await reportFailure(call, error, options);
    return emptyResultFor(call);
  }
  if (body === null) return emptyResultFor(call);
  if (call.okStatus !== undefined && !Array.isArray(body)) {
    const status = (body as { readonly status?: unknown }).status;
    if (status !== call.okStatus) return emptyResultFor(call, bodyMessage(body));
  }
  return body;
};

/** The client with its options bound, addressed by call name. */
export interface ApiClient {
  readonly request: (name: ApiCallName, input?: CallInput) => Promise<unknown>;
  readonly call: (name: ApiCallName, input?: CallInput) => Promise<unknown>;
}

export const makeApiClient = (options: ApiClientOptions = {}): ApiClient => ({
  request: (name, input) => requestJson(apiCall(name), input, options),
  call: (name, input) => callApi(apiCall(name), input, options),
});
