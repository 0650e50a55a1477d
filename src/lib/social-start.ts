import { sameOriginTarget } from "./safe-redirect";

/**
 * A Google or Facebook sign-in leaves for the provider and comes back to the one address the pool's
 * app client names (Amplify's `redirectSignIn`, the site's root). The page the sign-in began on is kept
 * here, in this tab's session storage, and the return moves on to it before anything else on the root
 * runs (its lifecycle would otherwise take the root's flow for the donor's), so the donor carries on in
 * the language and flow they began in and the after-login rules (§4) judge that page. Only the path is
 * kept: a page's query may carry a receipt token, and nothing personal goes into an address.
 */
export const SOCIAL_START_KEY = "portal.socialStart";

/**
 * A path of this site: plain path characters, not too long, and what the browser parses it to on any
 * origin is that origin and that very path (the shared redirect check, lib/safe-redirect.ts).
 */
const isSitePath = (value: unknown): value is string =>
  typeof value === "string" &&
  value.length <= 200 &&
  /^\/[A-Za-z0-9/_-]*$/.test(value) &&
  sameOriginTarget(value, "https://site.invalid") === value;

/**
 * Where a page the provider returned to should move on to: the page the sign-in began on, with the
 * provider's answer (`code` and `state`, or `error`) for Amplify to complete there. Null when no social
 * sign-in is in flight, the page is not such a return, or it already is the page it began on.
 */
export const socialReturnTarget = (input: {
  readonly start: unknown;
  readonly path: string;
  readonly search: string;
  readonly inFlight: boolean;
}): string | null => {
  if (!input.inFlight || !isSitePath(input.start) || input.start === input.path) return null;
  const query = new URLSearchParams(input.search);
  const answered = (query.has("code") && query.has("state")) || query.has("error");
  return answered ? `${input.start}${input.search}` : null;
};

/** Whether Amplify has a redirect sign-in in flight in this browser (it marks it in local storage). */
export const socialRedirectInFlight = (): boolean => {
  try {
    return Object.keys(localStorage).some(
      (key) => key.endsWith(".inflightOAuth") && localStorage.getItem(key) === "true",
    );
  } catch {
    return false;
  }
};

/** Before leaving for the provider: this page is where the donor carries on. */
export const rememberSocialStart = (): void => {
  try {
    sessionStorage.setItem(SOCIAL_START_KEY, location.pathname);
  } catch {
    // No storage: the donor carries on from the root.
  }
};

/** The return is being completed on its page: the start is used up. */
export const forgetSocialStart = (): void => {
  try {
    sessionStorage.removeItem(SOCIAL_START_KEY);
  } catch {
    // Nothing stored.
  }
};

/** On a page the provider returned to: the page to move on to (see `socialReturnTarget`), or null. */
export const socialReturnElsewhere = (): string | null => {
  let start: string | null;
  try {
    start = sessionStorage.getItem(SOCIAL_START_KEY);
  } catch {
    return null;
  }
  return socialReturnTarget({
    start,
    path: location.pathname,
    search: location.search,
    inFlight: socialRedirectInFlight(),
  });
};
