import { Data, Effect } from "effect";

/**
 * A use case's refusal the caller can read: the status it maps to (as the adapters' RecordRefused
 * carries one), a message, and, where the browser branches on it, a stable code. The HTTP layer turns
 * it into the envelope unchanged (src/server/api/router.ts).
 */
export class Refused extends Data.TaggedError("Refused")<{
  readonly httpStatus: 400 | 401 | 404 | 409 | 422 | 503;
  readonly message: string;
  readonly code?: string;
}> {}

/** Fail with a refusal (the use cases' one way to say no). */
export const refuse = (
  httpStatus: Refused["httpStatus"],
  message: string,
  code?: string,
): Refused =>
  new Refused(code === undefined ? { httpStatus, message } : { httpStatus, message, code });

/**
 * A repository call inside a use case: its refusals that `refusal` recognises become this use case's
 * `Refused`; any other failure stays what it was (a defect, reported by the HTTP layer as a 500 or
 * mapped there, as DonationNotFound is).
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
    503,
    "The payment service did not answer; nothing was charged. Please try again.",
    "gateway.unavailable",
  );
