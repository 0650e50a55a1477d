import { Effect } from "effect";
import {
  Clock,
  TERMS_VERSION,
  validatePastDate,
  validationMessages,
  type Validation,
} from "@portal/domain";
import { isTermsVersion, type DonorDetailsInput, type GuestSession } from "@portal/adapters/db";
import { Caller } from "./caller";
import { DonorRecords, SessionRecords, TermsRecords } from "./ports";
import { refuse, type Refused } from "./refused";

/**
 * The guest session a request goes on with: the live one it holds (spec §4: a token is created only
 * when absent), or a new one, whose token the HTTP layer sets as an HttpOnly cookie.
 */
export const attachGuestSession = (
  current: GuestSession | undefined,
): Effect.Effect<
  { readonly session: GuestSession; readonly token?: string },
  never,
  SessionRecords
> =>
  current
    ? Effect.succeed({ session: current })
    : SessionRecords.use((sessions) => Effect.promise(sessions.start));

/** Who enrols: the signed-in donor (their own details change) or a guest session (held for it). */
export type Enrollee =
  | { readonly kind: "donor"; readonly donorId: string; readonly donorKind: string }
  | { readonly kind: "guest"; readonly guestSessionId: string };

/** An agreement to the terms as it is kept: the version ticked and when (spec §5 iAgree). */
export interface Agreement {
  readonly version: string;
  readonly agreedAt: string;
}

/** A validator said no: its key as the code (pages translate it) and its English message. */
const invalid = (validation: Exclude<Validation, null>): Refused =>
  refuse(validation, validationMessages[validation]);

/**
 * enrollDonorManuallyPreDonation: a guest gives their details before paying; the donations this guest
 * session makes next carry them as their own. No stored donor is read or changed, so the answer tells
 * nothing about who else uses this NRIC or mobile (issue 22). A signed-in donor updates their own
 * details instead. The date of birth must be before now on the portal's clock; a ticked agreement to
 * the current terms is kept with the time it was given.
 */
export const enrolManually = (input: {
  /** The details, checked by the HTTP layer with the domain's validators. */
  readonly details: DonorDetailsInput;
  readonly termsVersion: string | undefined;
}): Effect.Effect<
  { readonly enrolmentId: 1 | 2 },
  Refused,
  Clock | DonorRecords | TermsRecords | Caller
> =>
  Effect.gen(function* () {
    const { details, termsVersion } = input;
    const now = yield* (yield* Clock).now();
    // The form's date of birth (§5: dd/mm/yyyy, before now), checked again here.
    const dateOfBirth = details.profile?.dateOfBirth;
    const dateProblem = dateOfBirth === undefined ? null : validatePastDate(dateOfBirth, now);
    if (dateProblem !== null) return yield* invalid(dateProblem);
    // Who is calling, asked of the caller once the details passed.
    const caller = yield* Caller;
    const enrollee = yield* Effect.promise(caller.enrollee);
    const donors = yield* DonorRecords;
    const agreed = isTermsVersion(termsVersion) ? termsVersion : undefined;
    if (enrollee.kind === "donor") {
      yield* Effect.promise(() => donors.updateProfile(enrollee.donorId, details));
      if (agreed !== undefined) {
        const terms = yield* TermsRecords;
        yield* Effect.promise(() => terms.agree(enrollee.donorId, agreed, new Date(now)));
      }
      return { enrolmentId: enrollee.donorKind === "corporate" ? 2 : 1 };
    }
    yield* Effect.promise(() =>
      donors.enrolGuest(
        enrollee.guestSessionId,
        details,
        "Manually",
        agreed === undefined
          ? undefined
          : { version: agreed, agreedAt: new Date(now).toISOString() },
      ),
    );
    return { enrolmentId: details.kind === "corporate" ? 2 : 1 };
  });

/**
 * The agreement a form sends with the Singpass enrolment: the current terms (`TERMS_VERSION`), agreed
 * now on the portal's clock, or `terms.required`, which the pages show in the donor's language.
 */
export const agreementTo = (
  version: string | undefined,
): Effect.Effect<Agreement, Refused, Clock> =>
  version === TERMS_VERSION
    ? Effect.map(
        Clock.use((clock) => clock.now()),
        (now) => ({ version, agreedAt: new Date(now).toISOString() }),
      )
    : Effect.fail(refuse("terms.required", "Please agree to our terms and conditions."));

/**
 * The donor agreed to the terms `version` now, on the portal's clock (a registration's NRIC step); a
 * version a form could not have sent is not kept.
 */
export const agreeToTerms = (
  donorId: string,
  version: string | undefined,
): Effect.Effect<void, never, Clock | TermsRecords> =>
  isTermsVersion(version)
    ? Effect.gen(function* () {
        const now = yield* Clock.use((clock) => clock.now());
        const terms = yield* TermsRecords;
        yield* Effect.promise(() => terms.agree(donorId, version, new Date(now)));
      })
    : Effect.void;
