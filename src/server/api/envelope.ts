import { refusalAnswer, wireCode } from "./errors";
import type { ServiceResponse } from "./types";

type Headers = Readonly<Record<string, string | ReadonlyArray<string>>>;

const successText = (data: Record<string, unknown>, status: 0 | 1 = 1) =>
  JSON.stringify({ status, message: "Success", ...data });

/** The spec's response envelope: `status` 1 for success (0 otherwise) and a `message`. */
export const success = (
  data: Record<string, unknown>,
  headers: Headers = {},
  status: 0 | 1 = 1,
): ServiceResponse => ({
  status: 200,
  headers: { "cache-control": "no-store", ...headers },
  body: successText(data, status),
});

/** `success(data)`'s body as UTF-8 bytes, to be kept and sent again (`encodedSuccess`). */
export const successBytes = (data: Record<string, unknown>): Uint8Array<ArrayBuffer> =>
  utf8.encode(successText(data));

const utf8 = new TextEncoder();

/** A success whose envelope was encoded before (`success(…).body`'s bytes, a kept answer). */
export const encodedSuccess = (body: Uint8Array<ArrayBuffer>): ServiceResponse => ({
  status: 200,
  headers: { "cache-control": "no-store" },
  body,
});

/**
 * A refusal the caller can read: HTTP status plus the envelope with a `message` and, where it helps,
 * a stable `code`. `status` is the envelope's failure value: 0, or 1 for the calls whose success is 0.
 */
export const failure = (
  httpStatus: number,
  message: string,
  headers: Headers = {},
  code?: string,
  status: 0 | 1 = 0,
): ServiceResponse => ({
  status: httpStatus,
  headers: { "cache-control": "no-store", ...headers },
  body: JSON.stringify(code === undefined ? { status, message } : { status, message, code }),
});

/**
 * A refusal from below the edge (a use case's `Refused`, a repository's `RecordRefused`) as its
 * answer: the status and whether the code is sent come from the edge's table (./errors.ts).
 */
export const refusalFailure = (code: string, message: string, status: 0 | 1 = 0): ServiceResponse =>
  failure(refusalAnswer(code).status, message, {}, wireCode(code), status);

/** A client's mistake, raised by handlers and turned into a 4xx by the router. */
export class RequestError extends Error {
  constructor(
    readonly httpStatus: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    message: string,
    /** A stable code the browser can branch on (e.g. `donation.ratesSuperseded`). */
    readonly code?: string,
    /** Headers the refusal carries (`retry-after` on 429). */
    readonly headers: Headers = {},
  ) {
    super(message);
  }
}

/** Someone else's transaction and a missing one get the same answer (spec §8's wording, typo kept). */
export const transactionNotFound = () =>
  new RequestError(404, "Invalid Trasnsaction Number", "transaction.notFound");
