import type { ApiCallName, ApiError, CallInput } from "@portal/adapters";
import type { CallOptions } from "./api-client";
import { reportApiError } from "./error-notice";

export type { ApiError, CallOptions };

/**
 * What islands and page scripts call: the browser's API client (api-client.ts), loaded at the first
 * call rather than with the page. Every page makes the configuration read after it is shown, so the
 * client (about 2.4 KB gzip with the call table, the §8 rules and the reporting) stays out of the
 * JavaScript that has to arrive before the page works; the size budgets count only that.
 */
const client = (call: CallOptions | undefined) =>
  import("./api-client").catch((error: unknown) => {
    // The client itself could not be fetched: the connection is down (§8's 'Oops!').
    if (call?.keepPage !== true) reportApiError();
    throw error;
  });

export const request = async (
  name: ApiCallName,
  input?: CallInput,
  call?: CallOptions,
): Promise<unknown> => (await client(call)).request(name, input, call);

export const requestAt = async (
  url: string,
  input?: CallInput,
  call?: CallOptions,
): Promise<unknown> => (await client(call)).requestAt(url, input, call);

/** An `ApiError` from the client (checked by its tag, so this module does not load the client). */
export const isApiError = (error: unknown): error is ApiError =>
  typeof error === "object" && error !== null && (error as { _tag?: unknown })._tag === "ApiError";
