import { Context } from "effect";
import type { Identity } from "@portal/adapters/db";
import type { Giver } from "./create-donation";
import type { Enrollee } from "./enrolment";

/**
 * Who calls, as the router resolved it for this request (src/server/api/auth.ts, `callers.of`) and
 * handed to the use case it runs (`UseCases.run`): a use case asks it, and never a handler, who gives,
 * who enrols or who is signed in. Each answer is looked up on first asking and kept for the request,
 * so a use case asks only once its request has passed its own rules (a refusal of those comes first,
 * whoever calls). Its refusals (signed out, no session, sign-in required) are codes of the edge's
 * table.
 */
export interface CallerPort {
  /** Who gives: the signed-in, registered donor, or the guest session (refused where sign-in is required). */
  readonly giver: (lang: "en" | "ms" | undefined) => Promise<Giver>;
  /** Who enrols: the signed-in donor (their own details change) or the guest session. */
  readonly enrollee: () => Promise<Enrollee>;
  /** The signed-in, registered donor; undefined when the request carries no sign-in. */
  readonly signedInDonor: () => Promise<{ readonly id: string } | undefined>;
  /** The verified sign-in; undefined when the request carries none. */
  readonly signedInIdentity: () => Promise<Identity | undefined>;
}

export class Caller extends Context.Service<Caller, CallerPort>()("@portal/app/Caller") {}
