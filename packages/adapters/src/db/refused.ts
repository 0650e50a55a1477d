/**
 * A repository's refusal the caller can read (not a fault): an HTTP status, an English message and a
 * stable code. The server's router answers it as it answers its own request errors.
 */
export class RecordRefused extends Error {
  constructor(
    readonly httpStatus: 404 | 409 | 422,
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
