import { Context, Effect } from "effect";
import { isConsoleRole, mayDo, type ConsoleAction } from "@portal/domain";
import { refuse, type Refused } from "../refused";

/**
 * The officer a console use case runs for, as the console's router resolved them from the session
 * (src/server/console/guard.ts) for the action its route declares: who, with which roles, from which
 * address, and the time of the call. The audit log's "who, role, from where, when".
 */
export interface OfficerPort {
  readonly id: string;
  readonly name: string;
  readonly roles: ReadonlyArray<string>;
  /** The caller's address (the PORTAL_TRUST_PROXY rule). */
  readonly ip: string;
  readonly now: Date;
}

export class Officer extends Context.Service<Officer, OfficerPort>()("@portal/app/Officer") {}

/**
 * The officer, if their roles allow `action`: the router checked it before the route ran; each use
 * case checks again, so no way in (a route, a job, a test) can skip the role table.
 */
export const mayAct = (action: ConsoleAction): Effect.Effect<OfficerPort, Refused, Officer> =>
  Effect.gen(function* () {
    const officer = yield* Officer;
    if (!mayDo(officer.roles.filter(isConsoleRole), action)) {
      return yield* refuse("console.forbidden", "Not found");
    }
    return officer;
  });
