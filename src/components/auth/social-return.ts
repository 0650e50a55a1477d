import { Effect, Layer } from "effect";
import { Accounts, SocialRegistration, socialReturn, type SocialReturn } from "@portal/domain";
import { portalSocialRegistration } from "@portal/adapters/identity/social-registration";
import { $authPopup } from "../../stores/auth-popup";
import type { AuthContext } from "./context";
import { forgetSocialNric } from "./social-nric";

/**
 * The page a social sign-in returned to (spec §4): once Amplify has exchanged the provider's code, the
 * four post-return rules run with the real account (Amplify) and the portal's calls, and the donor sees
 * the outcome: signed in as §4 says, or the pre-registered or unauthorised popup (the new account is
 * then deleted), or the NRIC step again when the NRIC they gave was refused. The NRIC they gave before
 * leaving is held by the portal for this browser's guest session; the registration takes it out there,
 * and the page never sees it.
 */
export async function completeSocialReturn(
  context: AuthContext,
  outcome: Promise<"signedIn" | "failed">,
): Promise<SocialReturn | null> {
  const exchanged = await outcome;
  const accounts = context.accounts;
  // A return that signed nobody in drops the NRIC held for it: it is not kept for a later sign-in.
  if (exchanged === "failed" || !accounts) {
    await forgetSocialNric(context);
    $authPopup.set({ kind: "LOGIN" });
    return null;
  }
  try {
    const account = await context.run(accounts.currentAccount());
    if (!account) {
      await forgetSocialNric(context);
      $authPopup.set({ kind: "LOGIN" });
      return null;
    }
    // Deleting an account signs it out, and signing out of a social sign-in goes through the
    // provider's logout page and back: the deletion waits until the popup to show is remembered.
    let deleteAsked = false;
    const services = Layer.mergeAll(
      Layer.succeed(Accounts, {
        ...accounts,
        deleteAccount: () => Effect.sync(() => void (deleteAsked = true)),
      }),
      Layer.succeed(SocialRegistration, portalSocialRegistration(context.portal)),
    );
    const result = await Effect.runPromise(
      socialReturn({ account }).pipe(Effect.provide(services)),
    );
    switch (result.kind) {
      case "preRegistered":
      case "unauthorised": {
        const popup = result.kind === "preRegistered" ? "PRE_REGISTERED" : "UNAUTHORISED";
        rememberPopup(popup);
        $authPopup.set({ kind: popup });
        if (deleteAsked) await context.run(accounts.deleteAccount());
        await context.refreshHeader();
        break;
      }
      case "registered":
        if (result.ok) await context.signedIn();
        else {
          await context.refreshHeader();
          $authPopup.set({ kind: "NIRC_UNIQUE", taken: true });
        }
        break;
      case "profile":
        await context.signedIn();
        break;
    }
    return result;
  } catch {
    await forgetSocialNric(context);
    await context.signOut(false);
    $authPopup.set({ kind: "LOGIN" });
    return null;
  }
}

/** The popup a social return ended on, kept across the provider's logout round trip. */
export const SOCIAL_POPUP_KEY = "portal.socialPopup";

const rememberPopup = (popup: "PRE_REGISTERED" | "UNAUTHORISED") => {
  try {
    sessionStorage.setItem(SOCIAL_POPUP_KEY, popup);
  } catch {
    // No storage: the popup shows until the page moves.
  }
};

/** The popup remembered by a social return, once (the page back from the provider's logout). */
export const takeRememberedPopup = (): "PRE_REGISTERED" | "UNAUTHORISED" | null => {
  try {
    const popup = sessionStorage.getItem(SOCIAL_POPUP_KEY);
    sessionStorage.removeItem(SOCIAL_POPUP_KEY);
    return popup === "PRE_REGISTERED" || popup === "UNAUTHORISED" ? popup : null;
  } catch {
    return null;
  }
};
