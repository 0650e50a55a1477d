import type { ApiCall } from "@portal/adapters";
import type { UseCases } from "../app/live";
import type { PortalServices } from "../app/services";
import type { Services } from "../main";
import type { Callers } from "./auth";

/** The little of a request's headers a handler reads (met by `Headers` and by Node's headers). */
export interface RequestHeaders {
  readonly get: (name: string) => string | null;
}

/** One request to a service call, independent of the server that received it. */
export interface ServiceRequest {
  /** The id the web server gave this request (`x-request-id`), for the log. */
  readonly requestId?: string | undefined;
  readonly method: string;
  readonly url: URL;
  readonly headers: RequestHeaders;
  /** The raw body, read only when the call needs it; rejects with BodyTooLarge past the limit. */
  readonly body: () => Promise<Uint8Array>;
  /**
   * The connecting socket's address; undefined where the server does not know it. Handlers get the
   * caller's address worked out from it (`callerAddress`, src/server/rate-limits/memory.ts) as `clientAddress`.
   */
  readonly remoteAddress?: string | undefined;
}

/** What the server sends back: status, headers and a JSON text (or its UTF-8 bytes, encoded before). */
export interface ServiceResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | ReadonlyArray<string>>>;
  readonly body: string | Uint8Array<ArrayBuffer>;
}

/** What a handler gets: the decoded query and body of a request to its call. */
export interface CallContext {
  readonly call: ApiCall;
  readonly query: URLSearchParams;
  readonly body: unknown;
  readonly headers: RequestHeaders;
  /**
   * The caller's address, the key of every per-address limit: the socket's, or behind a trusted proxy
   * (PORTAL_TRUST_PROXY) the one it forwarded (`callerAddress`); "unknown" when neither is known.
   */
  readonly clientAddress: string;
}

export type Handler = (context: CallContext) => Promise<ServiceResponse>;

/** Bodies above this are refused with 413 before they are parsed. */
export const MAX_BODY_BYTES = 64 * 1024;

export class BodyTooLarge extends Error {
  constructor() {
    super("Request body too large");
  }
}

/**
 * What every handler is handed, once, by the router: the services the composition root built
 * (src/server/main.ts), the use cases over them, the repositories' methods the handlers call, and who
 * calls (the request's signed-in donor or guest session, `callers`).
 */
export interface HandlerServices {
  readonly services: Services;
  readonly app: UseCases;
  readonly records: PortalServices;
  readonly callers: Callers;
}
