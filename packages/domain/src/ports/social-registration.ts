import { Context } from "effect";
import type { Effect, Layer } from "effect";
import type { PortError } from "./port-error.ts";
import { testLayerFor } from "./test-layer.ts";

/** The donor the portal holds for the signed-in account (the lookup by NRIC of §4), or null. */
export interface RegisteredDonor {
  readonly name: string;
  readonly userId: string;
  readonly email: string;
}

/**
 * The portal's calls a social sign-in needs after the provider sends the donor back (§4, §7). The NRIC
 * the donor gave before leaving for the provider is held by the portal, never by the browser: these
 * calls only ask whether it is there, have it used, or have it dropped.
 */
export interface SocialRegistrationShape {
  /** How many sign-ins use this e-mail (getCognitoUser `accCount`). */
  readonly accountCount: (email: string) => Effect.Effect<number, PortError>;
  /** Whether the portal holds an NRIC this donor gave for the sign-up (§4's "stored NRIC"). */
  readonly nricHeld: () => Effect.Effect<boolean, PortError>;
  /**
   * registerCognitoUser with the held NRIC, which the portal takes out as it uses it: the call's status
   * (0 is success, as the spec says), or null when no NRIC was held any more (it expired meanwhile).
   */
  readonly registerHeldNric: () => Effect.Effect<number | null, PortError>;
  /** Drop the held NRIC unused. */
  readonly forgetNric: () => Effect.Effect<void, PortError>;
  /** getSignInUserDetails: the registered donor, or null when the account has none. */
  readonly registeredDonor: () => Effect.Effect<RegisteredDonor | null, PortError>;
}

export class SocialRegistration extends Context.Service<
  SocialRegistration,
  SocialRegistrationShape
>()("@portal/domain/SocialRegistration") {}

export const SocialRegistrationTest = (
  supplied: Partial<SocialRegistrationShape>,
): Layer.Layer<SocialRegistration> =>
  testLayerFor(
    SocialRegistration,
    "SocialRegistration",
    ["accountCount", "nricHeld", "registerHeldNric", "forgetNric", "registeredDonor"],
    supplied,
  );
