import i18next, { type i18n, type TFunction } from "i18next";
import en from "./locales/en/translation.json";
import ms from "./locales/ms/translation.json";
import type { Language } from "./paths";

export * from "./paths";

export type TranslationKey = keyof typeof en;

/** Both locales' resources, also served at /assets/locales/{lng}/translation.json. */
export const resources = { en: { translation: en }, ms: { translation: ms } } as const;

const instances = new Map<Language, i18n>();

/** A synchronous i18next instance per language. */
export const i18nFor = (lng: Language): i18n => {
  let instance = instances.get(lng);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng,
      fallbackLng: false,
      resources,
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    instances.set(lng, instance);
  }
  return instance;
};

export const translator = (lng: Language): TFunction => i18nFor(lng).t;
