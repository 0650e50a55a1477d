import en from "../i18n/locales/en/translation.json";
import ms from "../i18n/locales/ms/translation.json";
import { fill } from "../i18n/fill";

export type Lang = "en" | "ms";
type Key = keyof typeof en;

/**
 * The translation files as the server reads them (files it builds, such as the statement PDF and the
 * calendar file): plain lookups with `{{placeholders}}` filled, without an i18next instance.
 */
export const serverText =
  (lang: Lang) =>
  (key: Key, values: Readonly<Record<string, string | number>> = {}): string =>
    fill(
      (lang === "ms" ? ms : en)[key],
      Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
    );
