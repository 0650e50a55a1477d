import { Effect } from "effect";
import { Ids, type Clock } from "@portal/domain";
import type { DonorDetailsInput, SingpassLoginSecrets } from "@portal/adapters/db";
import { SingpassError, type MyInfoPerson } from "@portal/adapters/singpass";
import { agreementTo } from "./enrolment";
import {
  DonorRecords,
  NricProofRecords,
  SingpassLoginRecords,
  SingpassProvider,
  TermsRecords,
} from "./ports";
import { Caller } from "./caller";
import { refuse, type Refused } from "./refused";

/** The finished login's MyInfo person and the NRIC Singpass verified, or `singpass.none`. */
export const readySingpassPerson = (
  guestSessionId: string,
): Effect.Effect<
  { readonly secrets: SingpassLoginSecrets; readonly person: MyInfoPerson },
  Refused,
  SingpassLoginRecords
> =>
  Effect.gen(function* () {
    const logins = yield* SingpassLoginRecords;
    const secrets = yield* Effect.promise(() => logins.ready(guestSessionId));
    const person = secrets?.person as MyInfoPerson | undefined;
    if (!secrets || !person || person.nric !== secrets.nric) {
      return yield* refuse(
        "singpass.none",
        "Your Singpass details are no longer here. Please retrieve them again.",
      );
    }
    return { secrets, person };
  });

/** Refused without saying why to the donor; the log names the step and an error code, never a person. */
export const singpassRefused = (reason: string): Refused => {
  console.error(`[singpass] login refused: ${reason}`);
  return refuse(
    "singpass.failed",
    "We could not verify your Singpass login, so nothing was taken from it. Please try again.",
  );
};

export const singpassReason = (error: unknown): string =>
  error instanceof SingpassError ? error.reason : error instanceof Error ? error.name : "unknown";

/** Singpass's own refusal, sent back with our state: the donor cancelled, or the request expired. */
const returnedError = (error: string): Refused => {
  const named = error.replace(/[^\w.-]/g, "");
  console.error(`[singpass] login ended by Singpass: ${named}`);
  if (error === "access_denied") {
    return refuse("singpass.cancelled", "You did not allow Myinfo to share your details.");
  }
  if (error === "invalid_request_uri") {
    return refuse(
      "singpass.expired",
      "Your Singpass login took too long and has expired. Please start again.",
    );
  }
  return singpassRefused(`returned: ${named}`);
};

/** What Singpass sent the donor back with: our state, and its code or its error. */
export interface SingpassBack {
  readonly state: string;
  readonly code?: string | undefined;
  readonly iss?: string | undefined;
  readonly error?: string | undefined;
}

/**
 * completeSingpassLogin: the state must be the one this guest's login is waiting on, and is used once;
 * then the code is redeemed and userinfo read, and the Myinfo person is kept sealed for the update page
 * under a new unguessable state (the Ids port). Answers the language the donor continues in.
 */
export const finishSingpassLogin = (
  guestSessionId: string,
  back: SingpassBack,
): Effect.Effect<
  { readonly lang: "en" | "ms" },
  Refused,
  SingpassLoginRecords | SingpassProvider | Ids
> =>
  Effect.gen(function* () {
    const logins = yield* SingpassLoginRecords;
    const login = yield* Effect.promise(() => logins.take(guestSessionId, back.state));
    if (!login || login.step !== "singpass") {
      return yield* refuse(
        "singpass.state",
        "This Singpass login has expired or was already used. Please start again.",
      );
    }
    const { secrets } = login;
    if (back.error !== undefined || back.code === undefined) {
      return yield* returnedError(back.error ?? "no code");
    }
    const { code } = back;
    const { nonce, codeVerifier, dpopKey, redirectUri } = secrets;
    const provider = yield* SingpassProvider;
    const { person } = yield* Effect.tryPromise({
      try: () => {
        if (!nonce || !codeVerifier || !dpopKey || !redirectUri) {
          throw new SingpassError("login secrets");
        }
        return provider.finishLogin(
          { state: back.state, nonce, codeVerifier, dpopKey, redirectUri },
          { code, state: back.state, iss: back.iss },
        );
      },
      catch: (error) => singpassRefused(`complete: ${singpassReason(error)}`),
    });
    const ready = yield* (yield* Ids).newToken();
    yield* Effect.promise(() =>
      logins.save(guestSessionId, ready, "ready", {
        nric: person.nric,
        person,
        lang: secrets.lang,
      }),
    );
    return { lang: secrets.lang };
  });

/**
 * confirmSingpassPreDonation: the donor confirms the details MyInfo gave (spec §6, enrolment
 * 'Singpass') and agrees to the terms. `details` merges what the donor corrected (e-mail, mobile,
 * address) with MyInfo's own (name, NRIC, date of birth...), checked by the HTTP layer. A guest's
 * enrolment, like the manual one, is held for this guest session only and its gifts carry it as their
 * own. A signed-in donor has proved the NRIC: it becomes their account's (taken from any account that
 * only typed it), with the gifts given with it (nric-proofs.ts).
 */
export const enrolWithSingpass = (input: {
  readonly guestSessionId: string;
  readonly details: (person: MyInfoPerson, nric: string) => DonorDetailsInput;
  readonly termsVersion: string | undefined;
}): Effect.Effect<
  void,
  Refused,
  SingpassLoginRecords | DonorRecords | NricProofRecords | TermsRecords | Clock | Caller
> =>
  Effect.gen(function* () {
    const { secrets, person } = yield* readySingpassPerson(input.guestSessionId);
    const nric = secrets.nric ?? person.nric;
    const details = input.details(person, nric);
    const terms = yield* agreementTo(input.termsVersion);
    // The verified sign-in, when the request carries one (the caller's).
    const caller = yield* Caller;
    const identity = yield* Effect.promise(caller.signedInIdentity);
    if (identity) {
      const proofs = yield* NricProofRecords;
      const { donorId } = yield* Effect.promise(() => proofs.prove(identity, { ...details, nric }));
      const agreements = yield* TermsRecords;
      yield* Effect.promise(() =>
        agreements.agree(donorId, terms.version, new Date(terms.agreedAt)),
      );
    } else {
      const donors = yield* DonorRecords;
      yield* Effect.promise(() =>
        donors.enrolGuest(input.guestSessionId, details, "Singpass", terms),
      );
    }
    const logins = yield* SingpassLoginRecords;
    yield* Effect.promise(() => logins.finish(input.guestSessionId));
  });
