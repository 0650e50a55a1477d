import en from "./locales/en/translation.json";
import ms from "./locales/ms/translation.json";
import type { Language } from "./paths";

/** The keys every language has: English's file is the reference (a unit test holds the others to it). */
export type TranslationKey = keyof typeof en;
export type Translation = Readonly<Record<TranslationKey, string>>;

/**
 * Every language's translation file (src/i18n/locales/{code}/translation.json), by language: a language
 * in src/i18n/languages.ts without its file here fails the type check.
 */
export const translations: Readonly<Record<Language, Translation>> = { en, ms };
