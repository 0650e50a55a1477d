import { Context } from "effect";
import type { Effect, Layer } from "effect";
import type { PortError } from "./port-error";
import { testLayerFor } from "./test-layer";

/** The signed-in user as the identity provider states it (verified token, never the `uuid` header). */
export interface IdentityUser {
  readonly userId: string;
  readonly email: string;
  readonly name: string;
  readonly isBusinessAccount: boolean;
  readonly uen: string | null;
}

/** Sign-in state from the identity provider (Cognito, Singpass). */
export interface IdentityShape {
  /** The current user, or `null` for a guest. */
  readonly currentUser: () => Effect.Effect<IdentityUser | null, PortError>;
  /** The user a bearer token belongs to, or `null` when the token is not valid. */
  readonly verifyToken: (token: string) => Effect.Effect<IdentityUser | null, PortError>;
  readonly signOut: () => Effect.Effect<void, PortError>;
}

/** The identity port. */
export class Identity extends Context.Service<Identity, IdentityShape>()(
  "@portal/domain/Identity",
) {}

/** Test identity from supplied methods; missing methods die loudly. */
export const IdentityTest = (supplied: Partial<IdentityShape>): Layer.Layer<Identity> =>
  testLayerFor(Identity, "Identity", ["currentUser", "verifyToken", "signOut"], supplied);
