import type { ConsoleAction } from "@portal/domain";
import type { Services } from "../main";
import type { OfficerCall } from "./guard";

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

/** A method of a console route that anyone may call (sign-in, its callback, sign-out, the session). */
export type ConsoleHandler = (context: ConsoleContext) => Promise<Response>;

/**
 * A method of a console route for officers: the action their role must allow, and what it does once
 * the console's router has resolved the officer for that action (src/server/console/guard.ts: the
 * session, the CSRF token and origin of a changing call, the role table; a refusal audited). The
 * route never asks who calls.
 */
export interface OfficerRoute {
  /**
   * One action; any of several (a reader of either role); or one the request picks (`?do=`), where a
   * Response is the request's refusal, answered before anyone is asked.
   */
  readonly action:
    | ConsoleAction
    | ReadonlyArray<ConsoleAction>
    | ((context: ConsoleContext) => ConsoleAction | Response);
  readonly handle: (context: ConsoleContext, call: OfficerCall) => Promise<Response>;
}

/** One method of one console route. */
export type ConsoleRoute = ConsoleHandler | OfficerRoute;

/** A console route's method for the officers whose roles allow `action`. */
export const forOfficer = (
  action: OfficerRoute["action"],
  handle: OfficerRoute["handle"],
): OfficerRoute => ({ action, handle });
