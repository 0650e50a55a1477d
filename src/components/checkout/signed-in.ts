// Loaded only when a donor may be signed in in this tab (Checkout.tsx imports it lazily): the account's
// details and saved cards through the accounts bundle's bridge. A guest's checkout never loads it.
import { callsOver } from "../account/api";
import type { AccountBridge } from "../auth/bridge";
import type { SavedPeople } from "./HouseholdSection";
import { usableCards, type AccountDetails, type SavedCard } from "./prefill";

export { prefillDonor } from "./prefill";

/** The signed-in donor checkout knows: whose it is, the cards they can pay with, their people. */
export interface SignedInState {
  readonly owner: string;
  readonly cards: ReadonlyArray<SavedCard>;
  readonly household: SavedPeople;
}

export interface SignedInDonor {
  readonly details: AccountDetails;
  /** The saved cards that can still pay. */
  readonly cards: ReadonlyArray<SavedCard>;
  /** The people the donor keeps for household payments (docs/households.md). */
  readonly household: SavedPeople;
}

/**
 * The registered donor signed in in this tab, or null: signed out, or a sign-in not registered as a
 * donor (§8's not-registered popup is the header's). Saved cards that cannot be read are none.
 */
export async function signedInDonor(
  bridge: AccountBridge,
  now: Date,
): Promise<SignedInDonor | null> {
  if (!bridge.enabled || !(await bridge.signedIn())) return null;
  // The account area's calls over the same bridge (account/api.ts).
  const call = callsOver(bridge);
  const details = await call<{ data?: AccountDetails | null }>("getSignInUserDetails").then(
    (answer) => answer.data ?? null,
    () => null,
  );
  if (!details) return null;
  const cards = await call<{
    data?: { userStripeTokens?: { result?: ReadonlyArray<SavedCard> } };
  }>("getUserStripeToken", {}, { Guid: "me", charityId: 25 }).then(
    (answer) => answer.data?.userStripeTokens?.result ?? [],
    () => [],
  );
  const household = await call<{ data?: SavedPeople }>("getHouseholdMembers").then(
    (answer) => answer.data ?? [],
    () => [],
  );
  return { details, cards: usableCards(cards, now), household };
}
