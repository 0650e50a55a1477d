/**
 * The NRIC a donor gives before a social sign-up, kept in this tab's session storage across the
 * provider's redirect (never in a URL, which providers and logs keep) and taken out as soon as the
 * page they return to reads it.
 */
export const SOCIAL_NRIC_KEY = "portal.socialNric";

export const keepSocialNric = (nric: string): void => {
  try {
    sessionStorage.setItem(SOCIAL_NRIC_KEY, nric.trim().toUpperCase());
  } catch {
    // No storage: the return finds no NRIC and the account is refused as unauthorised (§4).
  }
};

export const forgetSocialNric = (): void => {
  try {
    sessionStorage.removeItem(SOCIAL_NRIC_KEY);
  } catch {
    // Nothing stored.
  }
};

/** The stored NRIC, removed from storage; null when none was stored. */
export const takeSocialNric = (): string | null => {
  try {
    const nric = sessionStorage.getItem(SOCIAL_NRIC_KEY);
    sessionStorage.removeItem(SOCIAL_NRIC_KEY);
    return nric || null;
  } catch {
    return null;
  }
};
