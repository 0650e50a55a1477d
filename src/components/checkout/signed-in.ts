// Loaded only when a donor may be signed in in this tab (Checkout.tsx imports it lazily): the account's
// details and saved cards through the accounts bundle's bridge. A guest's checkout never loads it.
import { apiCall, urlFor } from "@portal/adapters";
import type { AccountBridge } from "../auth/bridge";
import { usableCards, type AccountDetails, type SavedCard } from "./prefill";

export { prefillDonor } from "./prefill";

export interface SignedInDonor {
  readonly details: AccountDetails;
  /** The saved cards that can still pay. */
  readonly cards: ReadonlyArray<SavedCard>;
}

const ok = (answer: { httpStatus: number; body: { status?: number } }) =>
  answer.httpStatus >= 200 && answer.httpStatus < 300 && answer.body.status === 1;

/**
 * The registered donor signed in in this tab, or null: signed out, or a sign-in not registered as a
 * donor (§8's not-registered popup is the header's). Saved cards that cannot be read are none.
 */
export async function signedInDonor(
  bridge: AccountBridge,
  now: Date,
): Promise<SignedInDonor | null> {
  if (!bridge.enabled || !(await bridge.signedIn())) return null;
  const detailsCall = apiCall("getSignInUserDetails");
  const details = await bridge.call(urlFor(detailsCall), {}, detailsCall.method);
  const data = details.body.data as AccountDetails | null | undefined;
  if (!ok(details) || !data) return null;
  const cardsCall = apiCall("getUserStripeToken");
  const cards = await bridge
    .call(urlFor(cardsCall, undefined, { Guid: "me", charityId: 25 }), {}, cardsCall.method)
    .then(
      (answer) =>
        ok(answer)
          ? ((answer.body.data as { userStripeTokens?: { result?: ReadonlyArray<SavedCard> } })
              ?.userStripeTokens?.result ?? [])
          : [],
      () => [],
    );
  return { details: data, cards: usableCards(cards, now) };
}
