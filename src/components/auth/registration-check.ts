import { $account } from "../../stores/account";
import { $authPopup } from "../../stores/auth-popup";
import { $notRegistered } from "../../stores/not-registered";
import type { AuthContext } from "./context";
import { popupAfterSignIn } from "@portal/domain";

/**
 * On load, with an account signed in in this tab: does the portal know it as a donor's? Only the
 * portal's definite answer (200 with status 0: "Not registered") shows the not-registered state; a
 * failed call leaves the page as it is (the next load asks again).
 */
export async function checkRegistered(context: AuthContext): Promise<void> {
  if ($account.get() === null) return;
  const details = await context.portal("/svc/main/User/getSignInUserDetails").catch(() => null);
  if (details?.httpStatus !== 200 || details.body.status !== 0) return;
  $notRegistered.set(true);
  $authPopup.set(popupAfterSignIn(details.body.status, details.body.code));
}
