import { isLanguage, localizedPath, type Language } from "../i18n/paths";

/**
 * The donor's language choice, remembered in this browser (spec §1: "remembered locally … logout
 * resets it to English"; §9: the language cookie lives 10 minutes). The header's dropdown writes it;
 * the home page reads it and opens in the remembered language. Logout removes every `portal.` key
 * and an expired session clears all storage, so both reset the language to English (the page's own).
 */
export const languageKey = "portal.language";

/** Spec §9: the language choice is kept 10 minutes. */
export const LANGUAGE_MEMORY_MS = 10 * 60_000;

/** The stored form of a choice made at `now` (ms since the epoch). */
export const languageChoice = (language: Language, now: number): string =>
  JSON.stringify({ language, until: now + LANGUAGE_MEMORY_MS });

/** The remembered language, if a choice is stored and still within its 10 minutes at `now`. */
export const rememberedLanguage = (stored: string | null, now: number): Language | undefined => {
  if (stored === null) return undefined;
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== "object" || value === null) return undefined;
    const { language, until } = value as { language?: unknown; until?: unknown };
    return isLanguage(language) && typeof until === "number" && now < until ? language : undefined;
  } catch {
    return undefined;
  }
};

/** Remembers the donor's choice; storage refused, the choice lasts as long as the page. */
export const rememberLanguage = (language: Language, now: number = Date.now()): void => {
  try {
    localStorage.setItem(languageKey, languageChoice(language, now));
  } catch {
    // Storage refused or full: nothing is remembered.
  }
};

/**
 * Where a page in `pageLanguage` at `path` sends the donor whose choice `stored` is remembered at `now`:
 * the same page in the remembered language (query and fragment kept), or undefined to stay.
 */
export const languageRedirect = (
  location: { readonly pathname: string; readonly search: string; readonly hash: string },
  pageLanguage: Language,
  stored: string | null,
  now: number,
): string | undefined => {
  const language = rememberedLanguage(stored, now);
  if (language === undefined || language === pageLanguage) return undefined;
  return localizedPath(location.pathname, language) + location.search + location.hash;
};
