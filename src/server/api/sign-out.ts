import { success } from "./envelope";
import type { Handler, HandlerServices } from "./types";

/**
 * signOutEverywhere (ours; docs/api.md): the portal's side of a global sign-out. The browser calls
 * it with its ID token just before it revokes its tokens at the identity provider (Amplify's global
 * sign-out); from then on every ID token of the account issued before this second answers 401 here.
 * With the embedded provider its GlobalSignOut records the same; with a real Cognito this call is what
 * ends the ID tokens at the portal, since Cognito revokes only its access and refresh tokens.
 */
const signOutEverywhere =
  ({ callers }: HandlerServices): Handler =>
  async ({ headers }) => {
    await callers.signOutEverywhere(await callers.identityOf(headers), Date.now());
    return success({ message: "Signed out" });
  };

export const signOutHandlers = (given: HandlerServices) =>
  ({ signOutEverywhere: signOutEverywhere(given) }) satisfies Record<string, Handler>;
