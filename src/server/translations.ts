import { fill } from "../i18n/fill";
import type { Language } from "../i18n/paths";
import { translations, type TranslationKey as Key } from "../i18n/translations";

export type Lang = Language;

/**
 * The translation files as the server reads them (files it builds, such as the statement PDF and the
 * calendar file): plain lookups with `{{placeholders}}` filled, without an i18next instance.
 */
export const serverText =
  (lang: Lang) =>
  (key: Key, values: Readonly<Record<string, string | number>> = {}): string =>
    fill(
      translations[lang][key],
      Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
    );
