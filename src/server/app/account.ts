import { Context, Effect } from "effect";
import { validationMessages, type Clock } from "@portal/domain";
import type { DonorDetailsInput, DonorView, Identity, RegisterOutcome } from "@portal/adapters/db";
import { agreeToTerms } from "./enrolment";
import { TermsRecords } from "./ports";
import { refuse, type Refused } from "./refused";

// The donor's account: registration (an account's NRIC step, or a social sign-up's return), the
// sign-up completed on the first signed-in call, and a recurring plan cancelled by its donor or by
// its manage link. Each an Effect program over the ports below, as the donations' use cases are.

export interface AccountRecordsPort {
  /** Register the signed-in identity as a donor with these details (once per identity). */
  readonly register: (identity: Identity, details: DonorDetailsInput) => Promise<RegisterOutcome>;
  /** The donor an identity is registered as, if any. */
  readonly byIdentity: (identity: Identity) => Promise<DonorView | undefined>;
}

export class AccountRecords extends Context.Service<AccountRecords, AccountRecordsPort>()(
  "@portal/app/AccountRecords",
) {}

export interface SignUpRecordsPort {
  /** What a sign-up gave before its e-mail was proved (the PreSignUp check kept it), if anything. */
  readonly find: (provider: string, subject: string) => Promise<DonorDetailsInput | undefined>;
  readonly remove: (provider: string, subject: string) => Promise<void>;
}

export class SignUpRecords extends Context.Service<SignUpRecords, SignUpRecordsPort>()(
  "@portal/app/SignUpRecords",
) {}

export type CancelOutcome = "cancelled" | "alreadyCancelled" | "notRecurring" | undefined;

export interface PlanRecordsPort {
  /** Cancel a plan of the donor's own gift; undefined: no such gift of theirs. */
  readonly cancelOwn: (donorId: string, transactionNo: string) => Promise<CancelOutcome>;
  /** Cancel the plan a manage link names; undefined: no such link for that gift. */
  readonly cancelByManageToken: (token: string, transactionNo: string) => Promise<CancelOutcome>;
}

export class PlanRecords extends Context.Service<PlanRecords, PlanRecordsPort>()(
  "@portal/app/PlanRecords",
) {}

/**
 * Register the signed-in identity as a donor (the NRIC step, spec §5): an NRIC another account holds
 * is refused (`signup_failed_nric_exists`), as is a mobile number another holds; registered (or
 * already so), the terms agreed with the NRIC become the donor's.
 */
export const registerDonor = (input: {
  readonly identity: Identity;
  readonly details: DonorDetailsInput;
  /** The version of the terms agreed with the NRIC, if any. */
  readonly termsVersion: string | undefined;
}): Effect.Effect<void, Refused, AccountRecords | TermsRecords | Clock> =>
  Effect.gen(function* () {
    const accounts = yield* AccountRecords;
    const outcome = yield* Effect.promise(() => accounts.register(input.identity, input.details));
    if (outcome === "nric.exists") {
      return yield* refuse(
        "signup_failed_nric_exists",
        "PreSignUp failed with error NRIC already exists.",
      );
    }
    if (outcome === "mobile.exists") {
      return yield* refuse(
        "validation.mobile.exists",
        validationMessages["validation.mobile.exists"],
      );
    }
    const donor = yield* Effect.promise(() => accounts.byIdentity(input.identity));
    if (donor) yield* agreeToTerms(donor.id, input.termsVersion);
  });

/**
 * What a sign-up's first signed-in call made of it: the donor (none while refused), and what it tells
 * the account, whose mailbox is proved by now: another account holds the NRIC or the UEN (nothing is
 * registered), or another donor uses the mobile number (registered without it).
 */
export interface SignUpCompletion {
  readonly donor: DonorView | undefined;
  readonly told?: keyof typeof signUpTold;
}

/** What a sign-up is told once its mailbox is proved (`SignUpCompletion`), in the spec's words. */
export const signUpTold = {
  signup_failed_nric_exists: "NRIC already exists",
  signup_failed_uen_exists: "UEN already exists",
  "validation.mobile.exists": validationMessages["validation.mobile.exists"],
} as const;

/**
 * The sign-up finished on the first signed-in call with a proved e-mail: the details its PreSignUp
 * kept become the donor's, with the terms the sign-up agreed to (spec §5 iAgree). PreSignUp asked
 * nothing of other accounts (it answers before the code), so uniqueness is decided here, first proved
 * first served. The NRIC or UEN another account holds: nothing is registered and the kept details stay
 * to their hold's end, so every signed-in call until then says why (`told`), and the NRIC step may
 * give another number. A mobile number another donor uses: the account registers without it and is
 * told so once, to give another number in the profile (spec §5 "already exists, please enter another").
 */
export const completeSignUp = (
  identity: Identity & { readonly email?: string | undefined },
): Effect.Effect<SignUpCompletion, never, AccountRecords | SignUpRecords | TermsRecords> =>
  Effect.gen(function* () {
    const signUps = yield* SignUpRecords;
    const details = yield* Effect.promise(() => signUps.find(identity.issuer, identity.subject));
    if (!details) return { donor: undefined };
    const accounts = yield* AccountRecords;
    const given = { ...details, email: identity.email ?? details.email };
    let outcome = yield* Effect.promise(() => accounts.register(identity, given));
    const mobileTaken = outcome === "mobile.exists";
    if (mobileTaken) {
      const { mobile: _taken, countryCode: _code, ...withoutMobile } = given;
      outcome = yield* Effect.promise(() => accounts.register(identity, withoutMobile));
    }
    if (outcome === "nric.exists") {
      const told =
        details.kind === "corporate" ? "signup_failed_uen_exists" : "signup_failed_nric_exists";
      return { donor: undefined, told } as const;
    }
    yield* Effect.promise(() => signUps.remove(identity.issuer, identity.subject));
    const donor = yield* Effect.promise(() => accounts.byIdentity(identity));
    if (donor) {
      const terms = yield* TermsRecords;
      yield* Effect.promise(() => terms.carryOver(identity.issuer, identity.subject, donor.id));
    }
    return mobileTaken && donor ? { donor, told: "validation.mobile.exists" as const } : { donor };
  });

/**
 * Cancel a recurring plan (spec §9): by its donor (signed in), or by whoever holds the gift's manage
 * link. No such gift for the caller: `transaction.notFound`, as for one that does not exist; a gift
 * given once: `recurring.none`. Cancelling a cancelled plan again is no error.
 */
export const cancelPlan = (input: {
  readonly transactionNo: string;
  readonly by: { readonly donorId: string } | { readonly manageToken: string };
}): Effect.Effect<void, Refused, PlanRecords> =>
  Effect.gen(function* () {
    const plans = yield* PlanRecords;
    const { by, transactionNo } = input;
    const outcome = yield* Effect.promise(() =>
      "donorId" in by
        ? plans.cancelOwn(by.donorId, transactionNo)
        : plans.cancelByManageToken(by.manageToken, transactionNo),
    );
    if (outcome === undefined) {
      return yield* refuse("transaction.notFound", "Invalid Trasnsaction Number");
    }
    if (outcome === "notRecurring") {
      return yield* refuse("recurring.none", "This donation is not a recurring one.");
    }
  });
