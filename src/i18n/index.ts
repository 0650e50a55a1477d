import i18next, { type i18n, type TFunction } from "i18next";
import { languages, type Language } from "./paths";
import { translations } from "./translations";

export * from "./paths";
export type { TranslationKey } from "./translations";

/** Every language's resources for i18next, also served at /assets/locales/{lng}/translation.json. */
export const resources = Object.fromEntries(
  languages.map((lng) => [lng, { translation: translations[lng] }]),
) as Readonly<Record<Language, { readonly translation: (typeof translations)[Language] }>>;

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
