import { Effect } from "effect";
import { Accounts, type AccountError, type Account } from "../ports/accounts.ts";
import type { PortError } from "../ports/port-error.ts";
import { SocialRegistration, type RegisteredDonor } from "../ports/social-registration.ts";

/** What the page does after a social sign-in returns (§4). */
export type SocialReturn =
  /** The e-mail already has an account: the new social account was deleted; popup PRE_REGISTERED. */
  | { readonly kind: "preRegistered" }
  /** No NRIC anywhere: the new account was deleted; popup UNAUTHORISED. */
  | { readonly kind: "unauthorised" }
  /** The NRIC the donor gave was registered (`status` 0) or refused (then the NRIC step again). */
  | { readonly kind: "registered"; readonly ok: boolean }
  /** Already registered: the profile, from the portal's donor, or the token where it lacks a field. */
  | { readonly kind: "profile"; readonly profile: RegisteredDonor };

/**
 * The four post-return rules of §4, in order. The spec's "stored NRIC" is the NRIC the donor gave in
 * the NRIC-only step, which the portal holds for them (never the browser: architecture, no NRIC in
 * browser storage):
 * 1. an NRIC held and an e-mail with two sign-ins: pre-registered; the new account is deleted and the
 *    held NRIC dropped;
 * 2. an NRIC held: the attributes are updated (not a business account; e-mail and name; the NRIC itself
 *    goes to the portal, never to the provider) and the account is registered with the held NRIC. The
 *    portal takes the NRIC out as it uses it, so it is cleared whatever the status (the spec clears it
 *    when the status is not 0; keeping it after a success served nothing). An NRIC that expired between
 *    the two steps counts as none: the rules go on as if none had been given;
 * 3. a registered donor (the spec's "attribute NRIC"): the profile from the portal, falling back to the
 *    token's attributes when it has no name or no id;
 * 4. neither: unauthorised, and the account is deleted.
 */
export const socialReturn = (input: {
  readonly account: Account;
}): Effect.Effect<SocialReturn, AccountError | PortError, Accounts | SocialRegistration> =>
  Effect.gen(function* () {
    const accounts = yield* Accounts;
    const portal = yield* SocialRegistration;
    const { account } = input;
    if (yield* portal.nricHeld()) {
      if ((yield* portal.accountCount(account.email)) >= 2) {
        yield* portal.forgetNric();
        yield* accounts.deleteAccount();
        return { kind: "preRegistered" } as const;
      }
      yield* accounts.updateAttributes({
        "custom:BUSINESS_ACC": "No",
        email: account.email,
        name: account.name,
      });
      const status = yield* portal.registerHeldNric();
      if (status !== null) return { kind: "registered", ok: status === 0 } as const;
    }
    const donor = yield* portal.registeredDonor();
    if (donor) {
      return {
        kind: "profile",
        profile: {
          name: donor.name || account.attributes["name"] || account.name,
          userId: donor.userId || account.attributes["sub"] || "",
          email: donor.email || account.email,
        },
      } as const;
    }
    yield* accounts.deleteAccount();
    return { kind: "unauthorised" } as const;
  });
