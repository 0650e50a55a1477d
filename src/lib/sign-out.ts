/**
 * The lifecycle signs the donor out when the session expires or a stale transaction is expired; it
 * announces it with the DOM event `portal:sign-out` (`event.detail.reason`) for whoever needs to act,
 * before local and session storage are cleared (Amplify's tokens go with them).
 */
export type SignOutReason = "session-expired" | "stale-transaction";

export const signOut = async (reason: SignOutReason): Promise<void> => {
  document.dispatchEvent(new CustomEvent("portal:sign-out", { detail: { reason } }));
};
