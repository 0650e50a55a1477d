import { languages } from "./languages";

export { languages };
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = languages[0];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (languages as readonly string[]).includes(value);

/** A page's language from Astro's `currentLocale` (the default when it names none of ours). */
export const languageOf = (locale: string | undefined): Language =>
  isLanguage(locale) ? locale : defaultLanguage;

/** The path prefix of a language: empty for the default, `/{code}` for the others. */
export const languagePrefix = (lng: Language): string => (lng === defaultLanguage ? "" : `/${lng}`);

/** The language a path is in, read from its first segment. */
export const languageOfPath = (path: string): Language => {
  const first = /^\/([^/]+)/.exec(path)?.[1];
  return first !== undefined && first !== defaultLanguage && isLanguage(first)
    ? first
    : defaultLanguage;
};

/** `path` without its language prefix (`/ms/fidyah` -> `/fidyah`, `/ms` -> `/`). */
export const barePath = (path: string): string => {
  const lng = languageOfPath(path);
  return lng === defaultLanguage ? path : path.slice(languagePrefix(lng).length) || "/";
};

/** The path of `path` in language `lng`. */
export const localizedPath = (path: string, lng: Language): string => {
  const bare = barePath(path);
  if (lng === defaultLanguage) return bare;
  return bare === "/" ? `${languagePrefix(lng)}/` : `${languagePrefix(lng)}${bare}`;
};
