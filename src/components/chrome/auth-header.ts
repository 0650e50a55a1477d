// The header's sign-in slot. Accounts (Amplify, the popups) are one separate bundle, loaded with a
// script tag only when the donor opens a popup, a session exists in this tab, or the page asks for a
// popup (reset-password link, the auth test and reset pages). Built apart from the pages' chunks, it
// shares no module with them, so pages that do not sign in carry none of it (size-budget.json).
import controllerUrl from "../auth/controller?worker&url";
import type { SignOutDetail } from "../../lib/sign-out";
import { socialRedirectInFlight, socialReturnElsewhere } from "../../lib/social-start";

interface PortalAuth {
  readonly start: (slot: HTMLElement, popup?: "LOGIN") => Promise<void>;
  readonly end: (slot: HTMLElement) => Promise<void>;
}
const slot = document.querySelector<HTMLElement>("[data-auth]");
let loading: Promise<PortalAuth> | undefined;
const load = () =>
  (loading ??= new Promise<PortalAuth>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = controllerUrl;
    script.onload = () => resolve((window as unknown as { portalAuth: PortalAuth }).portalAuth);
    script.onerror = reject;
    document.head.append(script);
  }));
/** Whether Amplify keeps a signed-in donor in this tab. */
const hasSession = () => {
  try {
    return Object.keys(sessionStorage).some((key) => key.endsWith(".LastAuthUser"));
  } catch {
    return false;
  }
};
// Back from Google or Facebook on the root, a sign-in begun on another page carries on there: Amplify
// completes it on that page (lib/social-start.ts). This page is only passed through: the mark tells the
// lifecycle (chrome/Lifecycle.astro, whose script runs after the header's) to leave the donor's flow be.
const elsewhere = socialReturnElsewhere();
if (elsewhere !== null) {
  document.documentElement.dataset["passingThrough"] = "";
  location.replace(elsewhere);
} else if (slot) {
  const start = (popup?: "LOGIN") => load().then((auth) => auth.start(slot, popup));
  // The lifecycle's sign-out (lib/sign-out.ts): with a donor signed in here, revoke the tokens (the
  // portal's record and the provider's global sign-out) before the lifecycle clears the storage.
  document.addEventListener("portal:sign-out", (event) => {
    const detail = (event as CustomEvent<SignOutDetail>).detail;
    if (hasSession()) detail.waitUntil(load().then((auth) => auth.end(slot)));
  });
  slot.querySelector("[data-auth-sign-in]")?.addEventListener("click", () => void start("LOGIN"));
  // A page's "sign in to give" (giving/SignInToGive.tsx) opens the same popup.
  document.addEventListener("portal:sign-in", () => void start("LOGIN"));
  let session = false;
  try {
    session =
      hasSession() ||
      // A social return's popup, kept across the provider's logout (auth/social-return.ts).
      sessionStorage.getItem("portal.socialPopup") !== null ||
      // Back from a social provider: Amplify marks the redirect sign-in in flight until it completes.
      socialRedirectInFlight();
  } catch {
    // No storage: no session either.
  }
  // Page islands that act for a signed-in donor (checkout) read this answer rather than asking again
  // (auth/bridge.ts `sessionBridge`): with a session they wait for the bundle loaded here, without one
  // they never wait.
  slot.dataset["session"] = session ? "yes" : "no";
  if (
    session ||
    /[?&]reset-password\b/.test(location.search) ||
    document.querySelector("[data-auth-page]")
  )
    void start();
}
// A page's own buttons that open a popup (`data-open-popup="CHANGE_PASSWORD"`): the accounts bundle
// listens for this event once it has booted.
for (const button of document.querySelectorAll<HTMLElement>("[data-open-popup]")) {
  button.addEventListener("click", () => {
    const kind = button.dataset["openPopup"];
    document.dispatchEvent(new CustomEvent("portal:auth-popup", { detail: { kind } }));
  });
}
