import en from "../../i18n/locales/en/translation.json";
import type { TranslationKey } from "../../i18n";

/**
 * Every string a console island shows: its block of keys (those starting with `prefix`) and the
 * gate's (loading, forbidden, error). The page hands the island only these, in its language.
 */
export const islandKeys = (prefix: string): ReadonlyArray<TranslationKey> => [
  ...(Object.keys(en).filter((key) => key.startsWith(prefix)) as TranslationKey[]),
  "console_loading",
  "console_forbidden",
  "console_error",
];
