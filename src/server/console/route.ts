import type { Services } from "../main";

/**
 * What a console route is handed: the request (as the Fetch API's), its address, the parameters its
 * path named, the caller's socket address, and the portal's services with the connection's write gate.
 * The console's router (src/server/console/router.ts) makes it for each request, in the services
 * bundle, on the services the composition root built.
 */
export interface ConsoleContext {
  readonly request: Request;
  readonly url: URL;
  readonly params: Readonly<Record<string, string | undefined>>;
  readonly clientAddress: string | undefined;
  readonly locals: {
    /** The portal's services, built once by the composition root (src/server/main.ts). */
    readonly services: Services;
    /**
     * Undefined while the client's connection takes what is written, else a promise settled when it
     * has drained (or closed): a streamed download awaits it before making its next chunk.
     */
    readonly writable?: (() => Promise<void> | undefined) | undefined;
  };
}

/** One method of one console route. */
export type ConsoleRoute = (context: ConsoleContext) => Promise<Response>;
