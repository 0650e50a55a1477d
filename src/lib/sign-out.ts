/**
 * Sign-out hooks: the lifecycle signs the donor out when the session expires or a stale transaction is
 * expired, but the sign-in (Cognito) lives elsewhere. It registers here, or listens for the DOM event:
 *
 *   onSignOut(async (reason) => { await signOut({ global: true }); });
 *   document.addEventListener("portal:sign-out", (e) => ... e.detail.reason ...);
 *
 * Hooks run before local and session storage are cleared (Amplify keeps its tokens in local storage,
 * so clearing it signs out locally even when no hook is registered).
 */
export type SignOutReason = "session-expired" | "stale-transaction";
type Hook = (reason: SignOutReason) => void | Promise<void>;

const hooks = new Set<Hook>();

/** Registers a hook; returns the function that removes it. */
export const onSignOut = (hook: Hook): (() => void) => {
  hooks.add(hook);
  return () => hooks.delete(hook);
};

/** The longest a hook may hold the donor on an expired page. */
const HOOK_TIMEOUT_MS = 2_000;

/** Runs every hook (a failing or slow one cannot stop the others) and dispatches `portal:sign-out`. */
export const signOut = async (reason: SignOutReason): Promise<void> => {
  document.dispatchEvent(new CustomEvent("portal:sign-out", { detail: { reason } }));
  const all = Promise.allSettled([...hooks].map(async (hook) => hook(reason)));
  await Promise.race([all, new Promise((resolve) => setTimeout(resolve, HOOK_TIMEOUT_MS))]);
};
