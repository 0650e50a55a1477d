import { Data, Effect } from "effect";

/**
 * A use case's refusal the caller can read: a stable code and an English message. The code alone
 * decides the HTTP answer, at the edge (src/server/api/errors.ts); a use case names no status.
 */
export class Refused extends Data.TaggedError("Refused")<{
  readonly code: string;
  readonly message: string;
  /** The fields at fault, for a form to mark (a console search or counter entry). */
  readonly fields?: ReadonlyArray<string>;
  /** The path of the one field at fault (a site-content part). */
  readonly field?: string;
}> {}

/** Fail with a refusal (the use cases' one way to say no). */
export const refuse = (
  code: string,
  message: string,
  at: { readonly fields?: ReadonlyArray<string>; readonly field?: string } = {},
): Refused => new Refused({ code, message, ...at });

/**
 * A port's call inside a use case: a `Refused` its live implementation threw (the adapters' refusals,
 * translated where the port is built) is this use case's refusal; anything else is a defect.
 */
export const recorded = <A>(run: () => Promise<A>): Effect.Effect<A, Refused> =>
  calling(run, (error) => (error instanceof Refused ? error : undefined));

/**
 * A repository call inside a use case: its refusals that `refusal` recognises become this use case's
 * `Refused`; any other failure stays what it was (a defect, reported by the HTTP layer as a 500).
 */
export const calling = <A>(
  run: () => Promise<A>,
  refusal: (error: unknown) => Refused | undefined,
): Effect.Effect<A, Refused> =>
  Effect.tryPromise({ try: run, catch: (error) => error }).pipe(
    Effect.catch((error) => {
      const refused = refusal(error);
      return refused ? Effect.fail(refused) : Effect.die(error);
    }),
  );

/** The gateway did not answer (or answered nothing usable): nothing was charged. */
export const gatewayUnavailable = (): Refused =>
  refuse(
    "gateway.unavailable",
    "The payment service did not answer; nothing was charged. Please try again.",
  );
