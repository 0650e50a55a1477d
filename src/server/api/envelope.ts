/** The spec's response envelope: `status` 1 for success (0 otherwise) and a `message`. */
export const success = (data: Record<string, unknown>, headers: HeadersInit = {}): Response =>
  Response.json(
    { status: 1, message: "Success", ...data },
    { headers: { "cache-control": "no-store", ...headers } },
  );

/** A refusal the caller can read: HTTP status plus the envelope with status 0 and a message. */
export const failure = (
  httpStatus: number,
  message: string,
  headers: HeadersInit = {},
  code?: string,
): Response =>
  Response.json(code === undefined ? { status: 0, message } : { status: 0, message, code }, {
    status: httpStatus,
    headers: { "cache-control": "no-store", ...headers },
  });

/** A client's mistake, raised by handlers and turned into a 4xx by the router. */
export class RequestError extends Error {
  constructor(
    readonly httpStatus: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429,
    message: string,
    /** A stable code the browser can branch on (e.g. `donation.ratesSuperseded`). */
    readonly code?: string,
  ) {
    super(message);
  }
}
