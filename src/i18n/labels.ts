import { i18nFor } from "./index";
import type { Language } from "./paths";

/**
 * The raw translations of `keys` in `lng`, placeholders kept, for an island's props: the island fills
 * them itself and does not ship i18next or the translation files.
 */
export const labelsFor = <K extends string>(
  lng: Language,
  keys: ReadonlyArray<K>,
): Readonly<Record<K, string>> => {
  const i18n = i18nFor(lng);
  return Object.fromEntries(
    keys.map((key) => {
      const text: unknown = i18n.getResource(lng, "translation", key);
      if (typeof text !== "string") throw new Error(`Missing translation ${lng}:${key}`);
      return [key, text];
    }),
  ) as Record<K, string>;
};
