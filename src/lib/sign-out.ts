/**
 * The lifecycle signs the donor out when the session expires or a stale transaction is expired; it
 * announces it with the DOM event `portal:sign-out` (`event.detail.reason`) for whoever needs to act,
 * before local and session storage are cleared (Amplify's tokens go with them). A listener that has
 * work to finish first (the header's: revoking the tokens at the identity provider and at the portal,
 * which needs the tokens still in storage) hands its promise to `event.detail.waitUntil`; the sign-out
 * waits for those, at most `SIGN_OUT_WAIT_MS` (an unreachable provider must not keep the page).
 */
export type SignOutReason = "session-expired" | "stale-transaction";

export interface SignOutDetail {
  readonly reason: SignOutReason;
  readonly waitUntil: (work: Promise<unknown>) => void;
}

export const SIGN_OUT_WAIT_MS = 5_000;

export const signOut = async (reason: SignOutReason): Promise<void> => {
  const pending: Array<Promise<unknown>> = [];
  const detail: SignOutDetail = { reason, waitUntil: (work) => void pending.push(work) };
  document.dispatchEvent(new CustomEvent("portal:sign-out", { detail }));
  if (pending.length === 0) return;
  await Promise.race([
    Promise.allSettled(pending),
    new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS)),
  ]);
};
