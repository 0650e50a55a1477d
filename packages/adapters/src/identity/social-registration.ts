// Browser-safe: the SocialRegistration port over the portal's own calls, made with the donor's ID token
// by the caller's `call` (the popups' fetch). Used after a social sign-in returns (spec §4).
import { Effect } from "effect";
import { portError, type PortError, type SocialRegistrationShape } from "@portal/domain";
import { apiCall, defaultBases, urlFor } from "../http/paths";

/** One portal call with the signed-in donor's token: the HTTP status and the parsed body. */
export type PortalCall = (
  path: string,
  body?: unknown,
) => Promise<{
  readonly httpStatus: number;
  readonly body: {
    readonly status?: number;
    readonly code?: string;
    readonly message?: string;
    readonly data?: unknown;
  };
}>;

const failed = (name: string, status: number, message?: string): PortError =>
  portError("SocialRegistration", "port.unavailable", `${name}: ${status} ${message ?? ""}`.trim());

const ask = <A>(run: () => Promise<A>): Effect.Effect<A, PortError> =>
  Effect.tryPromise({
    try: run,
    catch: (error) =>
      (error as PortError)._tag === "PortError"
        ? (error as PortError)
        : portError("SocialRegistration", "port.unavailable", String(error)),
  });

const record = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};

/**
 * The portal's answers as the rules read them: getCognitoUser's `accCount`; whether an NRIC is held
 * for this guest session (socialNricHeld); registerCognitoUser's status with the held NRIC (no
 * `uniqueUserId`: the server takes the NRIC it holds; 0 registered; an NRIC or mobile already taken is
 * status 1, the spec's "not 0"; none held any more is null); and getSignInUserDetails' donor, or null
 * while the sign-in has none. The NRIC itself never passes through here.
 */
export const portalSocialRegistration = (call: PortalCall): SocialRegistrationShape => ({
  accountCount: (email) =>
    ask(async () => {
      const answer = await call(urlFor(apiCall("getCognitoUser"), defaultBases), {
        email: email.trim().toLowerCase(),
      });
      if (answer.httpStatus !== 200) {
        throw failed("getCognitoUser", answer.httpStatus, answer.body.message);
      }
      const count = record(answer.body.data)["accCount"];
      return typeof count === "number" ? count : 0;
    }),
  nricHeld: () =>
    ask(async () => {
      const answer = await call(urlFor(apiCall("socialNricHeld"), defaultBases));
      if (answer.httpStatus !== 200) {
        throw failed("socialNricHeld", answer.httpStatus, answer.body.message);
      }
      return record(answer.body.data)["held"] === true;
    }),
  registerHeldNric: () =>
    ask(async () => {
      const answer = await call(urlFor(apiCall("registerCognitoUser"), defaultBases), {});
      if (answer.httpStatus === 200) return answer.body.status ?? 1;
      if (answer.httpStatus === 409) return 1;
      if (answer.httpStatus === 404 && answer.body.code === "socialNric.none") return null;
      throw failed("registerCognitoUser", answer.httpStatus, answer.body.message);
    }),
  forgetNric: () =>
    ask(async () => {
      const answer = await call(urlFor(apiCall("forgetSocialNric"), defaultBases));
      if (answer.httpStatus !== 200) {
        throw failed("forgetSocialNric", answer.httpStatus, answer.body.message);
      }
    }),
  registeredDonor: () =>
    ask(async () => {
      const answer = await call(urlFor(apiCall("getSignInUserDetails"), defaultBases));
      if (answer.httpStatus !== 200) {
        throw failed("getSignInUserDetails", answer.httpStatus, answer.body.message);
      }
      if (answer.body.status !== 1) return null;
      const data = record(answer.body.data);
      const text = (key: string) => (typeof data[key] === "string" ? (data[key] as string) : "");
      return { name: text("name"), userId: text("userId"), email: text("email") };
    }),
});
