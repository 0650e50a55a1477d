import { Context } from "effect";
import type { Effect, Layer } from "effect";
import type { PortError } from "./port-error";
import { testLayerFor } from "./test-layer";

/** The donor the portal holds for the signed-in account (the lookup by NRIC of §4), or null. */
export interface RegisteredDonor {
  readonly name: string;
  readonly userId: string;
  readonly email: string;
}

/** The portal's calls a social sign-in needs after the provider sends the donor back (§4, §7). */
export interface SocialRegistrationShape {
  /** How many sign-ins use this e-mail (getCognitoUser `accCount`). */
  readonly accountCount: (email: string) => Effect.Effect<number, PortError>;
  /** registerCognitoUser with the NRIC; the call's status (0 is success, as the spec says). */
  readonly register: (nric: string) => Effect.Effect<number, PortError>;
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
    ["accountCount", "register", "registeredDonor"],
    supplied,
  );
