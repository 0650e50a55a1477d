import { TERMS_VERSION } from "@portal/domain";
import type { AuthContext } from "./context";

const paths = {
  guest: "/svc/main/v1/session/guest",
  holdSocialNric: "/svc/donor/api/User/holdSocialNric",
  forgetSocialNric: "/svc/donor/api/User/forgetSocialNric",
} as const;

/**
 * The NRIC a donor gives before a social sign-up goes to the portal, which holds it sealed for this
 * browser's guest session (an HttpOnly cookie) across the provider's redirect, for 15 minutes at
 * most. Nothing of it stays in the page: not in storage, not in a URL (which providers and logs
 * keep). The page the donor returns to has the portal register the account with it
 * (social-return.ts); the browser never sees it again.
 */
export async function holdSocialNric(context: AuthContext, nric: string): Promise<void> {
  // The guest session the NRIC is held for (a live one is kept).
  const guest = await context.portal(paths.guest);
  if (guest.httpStatus !== 200) throw new Error(guest.body.message ?? "no session");
  // The donor ticked the terms in the same step: the portal holds the agreement with the NRIC.
  const held = await context.portal(paths.holdSocialNric, {
    nric: nric.trim().toUpperCase(),
    termsVersion: TERMS_VERSION,
  });
  if (held.httpStatus !== 200) {
    throw new SocialNricRefused(held.body.code, held.body.message ?? "not held");
  }
}

/** The portal refused to hold the NRIC: its code (`validation.nric.invalid`, `rate.limited`, ...). */
export class SocialNricRefused extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** Drop a held NRIC (the provider could not be reached); a failure leaves it to expire. */
export const forgetSocialNric = (context: AuthContext): Promise<void> =>
  context.portal(paths.forgetSocialNric).then(
    () => undefined,
    () => undefined,
  );
